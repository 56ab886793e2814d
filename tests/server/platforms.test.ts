import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { DEMO_PLATFORM_LOGIN_START } from '../../src/server/seed/demo-platforms';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { moneyMessages } from '../../src/shared/i18n/money-messages';
import { platformMessages } from '../../src/shared/i18n/platform-messages';
import { platformOperationMessages } from '../../src/shared/i18n/platform-operation-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';
import { waitForSettled } from './support/platform-operations';

let server: DemoServer;
let db: Kysely<Database>;
const tokens = { admin: '', sales: '', sales2: '', risk: '', finance: '' };

interface Account {
  id: number;
  customer_id: number;
  login: string;
  type: 'Real' | 'Demo';
}
/** A real account of a customer of the sales agent's team, and one of sales2's team. */
let own: Account;
let foreign: Account;

const READ_CALLS = [
  'getPlatformInfo',
  'getUserOpenPositions',
  'getUserPendingOrders',
  'getUserClosedPositions',
  'getUserDeposit',
  'getUserWithdrawal',
] as const;

const mt5 = (call: string, body: Record<string, unknown>, token: string) =>
  postJson(server.app, `/api/mt5/${call}`, body, token);
const mt5Form = (call: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api/mt5/${call}`, body, token);

async function accountOfTeam(teamId: number): Promise<Account> {
  const row = await db
    .selectFrom('lead_platforms as p')
    .innerJoin('leads as l', 'l.id', 'p.customer_id')
    .select(['p.id', 'p.customer_id', 'p.login', 'p.type'])
    .where('l.team_id', '=', teamId)
    .where('p.type', '=', 'Real')
    // This module's demo accounts (the transactions' demo customers have their own, empty ones).
    .where(sql<boolean>`p.login::bigint < 6000000`)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return row;
}

async function ledgerBalance(loginText: string): Promise<string> {
  const row = await db
    .selectFrom('trading_accounts')
    .select('balance')
    .where('login', '=', loginText)
    .executeTakeFirstOrThrow();
  return String(row.balance);
}

async function customerOfTeam(teamId: number): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({
      name: 'Platform Testi',
      team_id: teamId,
      is_customer: 1,
      email: 'platform@test.tr',
      phone: '5320000000',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  tokens.admin = server.users.admin.token;
  tokens.sales = server.users.sales.token;
  tokens.sales2 = server.users.sales2.token;
  tokens.risk = await login(server.app, 'risk@demo.crm', DEMO_PASSWORD);
  tokens.finance = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
  own = await accountOfTeam(server.users.sales.team_id);
  foreign = await accountOfTeam(server.users.sales2.team_id);
});

afterAll(async () => {
  await server.close();
});

describe('demo accounts', () => {
  it('gives real customers ledger accounts (5000001 and up) with positions, orders, deals and balances', async () => {
    const all = await db.selectFrom('lead_platforms').select(['login', 'customer_id']).execute();
    // The transactions' demo customers have accounts of their own from 7000001, opened empty in the ledger.
    const accounts = all.filter((a) => Number(a.login) < 7_000_000);
    expect(accounts.length).toBeGreaterThan(10);
    expect(
      accounts.every((a) => Number(a.login) >= DEMO_PLATFORM_LOGIN_START && Number(a.login) < 6_000_000),
    ).toBe(true);
    const ledger = await db.selectFrom('trading_accounts').select('login').execute();
    const opened = new Set(ledger.map((row) => row.login));
    expect(all.every((a) => opened.has(a.login))).toBe(true);
    const customers = await db
      .selectFrom('leads')
      .select('is_customer')
      .where(
        'id',
        'in',
        accounts.map((a) => a.customer_id),
      )
      .execute();
    expect(customers.every((c) => c.is_customer === 1)).toBe(true);
    const count = async (table: 'trading_positions' | 'trading_orders' | 'trading_deals') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('trading_positions')).toBeGreaterThan(0);
    expect(await count('trading_orders')).toBeGreaterThan(0);
    expect(await count('trading_deals')).toBeGreaterThan(0);
  });
});

describe('platform views', () => {
  it('answer the ledger’s account, positions, orders and deals to the lead’s agent', async () => {
    const body = { login: own.login, type: own.type };
    const info = okAnswer<CallResult<'getPlatformInfo'>>(
      await mt5('getPlatformInfo', body, tokens.sales),
    ).result;
    expect(info).toMatchObject({
      Login: own.login,
      Group: 'real\\crm-usd',
      Balance: await ledgerBalance(own.login),
    });
    expect(info.Registration).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const positions = okAnswer<CallResult<'getUserOpenPositions'>>(
      await mt5('getUserOpenPositions', body, tokens.sales),
    ).result;
    const stored = await db
      .selectFrom('trading_positions')
      .select(['position', 'symbol', 'volume'])
      .where('login', '=', own.login)
      .orderBy('position', 'desc')
      .execute();
    expect(positions.map((p) => [p.Position, p.Symbol, p.Volume])).toEqual(
      stored.map((p) => [String(p.position), p.symbol, p.volume]),
    );
    for (const call of [
      'getUserPendingOrders',
      'getUserClosedPositions',
      'getUserDeposit',
      'getUserWithdrawal',
    ]) {
      const answer = okAnswer<{ result: unknown[] }>(await mt5(call, body, tokens.sales));
      expect(Array.isArray(answer.result)).toBe(true);
    }
    const deposits = okAnswer<CallResult<'getUserDeposit'>>(
      await mt5('getUserDeposit', body, tokens.sales),
    ).result;
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.every((d) => !d.Profit.startsWith('-'))).toBe(true);
  });

  it('answer 404 for an account of a lead outside the agent’s scope, and for a missing login', async () => {
    for (const call of READ_CALLS) {
      expect(
        failureMessage(await mt5(call, { login: foreign.login, type: foreign.type }, tokens.sales), 404),
      ).toBe(messages.recordNotFound);
      expect(failureMessage(await mt5(call, { login: '123', type: 'Real' }, tokens.sales), 404)).toBe(
        messages.recordNotFound,
      );
    }
    // The other team's agent sees it; the wrong type names no account.
    okAnswer(await mt5('getPlatformInfo', { login: foreign.login, type: 'Real' }, tokens.sales2));
    failureMessage(await mt5('getPlatformInfo', { login: foreign.login, type: 'Demo' }, tokens.sales2), 404);
  });

  it('refuse a missing login and an unknown type with the Turkish text', async () => {
    expect(failureMessage(await mt5('getPlatformInfo', { login: '', type: 'Real' }, tokens.sales), 400)).toBe(
      platformMessages.loginRequired,
    );
    expect(
      failureMessage(await mt5('getPlatformInfo', { login: own.login, type: 'Gold' }, tokens.sales), 400),
    ).toBe(platformMessages.typeInvalid);
  });

  it('list a customer’s accounts through table data, in scope only', async () => {
    const mine = okAnswer<{ results: Record<string, unknown>[] }>(
      await postForm(
        server.app,
        '/api/table/lead_platforms',
        { filters: [{ name: 'customer_id', type: 1, value: own.customer_id }], limit: 500 },
        tokens.sales,
      ),
    );
    expect(mine.results.map((r) => r.login)).toContain(own.login);
    const theirs = okAnswer<{ results: Record<string, unknown>[] }>(
      await postForm(
        server.app,
        '/api/table/lead_platforms',
        { filters: [{ name: 'customer_id', type: 1, value: foreign.customer_id }], limit: 500 },
        tokens.sales,
      ),
    );
    expect(theirs.results).toEqual([]);
  });
});

describe('deposits and withdrawals', () => {
  it('are risk’s alone', async () => {
    for (const token of [tokens.sales, tokens.finance, tokens.admin]) {
      for (const call of ['createDeposit', 'createWithdrawal']) {
        expect(
          failureMessage(await mt5Form(call, { login: own.login, type: 'Real', amount: '10' }, token), 403),
        ).toBe(platformMessages.onlyRisk);
      }
    }
  });

  it('are recorded first and answered at once, then booked by the job: 0.1 + 0.2 is 0.30, journaled and told to the lead’s agent', async () => {
    const before = await ledgerBalance(own.login);
    const deal = async (amount: string) => {
      const answer = okAnswer<CallResult<'createDeposit'>>(
        await mt5Form(
          'createDeposit',
          { login: own.login, type: 'Real', amount, leverage: '100' },
          tokens.risk,
        ),
      );
      expect(answer).toMatchObject({ success: true, msg: platformOperationMessages.queued });
      expect(answer.operation).toMatchObject({ login: own.login, direction: 'deposit', leverage: 100 });
      expect(answer.operation.state).not.toBe('failed');
      return { answer, settled: await waitForSettled(db, answer.operation.id) };
    };
    const first = await deal('0,1');
    expect(first.answer.operation.amount).toBe('0.10');
    expect(first.settled.state).toBe('done');
    await deal('0.2');
    const after = await ledgerBalance(own.login);
    const { rows } = await sql<{
      diff: string;
    }>`select (${after}::numeric - ${before}::numeric)::text as diff`.execute(db);
    expect(rows[0]?.diff).toBe('0.30');
    const info = okAnswer<CallResult<'getPlatformInfo'>>(
      await mt5('getPlatformInfo', { login: own.login, type: 'Real' }, tokens.risk),
    ).result;
    expect(info.Balance).toBe(after);
    const listed = okAnswer<CallResult<'getUserDeposit'>>(
      await mt5('getUserDeposit', { login: own.login, type: 'Real' }, tokens.risk),
    ).result;
    expect(
      listed
        .slice(0, 2)
        .map((d) => d.Profit)
        .sort(),
    ).toEqual(['0.10', '0.20']);
    // Turkish writing: one thousand and fifty kuruş, never 1.0005.
    const big = await deal('1.000,50');
    const newest = okAnswer<CallResult<'getUserDeposit'>>(
      await mt5('getUserDeposit', { login: own.login, type: 'Real' }, tokens.risk),
    ).result[0];
    expect(newest).toMatchObject({ Deal: big.settled.ticket, Profit: '1000.50' });
    expect(newest?.Comment).toMatch(/^CRM yatırım #[0-9A-Z]{12}$/);

    // The account's operations, newest first, as the lead detail shows them.
    const operations = okAnswer<CallResult<'getPlatformOperations'>>(
      await mt5('getPlatformOperations', { login: own.login, type: 'Real' }, tokens.sales),
    ).result;
    expect(operations[0]).toMatchObject({
      id: big.answer.operation.id,
      state: 'done',
      amount: '1000.50',
      ticket: big.settled.ticket,
      message: null,
    });

    // Two journal entries per move: recorded by risk, then done by the job.
    const journal = await db
      .selectFrom('lead_journal')
      .select(['agent_id', 'values'])
      .where('lead_id', '=', own.customer_id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(journal[0]?.agent_id).toBeNull();
    expect(JSON.stringify(journal[0]?.values)).toContain('Tamamlandı');
    expect(journal[1]?.agent_id).toBeTypeOf('number');
    expect(JSON.stringify(journal[1]?.values)).toContain('1000.50');

    const lead = await db
      .selectFrom('leads')
      .select('agent_id')
      .where('id', '=', own.customer_id)
      .executeTakeFirstOrThrow();
    if (lead.agent_id !== null) {
      const notice = await db
        .selectFrom('notifications')
        .select(['title', 'body', 'start'])
        .where('user_id', '=', lead.agent_id)
        .where('title', '=', platformMessages.noticeDepositTitle)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(notice?.body).toContain(own.login);
      expect(notice?.start).toBeNull();
    }
  });

  it('record a request sent twice with its key once, and refuse the key for another request', async () => {
    const body = { login: own.login, type: 'Real', amount: '2', idempotency_key: 'dialog-key-0001' };
    const first = okAnswer<CallResult<'createDeposit'>>(await mt5Form('createDeposit', body, tokens.risk));
    await waitForSettled(db, first.operation.id);
    const again = okAnswer<CallResult<'createDeposit'>>(await mt5Form('createDeposit', body, tokens.risk));
    expect(again.operation.id).toBe(first.operation.id);
    expect(again.operation.state).toBe('done');
    expect(again.ticket).toBe(again.operation.ticket);
    expect(failureMessage(await mt5Form('createDeposit', { ...body, amount: '3' }, tokens.risk), 409)).toBe(
      platformOperationMessages.requestKeyReused,
    );
    const count = await db
      .selectFrom('platform_operations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('id', '>=', first.operation.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuse a withdrawal the balance does not cover at once and leave the balance as it was', async () => {
    const before = await ledgerBalance(own.login);
    const answer = await mt5Form(
      'createWithdrawal',
      { login: own.login, type: 'Real', amount: '999999999' },
      tokens.risk,
    );
    expect(failureMessage(answer, 400)).toBe(platformMessages.noMoney);
    expect(await ledgerBalance(own.login)).toBe(before);
    const small = okAnswer<CallResult<'createWithdrawal'>>(
      await mt5Form('createWithdrawal', { login: own.login, type: 'Real', amount: '0.05' }, tokens.risk),
    );
    expect((await waitForSettled(db, small.operation.id)).state).toBe('done');
    const withdrawals = okAnswer<CallResult<'getUserWithdrawal'>>(
      await mt5('getUserWithdrawal', { login: own.login, type: 'Real' }, tokens.risk),
    ).result;
    expect(withdrawals[0]?.Profit).toBe('-0.05');
  });

  it('set the account’s leverage (100 unless given), and a refused withdrawal keeps the old one', async () => {
    const leverage = async (): Promise<number> =>
      okAnswer<CallResult<'getPlatformInfo'>>(
        await mt5('getPlatformInfo', { login: own.login, type: 'Real' }, tokens.risk),
      ).result.Leverage;
    const deposit = async (body: Record<string, unknown>) => {
      const answer = okAnswer<CallResult<'createDeposit'>>(await mt5Form('createDeposit', body, tokens.risk));
      expect((await waitForSettled(db, answer.operation.id)).state).toBe('done');
    };
    await deposit({ login: own.login, type: 'Real', amount: '1', leverage: '200' });
    expect(await leverage()).toBe(200);
    const refused = await mt5Form(
      'createWithdrawal',
      { login: own.login, type: 'Real', amount: '999999999', leverage: '300' },
      tokens.risk,
    );
    expect(failureMessage(refused, 400)).toBe(platformMessages.noMoney);
    expect(await leverage()).toBe(200);
    await deposit({ login: own.login, type: 'Real', amount: '1' });
    expect(await leverage()).toBe(100);
  });

  it('refuse bad amounts and leverage with the Turkish text', async () => {
    // The money reader's sentences (docs/money.md#reading-amounts); the ledger books cents.
    for (const [amount, reason] of [
      ['', moneyMessages.empty],
      ['abc', moneyMessages.malformed],
      ['-5', moneyMessages.negative],
      ['0', moneyMessages.zero],
      ['1.2345', moneyMessages.decimals],
      ['1.000.5', moneyMessages.grouping],
      ['1e3', moneyMessages.malformed],
      ['1,000', moneyMessages.ambiguous],
    ] as const) {
      expect(
        failureMessage(
          await mt5Form('createDeposit', { login: own.login, type: 'Real', amount }, tokens.risk),
          400,
        ),
      ).toBe(format(reason, { field: 'Tutar', decimals: 2 }));
    }
    for (const leverage of ['0', '1e2', '0x10', '100.0', 'yüz']) {
      expect(
        failureMessage(
          await mt5Form(
            'createDeposit',
            { login: own.login, type: 'Real', amount: '5', leverage },
            tokens.risk,
          ),
          400,
        ),
      ).toBe(platformMessages.leverageInvalid);
    }
  });

  it('give exactly one of two simultaneous withdrawals of the whole balance', async () => {
    const balance = await ledgerBalance(own.login);
    const answers = await Promise.all(
      [1, 2].map(() =>
        mt5Form('createWithdrawal', { login: own.login, type: 'Real', amount: balance }, tokens.risk),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const taken = answers.find((a) => a.statusCode === 200)?.json<CallResult<'createWithdrawal'>>();
    expect((await waitForSettled(db, taken?.operation.id ?? 0)).state).toBe('done');
    expect(await ledgerBalance(own.login)).toBe('0.00');
  });
});

describe('opening an account', () => {
  it('needs a login, opens it in the ledger and lists it', async () => {
    const lead = await customerOfTeam(server.users.sales.team_id);
    expect(
      failureMessage(
        await mt5Form('createPlatform', { customer_id: lead, login: '', type: 'Real' }, tokens.sales),
        400,
      ),
    ).toBe(platformMessages.loginRequired);
    const created = okAnswer<CallResult<'createPlatform'>>(
      await mt5Form(
        'createPlatform',
        { customer_id: lead, login: '5900001', type: 'Real', whitelabel_id: '2' },
        tokens.sales,
      ),
    );
    expect(created).toMatchObject({ success: true, login: '5900001' });
    const row = await db
      .selectFrom('lead_platforms')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_id: lead,
      login: '5900001',
      type: 'Real',
      whitelabel_id: 2,
      agent_id: server.users.sales.id,
    });
    const info = okAnswer<CallResult<'getPlatformInfo'>>(
      await mt5('getPlatformInfo', { login: '5900001', type: 'Real' }, tokens.sales),
    ).result;
    expect(info).toMatchObject({ Name: 'Platform Testi', Balance: '0.00', Leverage: 100 });
    // Taken login: a clear refusal, nothing written twice.
    expect(
      failureMessage(
        await mt5Form(
          'createPlatform',
          { customer_id: lead, login: '5900001', type: 'Real', whitelabel_id: '2' },
          tokens.sales,
        ),
        409,
      ),
    ).toBe(platformMessages.loginTaken);
  });

  it('refuses a lead outside the agent’s scope with the same 404', async () => {
    const lead = await customerOfTeam(server.users.sales2.team_id);
    expect(
      failureMessage(
        await mt5Form('createPlatform', { customer_id: lead, login: '5900002', type: 'Real' }, tokens.sales),
        404,
      ),
    ).toBe(messages.recordNotFound);
    expect(
      await db.selectFrom('lead_platforms').select('id').where('login', '=', '5900002').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('leaves nothing half-written when the platform refuses', async () => {
    const lead = await customerOfTeam(server.users.sales.team_id);
    // The ledger already holds this login (opened elsewhere): the platform refuses, the CRM row goes too.
    await db
      .insertInto('trading_accounts')
      .values({ login: '5900003', group_name: 'real\\crm-usd', balance: '0', credit: '0' })
      .execute();
    const journalBefore = await db
      .selectFrom('lead_journal')
      .select('id')
      .where('lead_id', '=', lead)
      .execute();
    expect(
      failureMessage(
        await mt5Form('createPlatform', { customer_id: lead, login: '5900003', type: 'Real' }, tokens.sales),
        409,
      ),
    ).toBe(platformMessages.loginTaken);
    expect(
      await db.selectFrom('lead_platforms').select('id').where('login', '=', '5900003').executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom('lead_journal').select('id').where('lead_id', '=', lead).execute()).toEqual(
      journalBefore,
    );
  });

  it('is never a generic insert', async () => {
    const lead = await customerOfTeam(server.users.sales.team_id);
    const answer = await postForm(
      server.app,
      '/api/inline/save/',
      {
        table: 'lead_platforms',
        type: 'insert',
        inputs: { customer_id: lead, login: '5900004', type: 'Real' },
      },
      tokens.admin,
    );
    expect(answer.json<{ success: boolean }>().success).toBe(false);
    expect(
      await db.selectFrom('lead_platforms').select('id').where('login', '=', '5900004').executeTakeFirst(),
    ).toBeUndefined();
  });
});
