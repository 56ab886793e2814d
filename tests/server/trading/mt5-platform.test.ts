import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { silentAdapterLog } from '../../../src/server/adapters/adapter-log';
import { mt5PasswordHash, mt5RandAnswer } from '../../../src/server/adapters/trading/mt5-auth';
import {
  createMt5Platform,
  isTradingPlatformError,
  parseTradingEnv,
  TradingConfigError,
  type TradingPlatform,
} from '../../../src/server/adapters/trading/trading-platform';
import { newReference } from '../../../src/server/adapters/trading/balance-reference';
import type { Mt5Config } from '../../../src/server/adapters/trading/trading-config';
import type { Database } from '../../../src/server/db/schema';
import { startFakeMt5, type FakeMt5Server } from './fake-mt5-server';

/** The MT5 adapter never touches the CRM database; the argument is the CRM's transaction. */
const noDb = {} as Kysely<Database>;

const VECTOR = {
  password: 'Password1',
  pwHash: '904ba8ecb16273d2f0ae9c3b8a023752',
  srvRand: '73007dc7184747ce0f7c98516ef1c851',
  srvRandAnswer: '77fe51827f7fa69dd80fbec9aa33f1bb',
  cliRand: '4db98fec17aab4dc5a240bdc659e8395',
  cliRandAnswer: '1732021b1b332f51660b2b315eed3a35',
};

let server: FakeMt5Server | null = null;
let platform: TradingPlatform | null = null;

afterEach(async () => {
  await platform?.close();
  await server?.close();
  platform = null;
  server = null;
});

async function start(
  overrides: Partial<Mt5Config> = {},
  serverOptions: { srvRand?: string; emptyTradeAccount?: boolean } = {},
): Promise<{ fake: FakeMt5Server; mt5: TradingPlatform }> {
  server = await startFakeMt5({ managerLogin: '1000', password: VECTOR.password, ...serverOptions });
  const config = parseTradingEnv({ MT5_URL: server.url, MT5_LOGIN: '1000', MT5_PASSWORD: VECTOR.password });
  if (config.kind !== 'mt5') throw new Error('expected mt5');
  platform = createMt5Platform({ ...config, ...overrides }, silentAdapterLog);
  return { fake: server, mt5: platform };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isTradingPlatformError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a platform error');
}

const account = {
  type: 'Real',
  name: 'Işık Yılmaz',
  email: 'isik@example.com',
  phone: '5321112233',
  leverage: 100,
} as const;

describe('MT5 handshake', () => {
  it('computes the reference test vector', () => {
    const hash = mt5PasswordHash(VECTOR.password);
    expect(hash.toString('hex')).toBe(VECTOR.pwHash);
    expect(mt5RandAnswer(hash, VECTOR.srvRand)).toBe(VECTOR.srvRandAnswer);
    expect(mt5RandAnswer(hash, VECTOR.cliRand)).toBe(VECTOR.cliRandAnswer);
  });

  it('answers the server challenge of the test vector and checks the server proof', async () => {
    const { fake, mt5 } = await start({}, { srvRand: VECTOR.srvRand });
    await mt5.createAccount(noDb, { ...account, login: '8000001' });
    expect(fake.lastSrvRandAnswer).toBe(VECTOR.srvRandAnswer);
    expect(fake.handshakes).toBe(1);
    expect(fake.requests.map((r) => r.path).slice(0, 3)).toEqual([
      '/api/auth/start',
      '/api/auth/answer',
      '/api/user/add',
    ]);
    const startQuery = fake.requests[0]?.query;
    expect(Object.fromEntries(startQuery ?? [])).toEqual({
      version: '484',
      agent: 'crm',
      login: '1000',
      type: 'manager',
    });
    expect(fake.lastCliRand).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a wrong password as unavailable, without leaking it', async () => {
    const { mt5 } = await start({ password: 'wrong' });
    expect(await failure(mt5.accountInfo(noDb, '8000001'))).toBe('unavailable');
  });
});

describe('MT5 session', () => {
  it('reuses one authenticated connection for every command', async () => {
    const { fake, mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000002' });
    for (let i = 0; i < 5; i += 1) await mt5.accountInfo(noDb, '8000002');
    await Promise.all([mt5.openPositions(noDb, '8000002'), mt5.pendingOrders(noDb, '8000002')]);
    expect(fake.handshakes).toBe(1);
    expect(new Set(fake.requests.map((r) => r.socket))).toEqual(new Set([1]));
  });

  it('keeps an idle session alive with /api/test/access', async () => {
    const { fake, mt5 } = await start({ keepAliveMs: 150 });
    await mt5.accountInfo(noDb, '1').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fake.pings).toBeGreaterThanOrEqual(2);
    expect(fake.handshakes).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/api/test/access').every((r) => r.socket === 1)).toBe(
      true,
    );
  });

  it('makes a new handshake after the server dropped the connection', async () => {
    const { fake, mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000003' });
    fake.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const info = await mt5.accountInfo(noDb, '8000003');
    expect(info.Login).toBe('8000003');
    expect(fake.handshakes).toBe(2);
  });
});

describe('MT5 commands', () => {
  it('opens an account in the type’s group and answers its passwords once', async () => {
    const { fake, mt5 } = await start();
    const created = await mt5.createAccount(noDb, { ...account, login: '8000004', type: 'Demo' });
    expect(created.login).toBe('8000004');
    expect(created.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{12}$/);
    expect(fake.accounts.get('8000004')?.Group).toBe('demo\\crm');
  });

  it('maps MT5 error answers: 3004 exists, 10019 no money, 13 not found', async () => {
    const { mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000005' });
    expect(await failure(mt5.createAccount(noDb, { ...account, login: '8000005' }))).toBe('exists');
    expect(
      await failure(
        mt5.balance(noDb, {
          login: '8000005',
          direction: 'withdrawal',
          amount: '1',
          comment: 'x',
          reference: newReference(),
          leverage: 100,
        }),
      ),
    ).toBe('no-money');
    expect(await failure(mt5.accountInfo(noDb, '8999999'))).toBe('not-found');
  });

  it('books deposits and withdrawals exactly and lists them apart', async () => {
    const { fake, mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000006' });
    await mt5.balance(noDb, {
      login: '8000006',
      direction: 'deposit',
      amount: '0.1',
      comment: 'CRM yatırım',
      reference: newReference(),
      leverage: 100,
    });
    await mt5.balance(noDb, {
      login: '8000006',
      direction: 'deposit',
      amount: '0.2',
      comment: 'CRM yatırım',
      reference: newReference(),
      leverage: 100,
    });
    const { ticket } = await mt5.balance(noDb, {
      login: '8000006',
      direction: 'withdrawal',
      amount: '0.05',
      comment: 'a comment far longer than thirty-two characters',
      reference: newReference(),
      leverage: 100,
    });
    expect((await mt5.accountInfo(noDb, '8000006')).Balance).toBe('0.25');
    const balanceCall = fake.requests.filter((r) => r.path === '/api/trade/balance').at(-1);
    expect(balanceCall?.query.get('balance')).toBe('-0.05');
    expect(balanceCall?.query.get('comment')).toHaveLength(32);
    expect((await mt5.balanceDeals(noDb, '8000006', 'deposit')).map((d) => d.Profit).sort()).toEqual([
      '0.10',
      '0.20',
    ]);
    expect(await mt5.balanceDeals(noDb, '8000006', 'withdrawal')).toEqual([
      expect.objectContaining({ Deal: ticket, Profit: '-0.05' }),
    ]);
  });

  it('sets the leverage given with a deposit before booking it, and only when it differs', async () => {
    const { fake, mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000008' });
    const deposit = (leverage: number) =>
      mt5.balance(noDb, {
        login: '8000008',
        direction: 'deposit',
        amount: '10',
        comment: 'x',
        leverage,
        reference: newReference(),
      });
    const after = (from: number) => fake.requests.slice(from).map((r) => r.path);

    let from = fake.requests.length;
    await deposit(100);
    expect(after(from)).toEqual(['/api/user/get', '/api/trade/balance']);

    from = fake.requests.length;
    await deposit(500);
    expect(after(from)).toEqual(['/api/user/get', '/api/user/update', '/api/trade/balance']);
    expect(fake.requests.find((r) => r.path === '/api/user/update')?.query.get('leverage')).toBe('500');
    expect((await mt5.accountInfo(noDb, '8000008')).Leverage).toBe(500);
  });

  it('puts the leverage back when the balance operation is refused', async () => {
    const { fake, mt5 } = await start();
    await mt5.createAccount(noDb, { ...account, login: '8000009' });
    expect(
      await failure(
        mt5.balance(noDb, {
          login: '8000009',
          direction: 'withdrawal',
          amount: '1',
          comment: 'x',
          reference: newReference(),
          leverage: 300,
        }),
      ),
    ).toBe('no-money');
    expect(fake.accounts.get('8000009')?.Leverage).toBe('100');
    expect(
      fake.requests.filter((r) => r.path === '/api/user/update').map((r) => r.query.get('leverage')),
    ).toEqual(['300', '100']);
    // A missing account is refused before anything is written.
    const from = fake.requests.length;
    expect(
      await failure(
        mt5.balance(noDb, {
          login: '8999998',
          direction: 'deposit',
          amount: '1',
          comment: 'x',
          reference: newReference(),
          leverage: 200,
        }),
      ),
    ).toBe('not-found');
    expect(fake.requests.slice(from).map((r) => r.path)).toEqual(['/api/user/get']);
  });

  it('reads positions, orders and closed deals with volumes in thousandths of a lot', async () => {
    const { fake, mt5 } = await start({}, { emptyTradeAccount: true });
    await mt5.createAccount(noDb, { ...account, login: '8000007' });
    const book = fake.accounts.get('8000007');
    if (!book) throw new Error('no account');
    book.cents = 12_345;
    book.positions.push({
      Login: '8000007',
      Position: '41',
      Symbol: 'EURUSD',
      Action: '1',
      Volume: '10000',
      TimeCreate: '1700000000',
      PriceOpen: '1.08345',
      PriceSL: '0',
      PriceTP: '0',
      PriceCurrent: '1.08100',
      Storage: '-1.20',
      Profit: '24.50',
    });
    book.orders.push({
      Order: '51',
      Symbol: 'XAUUSD',
      Type: '2',
      VolumeCurrent: '5000',
      TimeSetup: '1700000000',
      PriceOrder: '2600.10',
    });
    book.deals.push({
      Deal: '61',
      Action: '0',
      Entry: '1',
      Symbol: 'EURUSD',
      VolumeClosed: '20000',
      Time: '1700000100',
      Profit: '-3.10',
    });
    book.deals.push({
      Deal: '62',
      Action: '0',
      Entry: '0',
      Symbol: 'EURUSD',
      VolumeClosed: '0',
      Time: '1700000000',
      Profit: '0',
    });
    const [position] = await mt5.openPositions(noDb, '8000007');
    expect(position).toMatchObject({
      Position: '41',
      Action: 1,
      Volume: 1000,
      PriceOpen: '1.08345',
      Profit: '24.50',
      TimeCreate: '2023-11-14 22:13:20',
    });
    expect(await mt5.pendingOrders(noDb, '8000007')).toEqual([
      {
        Order: '51',
        Symbol: 'XAUUSD',
        Type: 2,
        VolumeCurrent: 500,
        TimeSetup: '2023-11-14 22:13:20',
        PriceOrder: '2600.10',
      },
    ]);
    expect(await mt5.closedPositions(noDb, '8000007')).toEqual([
      {
        Deal: '61',
        Symbol: 'EURUSD',
        Action: 0,
        VolumeClosed: 2000,
        Time: '2023-11-14 22:15:00',
        Profit: '-3.10',
      },
    ]);
    // An idle account's empty trade record: user/get's Balance stands in.
    expect((await mt5.accountInfo(noDb, '8000007')).Balance).toBe('123.45');
  });
});

describe('trading env', () => {
  it('picks the ledger without MT5_URL and checks an MT5 setup', () => {
    expect(parseTradingEnv({}).kind).toBe('ledger');
    expect(parseTradingEnv({ TRADING_PLATFORM: 'ledger', MT5_URL: 'https://x' }).kind).toBe('ledger');
    expect(() => parseTradingEnv({ MT5_URL: 'https://mt5.example.com' })).toThrow(TradingConfigError);
    expect(() => parseTradingEnv({ TRADING_PLATFORM: 'ftp' })).toThrow(TradingConfigError);
    const config = parseTradingEnv({
      MT5_URL: 'https://mt5.example.com',
      MT5_LOGIN: '1000',
      MT5_PASSWORD: 'p',
      MT5_GROUP_REAL: 'real\\vip',
    });
    expect(config).toMatchObject({
      kind: 'mt5',
      managerLogin: '1000',
      groups: { Real: 'real\\vip', Demo: 'demo\\crm' },
      keepAliveMs: 20_000,
    });
  });
});
