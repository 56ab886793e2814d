import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { serverMessages } from '../../src/server/domain-errors';
import { demoIban } from '../../src/server/seed/transaction-data';
import { createLeadScope } from '../../src/server/engine/lead-scope';
import { getTableRegistry } from '../../src/server/engine/registry';
import {
  createTransactionsService,
  type TransactionChange,
} from '../../src/server/modules/transactions/service';
import { TRX_STATUS as S } from '../../src/shared/domain/transaction-flow';
import { format, messages } from '../../src/shared/i18n/messages';
import { moneyMessages } from '../../src/shared/i18n/money-messages';
import { transactionMessages as t } from '../../src/shared/i18n/transaction-messages';
import { get, login, postForm } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * docs/money.md, transactions: creation through the generic inline save with the spec's rules, the workflow
 * steps of docs/requirements.md#calls (department, status, flow, one winner under concurrency), scope, exact amounts.
 */

const PASSWORD = 'Demo.2026';
const WHO = ['admin', 'sales_manager', 'finance', 'risk', 'sales', 'sales2'] as const;
type Who = (typeof WHO)[number];

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
const users = {} as Record<Who, { id: number; team_id: number }>;
let loginSeq = 0;

const GOOD_IBAN = demoIban('00062', '123456789');

async function addCustomer(
  team: Who,
  overrides: Record<string, unknown> = {},
  platform: 'Real' | 'Demo' | null = 'Real',
): Promise<{ id: number; login: string }> {
  const lead = await db
    .insertInto('leads')
    .values({
      name: 'Para Testi',
      team_id: users[team].team_id,
      agent_id: users[team].id,
      is_customer: 1,
      address: 'Moda Caddesi 1',
      city: 'İstanbul',
      ilce: 'Kadıköy',
      occupation_id: 2,
      tc: '10000000146',
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  loginSeq += 1;
  const login = `99${String(loginSeq).padStart(5, '0')}`;
  if (platform) {
    await db
      .insertInto('lead_platforms')
      .values({ customer_id: lead.id, login, type: platform, whitelabel_id: 1 })
      .execute();
  }
  return { id: lead.id, login };
}

function create(who: Who, inputs: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return postForm(app, '/api/inline/save/', { table: 'transactions', type: 'insert', inputs }, tokens[who]);
}

async function createOk(who: Who, inputs: Record<string, unknown>): Promise<number> {
  const response = await create(who, inputs);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

function act(
  who: Who,
  action: string,
  id: number,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return postForm(app, `/api/transaction/${action}/${id}`, body, tokens[who]);
}

function expectRefused(response: LightMyRequestResponse, status: number, msg?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ success: boolean }>().success).toBe(false);
  if (msg !== undefined) expect(response.json<{ msg: string }>().msg).toBe(msg);
}

async function row(id: number) {
  return db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function deposit(customer: { id: number; login: string }, amount = '1000'): Promise<number> {
  return createOk('sales', {
    customer_id: customer.id,
    type: 'YATIRIM',
    gateway_id: 1,
    amount,
    login: customer.login,
  });
}

async function withdrawal(customer: { id: number; login: string }, amount = '500'): Promise<number> {
  return createOk('sales', {
    customer_id: customer.id,
    type: 'ÇEKİM',
    gateway_id: 1,
    amount,
    login: customer.login,
    iban: GOOD_IBAN,
    iban_name: 'Ayşe Yılmaz',
    comment: 'Kar çekimi',
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 200 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  for (const who of WHO) {
    tokens[who] = await login(app, `${who}@demo.crm`, PASSWORD);
    const user = await db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('email', '=', `${who}@demo.crm`)
      .executeTakeFirstOrThrow();
    users[who] = { id: user.id, team_id: Number(user.team_id) };
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('creating an instruction (POST /inline/save/, table transactions)', () => {
  it('refuses a withdrawal with a bad IBAN and takes a good one, starting at 5 with server-set owners', async () => {
    const customer = await addCustomer('sales');
    const base = {
      customer_id: customer.id,
      type: 'ÇEKİM',
      gateway_id: 1,
      amount: '250',
      login: customer.login,
      iban_name: 'Ayşe Yılmaz',
      comment: 'Çekim',
    };
    for (const iban of ['TR12345', 'TR330006100519786457841327', 'DE89370400440532013000000X']) {
      expectRefused(await create('sales', { ...base, iban }), 400, t.invalidIban);
    }
    // Workflow and author fields are not the form's: naming one is refused, not silently ignored.
    expectRefused(await create('sales', { ...base, iban: GOOD_IBAN, status_id: 12 }), 400);
    const id = await createOk('sales', { ...base, iban: GOOD_IBAN.replace(/(.{4})/g, '$1 ') });
    const saved = await row(id);
    expect(saved.status_id).toBe(S.withdrawalRequested);
    expect(saved.iban).toBe(GOOD_IBAN);
    expect(saved.insert_user_id).toBe(users.sales.id);
    expect(saved.agent_id).toBe(users.sales.id);
    expect(saved.currency_id).toBe(1);
  });

  it('starts a deposit at 2 and takes free-text delivery info', async () => {
    const customer = await addCustomer('sales');
    const id = await createOk('sales', {
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 5,
      amount: '0.50',
      login: customer.login,
      delivery_iban: 'USDT cüzdanı',
    });
    const saved = await row(id);
    expect(saved.status_id).toBe(S.depositRequested);
    expect(saved.amount).toBe('0.50');
  });

  it('explains what the lead lacks, and refuses missing gateway, amount, platform and comment', async () => {
    const prospect = await addCustomer('sales', { is_customer: 0 });
    const bare = await addCustomer('sales', { tc: null, ilce: '' });
    const noPlatform = await addCustomer('sales', {}, null);
    const demoOnly = await addCustomer('sales', {}, 'Demo');
    const ok = await addCustomer('sales');
    const deposit = (customer: { id: number; login: string }, extra: Record<string, unknown> = {}) =>
      create('sales', {
        customer_id: customer.id,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '10',
        login: customer.login,
        ...extra,
      });
    expectRefused(await deposit(prospect), 400, t.convertFirst);
    expectRefused(await deposit(bare), 400, format(t.missingLeadFields, { fields: 'İlçe, TC Kimlik No' }));
    expectRefused(await deposit(noPlatform), 400, t.noPlatformDetail);
    // A DEMO account is no platform for money: only REAL ones count (see docs/requirements.md#money-importer-and-lead-input).
    expectRefused(await deposit(demoOnly), 400, t.noPlatformDetail);
    const required = (field: string) => format(serverMessages.requiredField, { field });
    expectRefused(await deposit(ok, { gateway_id: '' }), 400, required('Ödeme Yöntemi'));
    expectRefused(
      await create('sales', { customer_id: ok.id, type: 'YATIRIM', amount: '10', login: ok.login }),
      400,
      t.gatewayRequired,
    );
    expectRefused(await deposit(ok, { gateway_id: 3 }), 400, t.gatewayInvalid);
    expectRefused(await deposit(ok, { amount: '' }), 400, required('Tutar'));
    expectRefused(await deposit(ok, { login: '' }), 400, required('Platform Hesabı'));
    expectRefused(await deposit(ok, { login: demoOnly.login }), 400, t.platformNotReal);
    expectRefused(
      await deposit(ok, { type: 'ÇEKİM', iban: GOOD_IBAN, iban_name: 'X' }),
      400,
      t.commentRequired,
    );
    expectRefused(
      await deposit(ok, { type: 'ÇEKİM', gateway_id: 5, comment: 'x', iban: 'T123' }),
      400,
      t.walletRequired,
    );
    expectRefused(
      await deposit(ok, { type: 'ÇEKİM', comment: 'x', iban: GOOD_IBAN }),
      400,
      t.ibanNameRequired,
    );
    expectRefused(await deposit(ok, { type: 'HAVALE' }), 400, t.typeInvalid);
  });

  it('accepts a remitter of this lead only', async () => {
    const customer = await addCustomer('sales');
    const other = await addCustomer('sales');
    const remitter = await db
      .insertInto('lead_remitters')
      .values({ lead_id: other.id, name: 'Başkası', tc: '10000000146' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await db
      .insertInto('lead_remitters')
      .values({ lead_id: customer.id, name: 'Eşi', tc: '10000000146' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount: '10',
      login: customer.login,
    };
    expectRefused(
      await create('sales', { ...base, lead_remitter_id: remitter.id }),
      400,
      t.remitterNotOfLead,
    );
    await createOk('sales', { ...base, lead_remitter_id: own.id });
  });
});

describe('scope', () => {
  it('a sales agent can neither create nor read transactions of a lead outside their scope', async () => {
    const foreign = await addCustomer('sales2');
    const response = await create('sales', {
      customer_id: foreign.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount: '10',
      login: foreign.login,
    });
    expectRefused(response, 404, messages.recordNotFound);
    expect(
      await db.selectFrom('transactions').select('id').where('customer_id', '=', foreign.id).execute(),
    ).toEqual([]);

    const theirs = await createOk('sales2', {
      customer_id: foreign.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount: '10',
      login: foreign.login,
    });
    const list = await postForm(
      app,
      '/api/table/transactions',
      { limit: 500, filters: [{ name: 'customer_id', type: 1, value: String(foreign.id) }] },
      tokens.sales,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ results: unknown[] }>().results).toEqual([]);
    expectRefused(
      await postForm(app, `/api/transaction/leadInfo?trx=${theirs}`, {}, tokens.sales),
      404,
      messages.recordNotFound,
    );
    expectRefused(
      await postForm(app, `/api/transaction/journal/${theirs}`, {}, tokens.sales),
      404,
      messages.recordNotFound,
    );
    const search = await postForm(app, '/api/searchTrx', { keyword: foreign.login }, tokens.sales);
    expect(search.json<{ results: unknown[] }>().results).toEqual([]);
    const own = await postForm(app, '/api/searchTrx', { keyword: foreign.login }, tokens.sales2);
    expect(own.json<{ results: { id: number; customer_id: number }[] }>().results).toEqual([
      expect.objectContaining({ id: theirs, customer_id: foreign.id }),
    ]);
    const info = await postForm(app, `/api/transaction/leadInfo?trx=${theirs}`, {}, tokens.finance);
    expect(info.json<{ result: { id: number; city: string } }>().result).toMatchObject({
      id: foreign.id,
      city: 'İstanbul',
    });
  });

  it('finance and risk read every transaction but cannot create one', async () => {
    const customer = await addCustomer('sales');
    expectRefused(
      await create('finance', {
        customer_id: customer.id,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '10',
        login: customer.login,
      }),
      403,
    );
    const id = await deposit(customer);
    const list = await postForm(
      app,
      '/api/table/transactions',
      { filters: [{ name: 'id', type: 1, value: String(id) }] },
      tokens.risk,
    );
    expect(list.json<{ results: { id: number }[] }>().results.map((r) => r.id)).toEqual([id]);
  });
});

describe('exact amounts', () => {
  it('0.1 and 0.2 come back exactly (with two decimals) and add up to 0.30 in SQL', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer, '0.1');
    const ok = await act('finance', 'depositOk', id, { amount_bank: '0.2' });
    expect(ok.statusCode, ok.body).toBe(200);
    const list = await postForm(
      app,
      '/api/table/transactions',
      { fields: ['id', 'amount', 'amount_bank'], filters: [{ name: 'id', type: 1, value: String(id) }] },
      tokens.admin,
    );
    expect(list.json<{ results: Record<string, unknown>[] }>().results[0]).toMatchObject({
      amount: '0.10',
      amount_bank: '0.20',
    });
    const { rows } = await sql<{
      total: string;
    }>`select (amount + amount_bank)::text as total from transactions where id = ${id}`.execute(db);
    expect(rows[0]?.total).toBe('0.30');
    // Eight decimals in a crypto coin (currency 5, USDT); see docs/money.md#reading-amounts.
    const big = await createOk('sales', {
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 5,
      amount: '12345678901234.12345678',
      currency_id: 5,
      login: customer.login,
    });
    expect((await row(big)).amount).toBe('12345678901234.12345678');
    expectRefused(
      await create('sales', {
        customer_id: customer.id,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '1.123456789',
        currency_id: 5,
        login: customer.login,
      }),
      400,
    );
    expectRefused(
      await act('finance', 'depositOk', big, { amount_bank: '1e3' }),
      400,
      format(moneyMessages.malformed, { field: moneyMessages.bankAmountLabel }),
    );
  });
});

describe('workflow', () => {
  it('withdrawal: finance approves with a bank amount (14), risk with platform and bank amounts (16), all journaled', async () => {
    const customer = await addCustomer('sales');
    const id = await withdrawal(customer);
    const finance = await act('finance', 'finansOkWithdrawal', id, { amount_bank: '500.00' });
    expect(finance.statusCode, finance.body).toBe(200);
    let saved = await row(id);
    expect(saved).toMatchObject({
      status_id: 14,
      amount_bank: '500.00',
      bank_currency_id: 6,
      finance_approve_status: 1,
    });
    expect(saved.finance_approve_date).not.toBeNull();
    const risk = await act('risk', 'riskOkWithdrawal', id, { amount_platform: '15.6', amount_bank: '500' });
    expect(risk.statusCode, risk.body).toBe(200);
    saved = await row(id);
    expect(saved).toMatchObject({
      status_id: 16,
      amount_platform: '15.60',
      platform_currency_id: 1,
      risk_approve_status: 1,
    });
    const journal = await postForm(app, `/api/transaction/journal/${id}`, {}, tokens.sales);
    expect(journal.statusCode, journal.body).toBe(200);
    const entries = journal.json<{
      results: {
        action: string;
        agent_id: number;
        values: Record<string, { old: string | null; new: string | null }>;
      }[];
    }>().results;
    expect(entries.map((e) => e.action)).toEqual(['create', 'finansOkWithdrawal', 'riskOkWithdrawal']);
    expect(entries[1]).toMatchObject({
      agent_id: users.finance.id,
      values: { status_id: { old: '5', new: '14' }, amount_bank: { old: null, new: '500.00' } },
    });
    expect(entries[2]).toMatchObject({
      agent_id: users.risk.id,
      values: { status_id: { old: '14', new: '16' } },
    });
  });

  it('deposit: finance rejects with a reason, and the reason is required', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    expectRefused(await act('finance', 'depositBlocked', id, { comment: '' }), 400, t.reasonRequired);
    const response = await act('finance', 'depositBlocked', id, { comment: 'Dekont sahte' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await row(id)).toMatchObject({
      status_id: S.financeRejected,
      finance_approve_status: 3,
      comment: 'Dekont sahte',
    });
  });

  it('refuses every action to the wrong department', async () => {
    const customer = await addCustomer('sales');
    const dep = await deposit(customer);
    const wd = await withdrawal(customer);
    const approvedDep = await deposit(customer);
    expect((await act('finance', 'depositOk', approvedDep, { amount_bank: '1' })).statusCode).toBe(200);
    const approvedWd = await withdrawal(customer);
    expect((await act('finance', 'finansOkWithdrawal', approvedWd, { amount_bank: '1' })).statusCode).toBe(
      200,
    );
    const cases: [string, number, Record<string, unknown>, Who[]][] = [
      ['deliveryIban', dep, { delivery_iban: 'TR..' }, ['risk', 'sales', 'admin']],
      ['depositOk', dep, { amount_bank: '1' }, ['risk', 'sales', 'admin', 'sales_manager']],
      ['depositCanceled', dep, {}, ['risk', 'sales', 'admin']],
      ['depositBlocked', dep, { comment: 'x' }, ['risk', 'sales']],
      ['finansOkWithdrawal', wd, { amount_bank: '1' }, ['risk', 'sales', 'admin']],
      ['riskOk', approvedDep, { amount_platform: '1' }, ['finance', 'sales', 'admin']],
      [
        'riskOkWithdrawal',
        approvedWd,
        { amount_platform: '1', amount_bank: '1' },
        ['finance', 'sales', 'sales_manager'],
      ],
      ['riskCanceled', approvedDep, {}, ['finance', 'sales']],
      ['riskBlocked', approvedDep, { comment: 'x' }, ['finance', 'sales']],
      ['changeComment', dep, { comment: 'x' }, ['sales']],
      ['changeStatus', dep, { status_id: S.onHold }, ['risk', 'sales']],
    ];
    for (const [action, id, body, wrong] of cases) {
      for (const who of wrong) {
        const response = await act(who, action, id, body);
        expect(response.statusCode, `${action} by ${who}: ${response.body}`).toBe(403);
      }
    }
    expect((await row(dep)).status_id).toBe(S.depositRequested);
    expect((await row(approvedWd)).status_id).toBe(S.financeApproved);
  });

  it('refuses every action in the wrong status or on the wrong type', async () => {
    const customer = await addCustomer('sales');
    const dep = await deposit(customer);
    const wd = await withdrawal(customer);
    const done = await deposit(customer);
    expect((await act('finance', 'depositOk', done, { amount_bank: '1' })).statusCode).toBe(200);
    expect((await act('risk', 'riskOk', done, { amount_platform: '1' })).statusCode).toBe(200);
    const cases: [Who, string, number, Record<string, unknown>, number][] = [
      ['risk', 'riskOk', dep, { amount_platform: '1' }, 409],
      ['risk', 'riskCanceled', dep, {}, 409],
      ['risk', 'riskBlocked', dep, { comment: 'x' }, 409],
      ['risk', 'riskOkWithdrawal', wd, { amount_platform: '1', amount_bank: '1' }, 409],
      ['finance', 'depositOk', done, { amount_bank: '1' }, 409],
      ['finance', 'depositCanceled', done, {}, 409],
      ['finance', 'depositBlocked', done, { comment: 'x' }, 409],
      ['finance', 'deliveryIban', done, { delivery_iban: 'x' }, 409],
      ['risk', 'riskOk', done, { amount_platform: '1' }, 409],
      ['finance', 'finansOkWithdrawal', dep, { amount_bank: '1' }, 400],
      ['finance', 'depositOk', wd, { amount_bank: '1' }, 400],
      ['finance', 'changeStatus', dep, { status_id: S.riskApproved }, 409],
      ['finance', 'changeStatus', dep, { status_id: S.financeApproved }, 400],
    ];
    for (const [who, action, id, body, status] of cases) {
      const response = await act(who, action, id, body);
      expect(response.statusCode, `${action} by ${who}: ${response.body}`).toBe(status);
    }
    const next = await act('finance', 'changeStatus', dep, { status_id: S.onHold });
    expect(next.statusCode, next.body).toBe(200);
    expect((await row(dep)).status_id).toBe(S.onHold);
  });

  it('50 simultaneous approvals of one transaction give exactly one success', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => act('finance', 'depositOk', id, { amount_bank: '1000' })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const { rows } = await sql<{
      n: string;
    }>`select count(*)::text as n from transaction_journal where transaction_id = ${id} and action <> 'create'`.execute(
      db,
    );
    expect(rows[0]?.n).toBe('1');
  });

  it('a generic edit cannot change status, approvals or amounts; admin and sales_manager may edit the data', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const locked = await postForm(
      app,
      '/api/detail/save/',
      { table: 'transactions', id, inputs: { status_id: 12 } },
      tokens.admin,
    );
    expectRefused(locked, 400, t.workflowFieldsLocked);
    const edit = await postForm(
      app,
      '/api/detail/save/',
      { table: 'transactions', id, inputs: { comment: 'Düzeltildi', amount: '1000.50' } },
      tokens.sales_manager,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await row(id)).toMatchObject({
      comment: 'Düzeltildi',
      amount: '1000.50',
      status_id: S.depositRequested,
    });
    expectRefused(
      await postForm(
        app,
        '/api/detail/save/',
        { table: 'transactions', id, inputs: { comment: 'x' } },
        tokens.sales,
      ),
      400,
    );
  });

  it('lists statuses with their flows; a broken flow written by an admin is refused', async () => {
    const statuses = await get(app, '/api/transaction/statuses', tokens.finance);
    const results = statuses.json<{
      results: { id: number; label: string; flow: Record<string, number[]> }[];
    }>().results;
    expect(results.find((s) => s.id === S.depositRequested)?.flow.finance).toContain(S.financeApproved);
    const list = await postForm(
      app,
      '/api/table/transaction_statuses',
      { filters: [{ name: 'value', type: 1, value: '2' }] },
      tokens.admin,
    );
    const statusRow = list.json<{ results: { id: number }[] }>().results[0];
    expect(statusRow).toBeDefined();
    const bad = await postForm(
      app,
      '/api/detail/save/',
      { table: 'transaction_statuses', id: statusRow?.id, inputs: { flow: '{"finance": "14"}' } },
      tokens.admin,
    );
    expectRefused(bad, 400, t.invalidFlow);
  });

  it('eligibility names what is missing and the REAL platforms', async () => {
    const customer = await addCustomer('sales', { address: null });
    const answer = await postForm(app, `/api/transaction/eligibility/${customer.id}`, {}, tokens.sales);
    expect(answer.json()).toEqual({
      is_customer: true,
      missing: ['Adres'],
      platforms: [{ login: customer.login, whitelabel_id: 1 }],
    });
  });
});

describe('live pushes', () => {
  it('tells finance, risk, managers and the customer agent of a committed step, and of a new instruction', async () => {
    const pushed: { change: TransactionChange; userIds: readonly number[] }[] = [];
    const registry = getTableRegistry(db);
    const service = createTransactionsService({
      db,
      registry,
      leadScope: createLeadScope(db, registry),
      push: (change, userIds) => pushed.push({ change, userIds }),
    });
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const group = await db
      .selectFrom('users')
      .select(['user_group_id'])
      .where('id', '=', users.finance.id)
      .executeTakeFirstOrThrow();
    const finance = {
      id: users.finance.id,
      team_id: users.finance.team_id,
      user_group_id: group.user_group_id,
      department: 'finance',
    };
    await service.act(finance, 'depositOk', id, { amount_bank: '10', bank_currency_id: 6 });
    await expect.poll(() => pushed.length).toBe(1);
    expect(pushed[0]?.change).toEqual({
      id,
      customer_id: customer.id,
      status_id: S.financeApproved,
      action: 'depositOk',
    });
    for (const who of ['admin', 'sales_manager', 'finance', 'risk', 'sales'] as const) {
      expect(pushed[0]?.userIds).toContain(users[who].id);
    }
    expect(pushed[0]?.userIds).not.toContain(users.sales2.id);
    // A refused step is no news.
    await expect(service.act(finance, 'depositOk', id, { amount_bank: '10' })).rejects.toThrow();
    service.announce([id], 'create');
    await expect.poll(() => pushed.length).toBe(2);
    expect(pushed[1]?.change.action).toBe('create');
  });
});
