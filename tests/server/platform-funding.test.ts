import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentAdapterLog } from '../../src/server/adapters/adapter-log';
import { createLedgerPlatform } from '../../src/server/adapters/trading/trading-platform';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { createPlatformReconciliationJob } from '../../src/server/jobs/platform-reconciliation-job';
import { seedDemoData } from '../../src/server/seed/demo-data';
import type { CallResult } from '../../src/shared/contract';
import { APPROVAL, TRX_STATUS as S } from '../../src/shared/domain/transaction-flow';
import { format, messages } from '../../src/shared/i18n/messages';
import { platformOperationMessages as m } from '../../src/shared/i18n/platform-operation-messages';
import { login, postForm } from './support/http';
import { waitForSettled } from './support/platform-operations';
import { createTestDatabase } from './support/test-database';

/**
 * Funding a completed deposit (POST /transaction/fund/{id}) on the built-in ledger: risk only, in scope,
 * in one step with the amount risk approved, never twice; AUTO_FUND_ON_COMPLETE=1 funds in risk's own
 * approval; the ledger honours the operation's key; the reconciliation tells risk of a difference.
 */

const PASSWORD = 'Demo.2026';
const WHO = ['admin', 'finance', 'risk', 'sales', 'sales2'] as const;
type Who = (typeof WHO)[number];

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
const users = {} as Record<Who, { id: number; team_id: number }>;
let loginSeq = 0;

async function addCustomer(team: Who): Promise<{ id: number; login: string }> {
  const lead = await db
    .insertInto('leads')
    .values({
      name: 'Aktarım Testi',
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
  const accountLogin = `98${String(loginSeq).padStart(5, '0')}`;
  await db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login: accountLogin, type: 'Real', whitelabel_id: 1 })
    .execute();
  await createLedgerPlatform().createAccount(db, {
    login: accountLogin,
    type: 'Real',
    name: 'Aktarım Testi',
    email: '',
    phone: '',
    leverage: 100,
  });
  return { id: lead.id, login: accountLogin };
}

const act = (
  who: Who,
  action: string,
  id: number,
  body: Record<string, unknown> = {},
  server: FastifyInstance = app,
): Promise<LightMyRequestResponse> => postForm(server, `/api/transaction/${action}/${id}`, body, tokens[who]);

function refused(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ success: boolean; msg: string }>();
  expect(body.success).toBe(false);
  return body.msg;
}

function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** A deposit of the sales agent's customer, approved by finance (14). */
async function approvedDeposit(customer: { id: number; login: string }, amount = '5000'): Promise<number> {
  const created = await postForm(
    app,
    '/api/inline/save/',
    {
      table: 'transactions',
      type: 'insert',
      inputs: { customer_id: customer.id, type: 'YATIRIM', gateway_id: 1, amount, login: customer.login },
    },
    tokens.sales,
  );
  const { id } = ok<{ id: number }>(created);
  ok(await act('finance', 'depositOk', id, { amount_bank: amount }));
  return id;
}

const transaction = (id: number) =>
  db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledgerBalance = async (accountLogin: string) =>
  (
    await db
      .selectFrom('trading_accounts')
      .select('balance')
      .where('login', '=', accountLogin)
      .executeTakeFirstOrThrow()
  ).balance;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 60 });
  app = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    autoFundOnComplete: false,
    platformOperationsIntervalMs: 100,
  });
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

describe('funding a completed deposit (POST /transaction/fund/{id})', () => {
  it('credits the account with the amount risk approved, in one step, and shows the operation on the deposit', async () => {
    const customer = await addCustomer('sales');
    const id = await approvedDeposit(customer);
    expect(refused(await act('risk', 'fund', id), 409)).toBe(m.fundNotCompleted);
    ok(await act('risk', 'riskOk', id, { amount_platform: '1234.56', platform_currency_id: 1 }));
    expect((await transaction(id)).status_id).toBe(S.depositCompleted);
    for (const who of ['finance', 'sales', 'admin'] as const) {
      expect(refused(await act(who, 'fund', id), 403)).toBe(m.fundOnlyRisk);
    }
    const before = await transaction(id);
    const answer = ok<CallResult<'transactionFund'>>(await act('risk', 'fund', id));
    expect(answer).toMatchObject({ success: true, msg: m.fundQueued });
    expect(answer.operation).toMatchObject({
      login: customer.login,
      direction: 'deposit',
      amount: '1234.56',
      currency_id: 1,
      leverage: null,
      transaction_id: id,
    });
    expect((await waitForSettled(db, answer.operation.id)).state).toBe('done');
    expect(await ledgerBalance(customer.login)).toBe('1234.56');
    // The deposit itself is untouched; what funded it is read beside it, by whoever sees the deposit.
    expect(await transaction(id)).toEqual(before);
    const seen = ok<CallResult<'transactionFundings'>>(await act('sales', 'fundings', id)).results;
    expect(seen).toEqual([
      expect.objectContaining({ id: answer.operation.id, state: 'done', message: null }),
    ]);
    expect(seen[0]?.ticket).toMatch(/^\d+$/);
    expect(refused(await act('sales2', 'fundings', id), 404)).toBe(messages.recordNotFound);
    const journal = await db
      .selectFrom('transaction_journal')
      .select(['action', 'agent_id'])
      .where('transaction_id', '=', id)
      .orderBy('id')
      .execute();
    expect(journal.slice(-2)).toEqual([
      { action: 'fund', agent_id: users.risk.id },
      { action: 'fundDone', agent_id: null },
    ]);
    // Never twice: the funding is named in the refusal.
    expect(refused(await act('risk', 'fund', id), 409)).toBe(
      format(m.fundAlready, { id: answer.operation.id, state: 'Tamamlandı' }),
    );
    expect(await ledgerBalance(customer.login)).toBe('1234.56');
  });

  it('gives exactly one of two simultaneous fundings', async () => {
    const customer = await addCustomer('sales');
    const id = await approvedDeposit(customer);
    ok(await act('risk', 'riskOk', id, { amount_platform: '10' }));
    const answers = await Promise.all([act('risk', 'fund', id), act('risk', 'fund', id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const funded = answers.find((a) => a.statusCode === 200)?.json<CallResult<'transactionFund'>>();
    await waitForSettled(db, funded?.operation.id ?? 0);
    expect(await ledgerBalance(customer.login)).toBe('10.00');
    const count = await db
      .selectFrom('platform_operations')
      .select('id')
      .where('transaction_id', '=', id)
      .execute();
    expect(count).toHaveLength(1);
  });

  it('refuses a missing deposit, a withdrawal and a deposit whose account is not the customer’s', async () => {
    expect(refused(await act('risk', 'fund', 99_999_999), 404)).toBe(messages.recordNotFound);
    expect(refused(await act('risk', 'fund', 0), 404)).toBe(messages.recordNotFound);
    const customer = await addCustomer('sales');
    const base = {
      customer_id: customer.id,
      gateway_id: 1,
      amount: '100',
      amount_platform: '100',
      platform_currency_id: 1,
      finance_approve_status: APPROVAL.approved,
      risk_approve_status: APPROVAL.approved,
    };
    const withdrawal = await db
      .insertInto('transactions')
      .values({ ...base, type: 'ÇEKİM', login: customer.login, status_id: S.riskApproved })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(refused(await act('risk', 'fund', withdrawal.id), 400)).toBe(m.fundNotDeposit);
    const stranger = await db
      .insertInto('transactions')
      .values({ ...base, type: 'YATIRIM', login: '5555555', status_id: S.depositCompleted })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(refused(await act('risk', 'fund', stranger.id), 400)).toBe(
      format(m.fundAccountMissing, { login: '5555555' }),
    );
    const noAmount = await db
      .insertInto('transactions')
      .values({
        ...base,
        type: 'YATIRIM',
        login: customer.login,
        status_id: S.depositCompleted,
        amount_platform: '1.234',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Stored '1.234' is one and a bit with three decimals, never 1234: refused, not rounded.
    expect(refused(await act('risk', 'fund', noAmount.id), 400)).toBe(m.fundNoAmount);
    const written = await db
      .selectFrom('platform_operations')
      .select('id')
      .where('transaction_id', 'in', [withdrawal.id, stranger.id, noAmount.id])
      .execute();
    expect(written).toEqual([]);
  });
});

describe('AUTO_FUND_ON_COMPLETE=1', () => {
  let autoApp: FastifyInstance;

  beforeAll(async () => {
    // A second node on the same database, configured from the environment as `npm run serve` is.
    process.env.AUTO_FUND_ON_COMPLETE = '1';
    try {
      autoApp = await buildServer({
        database,
        webRoot: '/nonexistent-web-root',
        platformOperationsIntervalMs: 100,
      });
    } finally {
      delete process.env.AUTO_FUND_ON_COMPLETE;
    }
  });

  afterAll(async () => {
    await autoApp?.close();
  });

  it('funds the deposit in risk’s approval step, and refuses the approval when the account is not there', async () => {
    const customer = await addCustomer('sales');
    const id = await approvedDeposit(customer);
    ok(await act('risk', 'riskOk', id, { amount_platform: '77.7' }, autoApp));
    // Recorded in the approval's own transaction: there as soon as the step answered.
    const [operation] = await db
      .selectFrom('platform_operations')
      .select(['id', 'amount', 'created_by'])
      .where('transaction_id', '=', id)
      .execute();
    expect(operation).toMatchObject({ amount: '77.7', created_by: users.risk.id });
    expect((await waitForSettled(db, operation?.id ?? 0)).state).toBe('done');
    expect(await ledgerBalance(customer.login)).toBe('77.70');
    expect(refused(await act('risk', 'fund', id, {}, autoApp), 409)).toContain(`#${operation?.id}`);

    // A deposit whose account the customer does not have: the approval is refused, nothing is written.
    const other = await approvedDeposit(customer);
    await db.updateTable('transactions').set({ login: '5555556' }).where('id', '=', other).execute();
    const before = await transaction(other);
    const journalBefore = await db
      .selectFrom('transaction_journal')
      .select('id')
      .where('transaction_id', '=', other)
      .execute();
    expect(refused(await act('risk', 'riskOk', other, { amount_platform: '5' }, autoApp), 400)).toBe(
      format(m.fundAccountMissing, { login: '5555556' }),
    );
    expect(await transaction(other)).toEqual(before);
    expect(
      await db.selectFrom('transaction_journal').select('id').where('transaction_id', '=', other).execute(),
    ).toEqual(journalBefore);
    // Without the setting the first node leaves funding to risk.
    const manual = await approvedDeposit(customer);
    ok(await act('risk', 'riskOk', manual, { amount_platform: '1' }));
    expect(
      await db.selectFrom('platform_operations').select('id').where('transaction_id', '=', manual).execute(),
    ).toEqual([]);
  });
});

describe('the ledger and the reconciliation', () => {
  it('the ledger books one reference once', async () => {
    const customer = await addCustomer('sales');
    const ledger = createLedgerPlatform();
    const move = {
      login: customer.login,
      direction: 'deposit' as const,
      amount: '12.34',
      comment: 'CRM yatırım',
      leverage: null,
      reference: 'ABCDEFGHJK12',
    };
    const first = await ledger.balance(db, move);
    const second = await ledger.balance(db, move);
    expect(second.ticket).toBe(first.ticket);
    expect(await ledgerBalance(customer.login)).toBe('12.34');
    expect(await ledger.referencedDeals(db, customer.login, 0)).toEqual([
      { ticket: first.ticket, reference: 'ABCDEFGHJK12', amount: '12.34' },
    ]);
  });

  it('tells risk when the ledger’s deal no longer matches a done operation', async () => {
    const customer = await addCustomer('sales');
    const answer = ok<CallResult<'createDeposit'>>(
      await postForm(
        app,
        '/api/mt5/createDeposit',
        { login: customer.login, type: 'Real', amount: '300' },
        tokens.risk,
      ),
    );
    const settled = await waitForSettled(db, answer.operation.id);
    const reconcile = () =>
      createPlatformReconciliationJob({
        db,
        platform: createLedgerPlatform(),
        log: silentAdapterLog,
      }).reconcile();
    const notices = () =>
      db
        .selectFrom('notifications')
        .select(['user_id', 'body'])
        .where('title', '=', m.reconcileTitle)
        .execute();
    const quiet = await reconcile();
    expect(quiet).toMatchObject({ differing: 0, notified: 0 });
    expect(await notices()).toEqual([]);
    await db
      .updateTable('trading_deals')
      .set({ profit: '30' })
      .where('deal', '=', settled.ticket ?? '0')
      .execute();
    expect(await reconcile()).toMatchObject({ differing: 1, notified: 1 });
    const told = await notices();
    expect(told.map((notice) => notice.user_id)).toContain(users.risk.id);
    expect(told[0]?.body).toContain(
      format(m.reconcileAmount, { id: answer.operation.id, amount: '300,00', booked: '30,00' }),
    );
  });
});
