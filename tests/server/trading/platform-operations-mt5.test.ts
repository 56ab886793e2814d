import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentAdapterLog } from '../../../src/server/adapters/adapter-log';
import {
  createMt5Platform,
  parseTradingEnv,
  type TradingPlatform,
} from '../../../src/server/adapters/trading/trading-platform';
import type { Database } from '../../../src/server/db/schema';
import { createLeadScope } from '../../../src/server/engine/lead-scope';
import { getTableRegistry } from '../../../src/server/engine/registry';
import type { EngineUser } from '../../../src/server/engine/types';
import {
  createPlatformOperationsJob,
  type PlatformOperationsJobOptions,
} from '../../../src/server/jobs/platform-operations-job';
import { createPlatformReconciliationJob } from '../../../src/server/jobs/platform-reconciliation-job';
import { createFundingService } from '../../../src/server/modules/platform-operations/funding';
import { createPlatformsService } from '../../../src/server/modules/platforms/service';
import { seedDemoData } from '../../../src/server/seed/demo-data';
import { APPROVAL, TRX_STATUS, TRANSACTION_TYPES } from '../../../src/shared/domain/transaction-flow';
import { format } from '../../../src/shared/i18n/messages';
import { platformMessages } from '../../../src/shared/i18n/platform-messages';
import { platformOperationMessages } from '../../../src/shared/i18n/platform-operation-messages';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startFakeMt5, type FakeMt5Server } from './fake-mt5-server';

/**
 * Platform operations against a protocol-level MT5 stand-in: the answer of a booked deal lost, a sender
 * killed between the booking and its record, a refusal, transient failures with backoff, and the
 * reconciliation. No server runs here: each test drives the sending job itself, so nothing else sends.
 */

let database: TestDatabase;
let db: Kysely<Database>;
let fake: FakeMt5Server;
let mt5: TradingPlatform;
let risk: EngineUser;
let teamId: number;
let nextLogin = 6_100_001;

const services = () => {
  const registry = getTableRegistry(db);
  return {
    platforms: createPlatformsService({
      db,
      registry,
      leadScope: createLeadScope(db, registry),
      platform: mt5,
      log: silentAdapterLog,
    }),
    funding: createFundingService({ db, registry }),
  };
};

const job = (overrides: Partial<PlatformOperationsJobOptions> = {}) =>
  createPlatformOperationsJob({
    db,
    platform: mt5,
    log: silentAdapterLog,
    backoffMs: () => 100,
    ...overrides,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer with a Real account opened on the stand-in. */
async function customerAccount(): Promise<{ customerId: number; login: string; accountId: number }> {
  const login = String(nextLogin++);
  const lead = await db
    .insertInto('leads')
    .values({ name: 'MT5 Müşterisi', team_id: teamId, is_customer: 1, phone: '5320000001' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login, type: 'Real', whitelabel_id: null, agent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await mt5.createAccount(db, {
    login,
    type: 'Real',
    name: 'MT5 Müşterisi',
    email: '',
    phone: '',
    leverage: 100,
  });
  return { customerId: lead.id, login, accountId: account.id };
}

const balanceCalls = (login: string) =>
  fake.requests.filter((r) => r.path === '/api/trade/balance' && r.query.get('login') === login).length;

async function operation(id: number) {
  return db.selectFrom('platform_operations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 20 });
  fake = await startFakeMt5({ managerLogin: '1000', password: 'Password1' });
  const config = parseTradingEnv({ MT5_URL: fake.url, MT5_LOGIN: '1000', MT5_PASSWORD: 'Password1' });
  if (config.kind !== 'mt5') throw new Error('expected mt5');
  mt5 = createMt5Platform(config, silentAdapterLog);
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_group_id', 'team_id'])
    .where('email', '=', 'risk@demo.crm')
    .executeTakeFirstOrThrow();
  risk = { ...user, department: 'risk' };
  const sales = await db
    .selectFrom('users')
    .select('team_id')
    .where('email', '=', 'sales@demo.crm')
    .executeTakeFirstOrThrow();
  teamId = Number(sales.team_id);
});

afterAll(async () => {
  await mt5?.close();
  await fake?.close();
  await database?.close();
});

describe('a deposit on MT5', () => {
  it('is recorded pending and sent by the job with its key in the comment', async () => {
    const { login } = await customerAccount();
    const answer = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '100.25',
      leverage: 100,
    });
    expect(answer.operation).toMatchObject({ state: 'pending', attempts: 0, ticket: null });
    expect(answer.ticket).toBeUndefined();
    expect(balanceCalls(login)).toBe(0);
    expect(await job().runDue()).toEqual({ done: 1, failed: 0, retrying: 0 });
    const row = await operation(answer.operation.id);
    const deal = fake.accounts.get(login)?.deals.at(-1);
    expect(row).toMatchObject({ state: 'done', attempts: 1, ticket: deal?.Deal });
    expect(deal?.Comment).toBe(`CRM yatırım #${row.idempotency_key}`);
    expect(fake.accounts.get(login)?.cents).toBe(10_025);
  });

  it('whose answer is lost after MT5 booked it is looked up on retry, never booked twice', async () => {
    const { login } = await customerAccount();
    const { operation: recorded } = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '500',
      leverage: 100,
    });
    fake.balanceFaults.push('drop-after');
    expect(await job().runDue()).toEqual({ done: 0, failed: 0, retrying: 1 });
    // MT5 has the money; the CRM does not know yet and says so.
    expect(fake.accounts.get(login)?.cents).toBe(50_000);
    const waiting = await operation(recorded.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, error_code: 'unavailable', ticket: null });
    const [view] = (await services().platforms.operations(risk, { login, type: 'Real' })).result;
    expect(view?.message).toBe(
      format(platformOperationMessages.retrying, {
        reason: platformMessages.platformUnavailable,
        attempt: 1,
        max: 8,
      }),
    );
    await sleep(150);
    expect(await job().runDue()).toEqual({ done: 1, failed: 0, retrying: 0 });
    expect(balanceCalls(login)).toBe(1);
    expect(fake.accounts.get(login)?.cents).toBe(50_000);
    expect(fake.accounts.get(login)?.deals).toHaveLength(1);
    expect(await operation(recorded.id)).toMatchObject({
      state: 'done',
      attempts: 2,
      ticket: fake.accounts.get(login)?.deals[0]?.Deal,
    });
  });

  it('whose sender was killed between MT5’s booking and its record is finished by the next, once', async () => {
    const { login } = await customerAccount();
    const { operation: recorded } = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '75.5',
      leverage: 100,
    });
    let booked: () => void = () => undefined;
    const bookedOnce = new Promise<void>((resolve) => {
      booked = resolve;
    });
    // The first sender gets MT5's answer and then never comes back (its process was killed).
    const dying: TradingPlatform = {
      ...mt5,
      balance: async (handle, move) => {
        await mt5.balance(handle, move);
        booked();
        return new Promise<never>(() => undefined);
      },
    };
    void job({ platform: dying, leaseMs: 300 }).runDue();
    await bookedOnce;
    expect(await operation(recorded.id)).toMatchObject({ state: 'sending', attempts: 1 });
    // Its lease holds the operation: nobody else touches it meanwhile.
    expect(await job({ leaseMs: 300 }).runDue()).toEqual({ done: 0, failed: 0, retrying: 0 });
    await sleep(350);
    expect(await job({ leaseMs: 300 }).runDue()).toEqual({ done: 1, failed: 0, retrying: 0 });
    expect(balanceCalls(login)).toBe(1);
    expect(fake.accounts.get(login)?.cents).toBe(7_550);
    expect(await operation(recorded.id)).toMatchObject({
      state: 'done',
      attempts: 2,
      ticket: fake.accounts.get(login)?.deals[0]?.Deal,
    });
  });

  it('that MT5 cannot take now is retried with growing waits, then booked once', async () => {
    const { login } = await customerAccount();
    const { operation: recorded } = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '42',
      leverage: 100,
    });
    fake.balanceFaults.push('drop-before', 'drop-before');
    const backoff = (attempt: number) => 150 * 2 ** (attempt - 1);
    const waitOf = async () => {
      const { rows } = await sql<{ ms: number }>`select extract(epoch from next_attempt_at - now())::float8
        * 1000 as ms from platform_operations where id = ${recorded.id}`.execute(db);
      return Number(rows[0]?.ms);
    };
    expect(await job({ backoffMs: backoff }).runDue()).toEqual({ done: 0, failed: 0, retrying: 1 });
    expect(await waitOf()).toBeGreaterThan(50);
    expect(await waitOf()).toBeLessThanOrEqual(150);
    // Not due yet: nothing is sent.
    expect(await job({ backoffMs: backoff }).runDue()).toEqual({ done: 0, failed: 0, retrying: 0 });
    expect(balanceCalls(login)).toBe(1);
    await sleep(200);
    expect(await job({ backoffMs: backoff }).runDue()).toEqual({ done: 0, failed: 0, retrying: 1 });
    expect(await waitOf()).toBeGreaterThan(150);
    await sleep(350);
    expect(await job({ backoffMs: backoff }).runDue()).toEqual({ done: 1, failed: 0, retrying: 0 });
    expect(await operation(recorded.id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(balanceCalls(login)).toBe(3);
    expect(fake.accounts.get(login)?.cents).toBe(4_200);
    expect(fake.accounts.get(login)?.deals).toHaveLength(1);
  });

  it('fails with the platform’s reason after the last transient failure', async () => {
    const { login } = await customerAccount();
    const { operation: recorded } = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '9',
      leverage: 100,
    });
    fake.balanceFaults.push('drop-before', 'drop-before');
    const sender = job({ maxAttempts: 2, backoffMs: () => 0 });
    expect(await sender.runDue()).toEqual({ done: 0, failed: 1, retrying: 1 });
    expect(await operation(recorded.id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      error_code: 'unavailable',
    });
    const [view] = (await services().platforms.operations(risk, { login, type: 'Real' })).result;
    expect(view).toMatchObject({ state: 'failed', message: platformMessages.platformUnavailable });
    expect(fake.accounts.get(login)?.cents).toBe(0);
  });
});

describe('refusals on MT5', () => {
  it('a withdrawal the balance does not cover is refused at once and nothing is recorded', async () => {
    const { login, customerId } = await customerAccount();
    const before = await db.selectFrom('platform_operations').select('id').execute();
    await expect(
      services().platforms.moveMoney(risk, 'withdrawal', { login, type: 'Real', amount: '5', leverage: 100 }),
    ).rejects.toThrow(platformMessages.noMoney);
    expect(await db.selectFrom('platform_operations').select('id').execute()).toEqual(before);
    expect(
      await db.selectFrom('lead_journal').select('id').where('lead_id', '=', customerId).execute(),
    ).toEqual([]);
  });

  it('a refused account leaves no CRM row or journal behind', async () => {
    const lead = await db
      .insertInto('leads')
      .values({ name: 'Kilitli', team_id: teamId, is_customer: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sales = await db
      .selectFrom('users')
      .select(['id', 'user_group_id', 'team_id'])
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    // The stand-in refuses names it has no permission for (retcode 8).
    await expect(
      services().platforms.create(
        { ...sales, department: 'sales' },
        { customer_id: lead.id, login: '6199999', type: 'Real' },
      ),
    ).rejects.toThrow('İşlem platformu isteği reddetti (8)');
    expect(
      await db.selectFrom('lead_platforms').select('id').where('customer_id', '=', lead.id).execute(),
    ).toEqual([]);
  });

  it('a refused funding leaves the operation failed and visible and the deposit unchanged; risk may fund again', async () => {
    const { login, customerId } = await customerAccount();
    const deposit = await db
      .insertInto('transactions')
      .values({
        customer_id: customerId,
        type: TRANSACTION_TYPES.deposit,
        gateway_id: 1,
        amount: '10000',
        currency_id: 1,
        amount_bank: '10000',
        bank_currency_id: 6,
        amount_platform: '250.50',
        platform_currency_id: 1,
        login,
        status_id: TRX_STATUS.depositCompleted,
        finance_approve_status: APPROVAL.approved,
        risk_approve_status: APPROVAL.approved,
        insert_user_id: risk.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = () =>
      db.selectFrom('transactions').selectAll().where('id', '=', deposit.id).executeTakeFirstOrThrow();
    const before = await row();
    const { funding } = services();
    const first = await funding.fund(risk, deposit.id);
    expect(first.operation).toMatchObject({
      state: 'pending',
      amount: '250.5',
      currency_id: 1,
      leverage: null,
      transaction_id: deposit.id,
    });
    fake.balanceFaults.push({ retcode: '8 No permission' });
    expect(await job().runDue()).toEqual({ done: 0, failed: 1, retrying: 0 });
    expect(await row()).toEqual(before);
    expect(fake.accounts.get(login)?.cents).toBe(0);
    const refused = (await funding.fundings(risk, deposit.id)).results;
    expect(refused).toEqual([
      expect.objectContaining({
        id: first.operation.id,
        state: 'failed',
        message: 'İşlem platformu isteği reddetti (8)',
        ticket: null,
      }),
    ]);
    const journal = await db
      .selectFrom('transaction_journal')
      .select(['action', 'agent_id'])
      .where('transaction_id', '=', deposit.id)
      .where('action', '<>', 'create')
      .orderBy('id')
      .execute();
    expect(journal).toEqual([
      { action: 'fund', agent_id: risk.id },
      { action: 'fundFailed', agent_id: null },
    ]);

    // A failed funding funded nothing: risk funds again, and then never a third time.
    const second = await funding.fund(risk, deposit.id);
    expect(await job().runDue()).toEqual({ done: 1, failed: 0, retrying: 0 });
    expect(fake.accounts.get(login)?.cents).toBe(25_050);
    await expect(funding.fund(risk, deposit.id)).rejects.toThrow(
      format(platformOperationMessages.fundAlready, { id: second.operation.id, state: 'Tamamlandı' }),
    );
    expect(await row()).toEqual(before);
  });
});

describe('reconciliation with MT5', () => {
  const riskNotices = () =>
    db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.body', 'n.lead_id'])
      .where('u.department', '=', 'risk')
      .where('n.title', '=', platformOperationMessages.reconcileTitle)
      .orderBy('n.id')
      .execute();

  it('finds nothing to tell when MT5 booked what the CRM recorded', async () => {
    const result = await createPlatformReconciliationJob({
      db,
      platform: mt5,
      log: silentAdapterLog,
    }).reconcile();
    expect(result.checked).toBeGreaterThan(3);
    expect(result).toMatchObject({ differing: 0, notified: 0, unreadable: 0 });
    expect(await riskNotices()).toEqual([]);
  });

  it('tells every risk user of a deal missing on MT5 once, and again when the difference changes', async () => {
    const { login, customerId } = await customerAccount();
    const { operation: recorded } = await services().platforms.moveMoney(risk, 'deposit', {
      login,
      type: 'Real',
      amount: '1000',
      leverage: 100,
    });
    await job().runDue();
    const reconcile = () =>
      createPlatformReconciliationJob({ db, platform: mt5, log: silentAdapterLog }).reconcile();
    // Someone removed the deal on the platform side.
    const account = fake.accounts.get(login);
    if (!account) throw new Error('no account');
    account.deals = [];
    account.cents = 0;
    expect(await reconcile()).toMatchObject({ differing: 1, notified: 1 });
    const risks = await db
      .selectFrom('users')
      .select('id')
      .where('department', '=', 'risk')
      .where('active', '=', 1)
      .execute();
    const told = await riskNotices();
    expect(told).toHaveLength(risks.length);
    expect(told[0]?.lead_id).toBe(customerId);
    expect(told[0]?.body).toBe(
      format(platformOperationMessages.reconcileBody, {
        login,
        crm: '1.000,00',
        platform: '0,00',
        findings: format(platformOperationMessages.reconcileMissing, { id: recorded.id, amount: '1.000,00' }),
      }),
    );
    // The same difference is not told again.
    expect(await reconcile()).toMatchObject({ differing: 1, notified: 0 });
    expect(await riskNotices()).toHaveLength(risks.length);
    // A deal with a reference the CRM never made: a new finding, told again.
    account.deals.push({
      Deal: '999001',
      Action: '2',
      Entry: '0',
      Profit: '10.00',
      Comment: 'elle #ABCDEFGHJKMN',
      Time: String(Math.floor(Date.now() / 1000)),
    });
    expect(await reconcile()).toMatchObject({ differing: 1, notified: 1 });
    const again = await riskNotices();
    expect(again).toHaveLength(2 * risks.length);
    expect(again.at(-1)?.body).toContain('ticket 999001');
  });
});
