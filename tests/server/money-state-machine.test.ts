import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { createLeadScope } from '../../src/server/engine/lead-scope';
import { getTableRegistry } from '../../src/server/engine/registry';
import { createTransactionsService } from '../../src/server/modules/transactions/service';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { demoIban } from '../../src/server/seed/transaction-data';
import { APPROVAL, TRX_STATUS as S } from '../../src/shared/domain/transaction-flow';
import { approvalViolation, moneyLocked } from '../../src/shared/domain/transaction-state';
import { format, messages } from '../../src/shared/i18n/messages';
import { transactionMessages as t } from '../../src/shared/i18n/transaction-messages';
import { forgetCaches } from './support/caches';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * The money state machine on every path that can carry a change (docs/money.md): the workflow calls,
 * the generic inline, detail and bulk saves, bulk delete and the importer. Each forbidden change is tried
 * as each department and must leave the row and its journal exactly as they were.
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
const OTHER_IBAN = demoIban('00062', '987654321');

interface Customer {
  id: number;
  login: string;
}

async function addCustomer(team: Who): Promise<Customer> {
  const lead = await db
    .insertInto('leads')
    .values({
      name: 'Durum Makinesi',
      team_id: users[team].team_id,
      agent_id: users[team].id,
      is_customer: 1,
      address: 'Moda Caddesi 1',
      city: 'İstanbul',
      ilce: 'Kadıköy',
      occupation_id: 2,
      tc: '10000000146',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  loginSeq += 1;
  const login = `88${String(loginSeq).padStart(5, '0')}`;
  await db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login, type: 'Real', whitelabel_id: 1 })
    .execute();
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

function act(who: Who, action: string, id: number, body: Record<string, unknown> = {}) {
  return postForm(app, `/api/transaction/${action}/${id}`, body, tokens[who]);
}

async function actOk(who: Who, action: string, id: number, body: Record<string, unknown> = {}) {
  const response = await act(who, action, id, body);
  expect(response.statusCode, `${action} by ${who}: ${response.body}`).toBe(200);
}

const deposit = (customer: Customer, amount = '1000'): Promise<number> =>
  createOk('sales', {
    customer_id: customer.id,
    type: 'YATIRIM',
    gateway_id: 1,
    amount,
    login: customer.login,
  });

const withdrawal = (customer: Customer, amount = '500'): Promise<number> =>
  createOk('sales', {
    customer_id: customer.id,
    type: 'ÇEKİM',
    gateway_id: 1,
    amount,
    login: customer.login,
    iban: GOOD_IBAN,
    iban_name: 'Ayşe Yılmaz',
    comment: 'Kar çekimi',
  });

async function completedDeposit(customer: Customer): Promise<number> {
  const id = await deposit(customer);
  await actOk('finance', 'depositOk', id, { amount_bank: '1000' });
  await actOk('risk', 'riskOk', id, { amount_platform: '1000' });
  return id;
}

async function riskApprovedWithdrawal(customer: Customer): Promise<number> {
  const id = await withdrawal(customer);
  await actOk('finance', 'finansOkWithdrawal', id, { amount_bank: '500' });
  await actOk('risk', 'riskOkWithdrawal', id, { amount_platform: '500', amount_bank: '500' });
  return id;
}

/** The row and its whole journal: what "nothing written and nothing journaled" compares. */
async function snapshot(id: number): Promise<string> {
  const row = await db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const journal = await db
    .selectFrom('transaction_journal')
    .selectAll()
    .where('transaction_id', '=', id)
    .orderBy('id')
    .execute();
  return JSON.stringify({ row, journal });
}

async function expectUnchanged(
  id: number,
  attempt: () => Promise<LightMyRequestResponse>,
  label: string,
): Promise<LightMyRequestResponse> {
  const before = await snapshot(id);
  const response = await attempt();
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  expect(await snapshot(id), label).toBe(before);
  return response;
}

const detailSave = (who: Who, id: number, inputs: Record<string, unknown>) =>
  postForm(app, '/api/detail/save/', { table: 'transactions', id, inputs }, tokens[who]);
const inlineSave = (who: Who, id: number, fieldName: string, fieldValue: string) =>
  postForm(
    app,
    '/api/inline/save/',
    { table: 'transactions', keyName: 'id', keyValue: String(id), fieldName, fieldValue },
    tokens[who],
  );
const bulkSave = (who: Who, ids: number[], fieldName: string, fieldValue: string) =>
  postForm(app, '/api/bulk/save/', { table: 'transactions', ids, fieldName, fieldValue }, tokens[who]);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 100 });
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

describe('approved money is immutable, on every generic path, for every department', () => {
  const FORBIDDEN: [string, (customer: Customer) => string][] = [
    ['type', () => 'ÇEKİM'],
    ['amount', () => '1'],
    ['currency_id', () => '2'],
    ['login', (customer) => customer.login],
    ['iban', () => OTHER_IBAN],
    ['created_at', () => '2001-01-01 10:00:00'],
    ['status_id', () => String(S.depositRequested)],
    ['finance_approve_status', () => '0'],
    ['risk_approve_date', () => '2026-01-01 10:00:00'],
    ['insert_user_id', () => '1'],
  ];

  it('a completed deposit cannot be rewritten through detail, inline or bulk save', async () => {
    const customer = await addCustomer('sales');
    const other = await addCustomer('sales');
    const id = await completedDeposit(customer);
    for (const who of WHO) {
      for (const [field, value] of FORBIDDEN) {
        const target = field === 'login' ? other : customer;
        await expectUnchanged(
          id,
          () => detailSave(who, id, { [field]: value(target) }),
          `detail ${field} ${who}`,
        );
        await expectUnchanged(id, () => inlineSave(who, id, field, value(target)), `inline ${field} ${who}`);
        await expectUnchanged(id, () => bulkSave(who, [id], field, value(target)), `bulk ${field} ${who}`);
      }
    }
    // The issue's own attack: a completed deposit made into a 1-unit withdrawal.
    const attack = await expectUnchanged(
      id,
      () => detailSave('sales_manager', id, { type: 'ÇEKİM', amount: '1' }),
      'deposit into withdrawal',
    );
    expect(attack.json<{ msg: string }>().msg).toBe(t.typeLocked);
  });

  it('a risk-approved withdrawal keeps its IBAN, amount, login and type; its comment stays editable', async () => {
    const customer = await addCustomer('sales');
    const foreign = await addCustomer('sales2');
    const id = await riskApprovedWithdrawal(customer);
    for (const who of ['admin', 'sales_manager'] as const) {
      const iban = await expectUnchanged(id, () => detailSave(who, id, { iban: OTHER_IBAN }), `iban ${who}`);
      expect(iban.json<{ msg: string }>().msg).toBe(t.moneyLocked);
      await expectUnchanged(id, () => detailSave(who, id, { amount: '499' }), `amount ${who}`);
      await expectUnchanged(id, () => detailSave(who, id, { login: foreign.login }), `login ${who}`);
      await expectUnchanged(id, () => detailSave(who, id, { iban_name: 'Başka Biri' }), `holder ${who}`);
    }
    const comment = await detailSave('admin', id, { comment: 'Müşteri aradı' });
    expect(comment.statusCode, comment.body).toBe(200);
    const journal = await db
      .selectFrom('transaction_journal')
      .selectAll()
      .where('transaction_id', '=', id)
      .where('action', '=', 'edit')
      .execute();
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({
      agent_id: users.admin.id,
      status_before: S.riskApproved,
      status_after: S.riskApproved,
    });
    expect(journal[0]?.values).toMatchObject({ comment: { old: 'Kar çekimi', new: 'Müşteri aradı' } });
  });

  it('before finance approves, admin and sales_manager edits are journaled with old and new values', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer, '1000');
    const response = await detailSave('sales_manager', id, { amount: '1250.50' });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await db
      .selectFrom('transaction_journal')
      .selectAll()
      .where('transaction_id', '=', id)
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    expect(entry.agent_id).toBe(users.sales_manager.id);
    expect(entry.values).toMatchObject({ amount: { old: '1000.00', new: '1250.50' } });
  });

  it('only admin and sales_manager edit; a login must be one of the same customer', async () => {
    const customer = await addCustomer('sales');
    const foreign = await addCustomer('sales2');
    const id = await deposit(customer);
    for (const who of ['finance', 'risk', 'sales'] as const) {
      // Refused by the table's flags where the group may not write, else by the transaction's own rule.
      const refused = await expectUnchanged(id, () => detailSave(who, id, { comment: 'x' }), `edit ${who}`);
      if (who !== 'sales')
        expect([t.editorsOnly, messages.forbidden]).toContain(refused.json<{ msg: string }>().msg);
    }
    const foreignLogin = await expectUnchanged(
      id,
      () => detailSave('admin', id, { login: foreign.login }),
      'foreign login',
    );
    expect(foreignLogin.json<{ msg: string }>().msg).toBe(t.platformNotReal);
  });

  it('a completed transaction cannot be deleted; a fresh one can, and its journal goes with it', async () => {
    const customer = await addCustomer('sales');
    const done = await completedDeposit(customer);
    // The admin group gets the delete flag on transactions for this case (the demo grants it nobody).
    const admins = await db
      .selectFrom('users')
      .select('user_group_id')
      .where('id', '=', users.admin.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('permissions')
      .set({ delete: 1 })
      .where('user_group_id', '=', Number(admins.user_group_id))
      .where('table_name', '=', 'transactions')
      .execute();
    await forgetCaches(app);
    const refused = await expectUnchanged(
      done,
      () => postForm(app, '/api/bulk/remove/', { table: 'transactions', ids: [done] }, tokens.admin),
      'delete completed',
    );
    expect(refused.json<{ msg: string }>().msg).toBe(t.deleteLocked);
    const fresh = await deposit(customer);
    const removed = await postForm(
      app,
      '/api/bulk/remove/',
      { table: 'transactions', ids: [fresh] },
      tokens.admin,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from transaction_journal
      where transaction_id = ${fresh}`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('creation: server-owned fields and bounded back-dating', () => {
  it('an agent cannot back-date by 25 years; within the bound the real entry time is kept and journaled', async () => {
    const customer = await addCustomer('sales');
    const base = {
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount: '100',
      login: customer.login,
    };
    const old = await create('sales', { ...base, created_at: '2001-11-28 10:00:00' });
    expect(old.statusCode, old.body).toBe(400);
    expect(old.json<{ message?: string; msg?: string }>().msg ?? '').toBe(
      format(t.backDateRange, { days: 31 }),
    );
    const ahead = await create('sales', { ...base, created_at: '2099-01-01 10:00:00' });
    expect(ahead.statusCode, ahead.body).toBe(400);
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const id = await createOk('sales', { ...base, created_at: `${day} 09:30:00` });
    const saved = await db
      .selectFrom('transactions')
      .select(['created_at', 'entered_at', 'insert_user_id', 'status_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(String(saved.created_at)).toContain('09:30:00');
    expect(saved.insert_user_id).toBe(users.sales.id);
    expect(saved.status_id).toBe(S.depositRequested);
    const creation = await db
      .selectFrom('transaction_journal')
      .selectAll()
      .where('transaction_id', '=', id)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(creation.values).toHaveProperty('created_at');
  });

  it('status, approvals, creator and owners sent with an insert are ignored or refused', async () => {
    const customer = await addCustomer('sales');
    const base = {
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount: '100',
      login: customer.login,
    };
    const serverOwned: Record<string, unknown> = {
      status_id: S.depositCompleted,
      finance_approve_status: APPROVAL.approved,
      risk_approve_status: APPROVAL.approved,
      amount_platform: '100',
      reverses_id: 1,
      entered_at: '2001-01-01 00:00:00',
      locked_at: '2001-01-01 00:00:00',
      insert_user_id: users.admin.id,
    };
    for (const [name, value] of Object.entries(serverOwned)) {
      const response = await create('sales', { ...base, [name]: value });
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode !== 200) continue;
      const saved = await db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', response.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      expect(saved, name).toMatchObject({
        status_id: S.depositRequested,
        finance_approve_status: null,
        risk_approve_status: null,
        amount_platform: null,
        reverses_id: null,
        locked_at: null,
        insert_user_id: users.sales.id,
      });
      expect(String(saved.entered_at)).not.toContain('2001');
    }
  });

  it('the importer cannot bring a transaction in at a completed status', async () => {
    const customer = await addCustomer('sales');
    const excelId = `para_${'a'.repeat(11)}`;
    const response = await postJson(
      app,
      '/api/bulk/insert/',
      {
        table: 'transactions',
        excelId,
        fileName: 'para.xlsx',
        chunk: 0,
        chunks: 1,
        total: 1,
        inputs: {
          columns: [
            'customer_id',
            'type',
            'gateway_id',
            'amount',
            'login',
            'status_id',
            'finance_approve_status',
          ],
          data: [[String(customer.id), 'YATIRIM', '1', '1.000', customer.login, '12', '1']],
        },
      },
      tokens.admin,
    );
    const rows = await db
      .selectFrom('transactions')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    if (response.statusCode === 200) {
      // Taken as a new instruction: its initial status, no approvals, the amount read the Turkish way.
      for (const row of rows) {
        expect(row.status_id).toBe(S.depositRequested);
        expect(row.finance_approve_status).toBeNull();
        expect(row.amount).toBe('1000.00');
      }
    } else {
      expect(response.statusCode).toBeLessThan(500);
      expect(rows).toHaveLength(0);
    }
  });
});

describe('the workflow calls follow the flow of the type and record every approval', () => {
  it('risk cannot move a withdrawal from 14 to 12; nothing reaches 12 without both approvals', async () => {
    const customer = await addCustomer('sales');
    const id = await withdrawal(customer);
    await actOk('finance', 'finansOkWithdrawal', id, { amount_bank: '500' });
    for (const who of WHO) {
      await expectUnchanged(
        id,
        () => act(who, 'changeStatus', id, { status_id: S.depositCompleted }),
        `14 -> 12 by ${who}`,
      );
    }
    const dep = await deposit(customer);
    for (const who of WHO) {
      for (const status of [S.depositCompleted, S.riskApproved, S.paymentSent, S.financeApproved]) {
        await expectUnchanged(
          dep,
          () => act(who, 'changeStatus', dep, { status_id: status }),
          `${status} by ${who}`,
        );
      }
    }
  });

  it('a status change to a cancellation runs the decision: its approval status is recorded', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await actOk('finance', 'changeStatus', id, { status_id: S.financeCancelled });
    const saved = await db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      status_id: S.financeCancelled,
      finance_approve_status: APPROVAL.cancelled,
    });
    const last = await db
      .selectFrom('transaction_journal')
      .selectAll()
      .where('transaction_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      action: 'depositCanceled',
      agent_id: users.finance.id,
      status_before: S.depositRequested,
      status_after: S.financeCancelled,
    });
  });

  it('the journal is true: creation with its first status, each step before and after, newest-first at /journal/transactions', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const answer = await postForm(app, `/api/transaction/journal/${id}`, {}, tokens.finance);
    expect(answer.statusCode, answer.body).toBe(200);
    const entries = answer.json<{
      results: {
        action: string;
        status_before: number | null;
        status_after: number | null;
        agent_id: number;
      }[];
    }>().results;
    expect(entries.map((e) => [e.action, e.status_before, e.status_after])).toEqual([
      ['create', null, S.depositRequested],
      ['depositOk', S.depositRequested, S.financeApproved],
      ['riskOk', S.financeApproved, S.depositCompleted],
    ]);
    expect(entries[0]?.agent_id).toBe(users.sales.id);
    const generic = await postForm(app, `/api/journal/transactions/${id}`, {}, tokens.finance);
    expect(generic.statusCode, generic.body).toBe(200);
    const page = generic.json<{ results: { values: Record<string, { old: unknown; new: unknown }> }[] }>();
    expect(page.results).toHaveLength(3);
    expect(page.results[0]?.values.status_id).toEqual({
      old: String(S.financeApproved),
      new: String(S.depositCompleted),
    });
    // Another team's agent gets the same 404 as for a missing transaction.
    const foreign = await postForm(app, `/api/journal/transactions/${id}`, {}, tokens.sales2);
    const missing = await postForm(app, `/api/journal/transactions/999999999`, {}, tokens.sales2);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('the journal table refuses UPDATE and DELETE in the database itself', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await expect(
      sql`update transaction_journal set action = 'x' where transaction_id = ${id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from transaction_journal where transaction_id = ${id}`.execute(db),
    ).rejects.toThrow(/append-only/);
  });
});

describe('reversal: a completed transaction is corrected by a linked one', () => {
  it('finance reverses a completed deposit once; both are journaled; others and unfinished ones are refused', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const pending = await deposit(customer);
    expect((await act('sales', 'reverse', id, { comment: 'Yanlış hesap' })).statusCode).toBe(403);
    await expectUnchanged(
      pending,
      () => act('finance', 'reverse', pending, { comment: 'x' }),
      'reverse pending',
    );
    const first = await act('finance', 'reverse', id, { comment: 'Yanlış hesap' });
    expect(first.statusCode, first.body).toBe(200);
    const reversalId = first.json<{ id: number }>().id;
    const reversal = await db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', reversalId)
      .executeTakeFirstOrThrow();
    expect(reversal).toMatchObject({
      type: 'ÇEKİM',
      amount: '1000.00',
      reverses_id: id,
      status_id: S.withdrawalRequested,
      insert_user_id: users.finance.id,
      customer_id: customer.id,
    });
    await expectUnchanged(id, () => act('admin', 'reverse', id, { comment: 'Tekrar' }), 'second reversal');
    const journal = await db
      .selectFrom('transaction_journal')
      .select(['action', 'transaction_id'])
      .where('transaction_id', 'in', [id, reversalId])
      .where('action', 'in', ['reverse', 'create'])
      .execute();
    expect(journal).toContainEqual({ action: 'reverse', transaction_id: id });
    expect(journal).toContainEqual({ action: 'create', transaction_id: reversalId });
  });
});

describe('queues and pushes', () => {
  it("each department's queue is the statuses its flow acts on", async () => {
    const queue = async (who: Who) =>
      (await get(app, '/api/transaction/queue', tokens[who])).json<{
        statuses: number[];
        sla_hours: number;
      }>();
    const finance = await queue('finance');
    expect(finance.statuses).toEqual(
      expect.arrayContaining([S.depositRequested, S.withdrawalRequested, S.riskApproved]),
    );
    expect(finance.statuses).not.toContain(S.financeApproved);
    expect(finance.sla_hours).toBe(24);
    expect((await queue('risk')).statuses).toEqual([S.financeApproved]);
    expect((await queue('sales')).statuses).toEqual([]);
  });

  it('after a customer moves to another agent, the former agent no longer hears of its transactions', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const service = createTransactionsService({
      db,
      registry: getTableRegistry(db),
      leadScope: createLeadScope(db, getTableRegistry(db)),
      push: () => undefined,
    });
    const row = await db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await service.audience(row)).toContain(users.sales.id);
    await db
      .updateTable('leads')
      .set({ agent_id: users.sales2.id, team_id: users.sales2.team_id })
      .where('id', '=', customer.id)
      .execute();
    const audience = await service.audience({ ...row, insert_user_id: null });
    expect(audience).not.toContain(users.sales.id);
    expect(audience).toContain(users.sales2.id);
  });
});

/** A small deterministic generator, so a failing sequence can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('property: random steps by random departments', () => {
  it('never reach a completed or approved status without the approvals, never change an approved amount', async () => {
    const random = prng(20261128);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const customer = await addCustomer('sales');
    const ids = [
      await deposit(customer, '700'),
      await deposit(customer, '800'),
      await withdrawal(customer, '300'),
      await withdrawal(customer, '400'),
    ];
    const actions: [string, () => Record<string, unknown>][] = [
      ['changeStatus', () => ({ status_id: 1 + Math.floor(random() * 16) })],
      ['depositOk', () => ({ amount_bank: '10' })],
      ['finansOkWithdrawal', () => ({ amount_bank: '10' })],
      ['riskOk', () => ({ amount_platform: '10' })],
      ['riskOkWithdrawal', () => ({ amount_platform: '10', amount_bank: '10' })],
      ['depositCanceled', () => ({})],
      ['depositBlocked', () => ({ comment: 'neden' })],
      ['riskCanceled', () => ({})],
      ['riskBlocked', () => ({ comment: 'neden' })],
      ['changeComment', () => ({ comment: 'not' })],
    ];
    const approvedAmount = new Map<number, string>();
    for (let step = 0; step < 400; step += 1) {
      const id = pick(ids);
      const who = pick(WHO);
      const roll = random();
      if (roll < 0.7) {
        const [name, body] = pick(actions);
        await act(who, name, id, body());
      } else if (roll < 0.85) {
        await detailSave(who, id, { amount: String(1 + Math.floor(random() * 999)) });
      } else {
        await bulkSave(who, [id], pick(['amount', 'type', 'login', 'status_id']), '5');
      }
      const row = await db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(approvalViolation(row), `step ${step}: ${JSON.stringify(row)}`).toBeNull();
      if (moneyLocked(row)) {
        const locked = approvedAmount.get(id) ?? row.amount;
        approvedAmount.set(id, locked);
        expect(row.amount, `step ${step}`).toBe(locked);
      }
    }
    // The walk did reach the final statuses the long way, through both approvals.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from transaction_journal
      where transaction_id in (${sql.join(ids)}) and action <> 'create'`.execute(db);
    expect(rows[0]?.n).toBeGreaterThan(10);
  }, 240_000);
});
