import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoIban } from '../../../src/server/seed/transaction-data';
import { specAnswer, startSpecServer, type Account, type SpecServer } from './support/spec-server';

/**
 * docs/requirements.md#calls money calls (transaction actions, lead info, search, a customer's transactions, the trading
 * account calls), with the spec's bodies. These calls belong to the money modules; a shape of theirs that
 * differs from the spec is listed in docs/api-conformance.md and asserted here as it is today.
 */

let server: SpecServer;
let customer: { id: number; login: string };
let seq = 0;

const success = z.looseObject({ success: z.literal(true) });
const IBAN = demoIban('00062', '123456789');

async function addCustomer(): Promise<{ id: number; login: string }> {
  const { sales } = server.users;
  const lead = await server.db
    .insertInto('leads')
    .values({
      name: 'Spec Müşterisi',
      phone: '5327770011',
      email: 'spec.musteri@example.com',
      team_id: sales.team_id,
      agent_id: sales.id,
      is_customer: 1,
      address: 'Moda Caddesi 1',
      city: 'İstanbul',
      ilce: 'Kadıköy',
      occupation_id: 2,
      tc: '10000000146',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  seq += 1;
  const login = `88${String(seq).padStart(5, '0')}`;
  await server.db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login, type: 'Real', whitelabel_id: 1 })
    .execute();
  return { id: lead.id, login };
}

/** A transaction through the spec's create form (inline save, table transactions, type insert). */
async function create(kind: 'YATIRIM' | 'ÇEKİM'): Promise<number> {
  const inputs: Record<string, unknown> = {
    customer_id: customer.id,
    type: kind,
    gateway_id: 1,
    amount: kind === 'YATIRIM' ? '1000' : '500',
    currency_id: 1,
    login: customer.login,
  };
  if (kind === 'ÇEKİM')
    Object.assign(inputs, { iban: IBAN, iban_name: 'Ayşe Yılmaz', comment: 'Kar çekimi' });
  const answer = specAnswer(
    await server.form('/inline/save/', { table: 'transactions', type: 'insert', inputs }, 'sales'),
    z.looseObject({ success: z.literal(true), id: z.number() }),
  );
  return answer.id;
}

async function statusOf(id: number): Promise<number> {
  const row = await server.db
    .selectFrom('transactions')
    .select('status_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.status_id);
}

function act(action: string, id: number, body: Record<string, unknown>, as: Account) {
  return server.form(`/transaction/${action}/${id}`, body, as);
}

beforeAll(async () => {
  server = await startSpecServer();
  customer = await addCustomer();
});
afterAll(async () => {
  await server.close();
});

describe('transaction actions', () => {
  it('POST /transaction/changeStatus/{id} (status_id) -> success, or the error body', async () => {
    const id = await create('YATIRIM');
    expect(await statusOf(id)).toBe(2);
    specAnswer(await act('changeStatus', id, { status_id: 9 }, 'finance'), success);
    expect(await statusOf(id)).toBe(9);
    // A status the flow does not give the department: the server's refusal is the body shown.
    const refused = await act('changeStatus', id, { status_id: 16 }, 'finance');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toMatchObject({ success: false, msg: expect.any(String) });
  });

  it('POST /transaction/changeComment/{id} (comment)', async () => {
    const id = await create('YATIRIM');
    specAnswer(await act('changeComment', id, { comment: 'Müşteri aradı' }, 'finance'), success);
  });

  it('POST /transaction/deliveryIban/{id}, POST /transaction/depositOk/{id} (bank amount, currency) and POST /transaction/riskOk/{id} (platform amount, currency)', async () => {
    const id = await create('YATIRIM');
    specAnswer(await act('deliveryIban', id, { delivery_iban: IBAN }, 'finance'), success);
    specAnswer(await act('depositOk', id, { amount_bank: '1000', bank_currency_id: 6 }, 'finance'), success);
    specAnswer(
      await act('riskOk', id, { amount_platform: '1000', platform_currency_id: 1 }, 'risk'),
      success,
    );
  });

  it('POST /transaction/depositCanceled/{id} (comment)', async () => {
    const id = await create('YATIRIM');
    specAnswer(await act('depositCanceled', id, { comment: 'Müşteri vazgeçti' }, 'finance'), success);
  });

  it('POST /transaction/depositBlocked/{id} (reason as comment)', async () => {
    const id = await create('YATIRIM');
    specAnswer(await act('depositBlocked', id, { comment: 'Sahte dekont' }, 'finance'), success);
  });

  it('POST /transaction/finansOkWithdrawal/{id} (bank amount) and POST /transaction/riskOkWithdrawal/{id} (platform and bank amounts, currencies)', async () => {
    const id = await create('ÇEKİM');
    expect(await statusOf(id)).toBe(5);
    specAnswer(
      await act('finansOkWithdrawal', id, { amount_bank: '500', bank_currency_id: 6 }, 'finance'),
      success,
    );
    expect(await statusOf(id)).toBe(14);
    specAnswer(
      await act(
        'riskOkWithdrawal',
        id,
        { amount_platform: '500', platform_currency_id: 1, amount_bank: '500', bank_currency_id: 6 },
        'risk',
      ),
      success,
    );
    expect(await statusOf(id)).toBe(16);
  });

  it('POST /transaction/riskCanceled/{id} and POST /transaction/riskBlocked/{id} (comment)', async () => {
    const canceled = await create('YATIRIM');
    specAnswer(
      await act('depositOk', canceled, { amount_bank: '1000', bank_currency_id: 6 }, 'finance'),
      success,
    );
    specAnswer(await act('riskCanceled', canceled, { comment: 'Belgeler eksik' }, 'risk'), success);
    const blocked = await create('YATIRIM');
    specAnswer(
      await act('depositOk', blocked, { amount_bank: '1000', bank_currency_id: 6 }, 'finance'),
      success,
    );
    specAnswer(await act('riskBlocked', blocked, { comment: 'Risk reddi' }, 'risk'), success);
  });

  it('POST /transaction/leadInfo?trx= (id: customer_id and trx id) -> result (id, name, phone, tc, address, ilce, city, email)', async () => {
    const id = await create('YATIRIM');
    const answer = specAnswer(
      await server.form(`/transaction/leadInfo?trx=${id}`, { id: customer.id }, 'finance'),
      z.looseObject({
        result: z.looseObject({
          id: z.number(),
          name: z.string().nullable(),
          phone: z.string().nullable(),
          tc: z.string().nullable(),
          address: z.string().nullable(),
          ilce: z.string().nullable(),
          city: z.string().nullable(),
          email: z.string().nullable(),
        }),
      }),
    );
    expect(answer.result.id).toBe(customer.id);
  });

  it('POST /searchTrx (keyword) -> results with customer_id', async () => {
    const answer = specAnswer(
      await server.form('/searchTrx', { keyword: customer.login }, 'finance'),
      z.looseObject({ results: z.array(z.looseObject({ customer_id: z.number() })) }),
    );
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((result) => result.customer_id === customer.id)).toBe(true);
  });

  it('Transactions of a customer: POST /table/transactions filtered on customer_id, limit 500 -> results', async () => {
    const answer = specAnswer(
      await server.form(
        '/table/transactions',
        {
          table: 'transactions',
          page: 1,
          limit: 500,
          filters: [{ name: 'customer_id', type: 1, value: String(customer.id) }],
        },
        'sales',
      ),
      z.looseObject({ results: z.array(z.looseObject({ id: z.number(), customer_id: z.unknown() })) }),
    );
    expect(answer.results.length).toBeGreaterThan(0);
  });
});

describe('trading account calls', () => {
  /** The account the createPlatform case opens on the platform (the built-in ledger). */
  const OPENED_LOGIN = '8899001';
  const account = () => ({ login: OPENED_LOGIN, type: 'Real' });

  it('POST /mt5/createPlatform (type, whitelabel_id, name, phone, email, customer_id): needs a login today (see docs)', async () => {
    const body = {
      type: 'Real',
      whitelabel_id: 1,
      name: 'Spec Müşterisi',
      phone: '5327770011',
      email: 'spec.musteri@example.com',
      customer_id: customer.id,
    };
    // Deviation kept by the money module: without `login` the call is refused; with it, it works.
    const without = await server.form('/mt5/createPlatform', body, 'risk');
    expect(without.statusCode).toBe(400);
    specAnswer(await server.form('/mt5/createPlatform', { ...body, login: OPENED_LOGIN }, 'risk'), success);
  });

  it('POST /mt5/createDeposit and POST /mt5/createWithdrawal (login, type, amount, leverage) -> success', async () => {
    specAnswer(
      await server.form('/mt5/createDeposit', { ...account(), amount: '2500', leverage: 100 }, 'risk'),
      success,
    );
    // The move is recorded and the sending job books it within about a second (docs/money.md#platform-operations);
    // a withdrawal is covered only by money that reached the account.
    await expect
      .poll(
        async () => {
          const answer = await server.json('/mt5/getUserDeposit', account(), 'risk');
          return (answer.json() as { result?: unknown[] }).result?.length ?? 0;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    specAnswer(
      await server.form('/mt5/createWithdrawal', { ...account(), amount: '100', leverage: 100 }, 'risk'),
      success,
    );
  });

  const result = (items: z.ZodType) => z.looseObject({ result: items });

  it('POST /mt5/getPlatformInfo (login, type; JSON) -> result (Name, Registration, LastAccess, LastPassChange, Group, Balance)', async () => {
    specAnswer(
      await server.json('/mt5/getPlatformInfo', account(), 'risk'),
      result(
        z.looseObject({
          Name: z.unknown(),
          Registration: z.unknown(),
          LastAccess: z.unknown(),
          LastPassChange: z.unknown(),
          Group: z.unknown(),
          Balance: z.unknown(),
        }),
      ),
    );
  });

  it('POST /mt5/getUserOpenPositions (login, type; JSON) -> result', async () => {
    specAnswer(
      await server.json('/mt5/getUserOpenPositions', account(), 'risk'),
      result(z.array(z.unknown())),
    );
  });

  it('POST /mt5/getUserPendingOrders (login, type; JSON) -> result', async () => {
    specAnswer(
      await server.json('/mt5/getUserPendingOrders', account(), 'risk'),
      result(z.array(z.unknown())),
    );
  });

  it('POST /mt5/getUserClosedPositions (login, type; JSON) -> result', async () => {
    specAnswer(
      await server.json('/mt5/getUserClosedPositions', account(), 'risk'),
      result(z.array(z.unknown())),
    );
  });

  it('POST /mt5/getUserDeposit (login, type; JSON) -> result (Deal, Comment, Time, Profit)', async () => {
    const answer = specAnswer(
      await server.json('/mt5/getUserDeposit', account(), 'risk'),
      result(
        z.array(
          z.looseObject({ Deal: z.unknown(), Comment: z.unknown(), Time: z.unknown(), Profit: z.unknown() }),
        ),
      ),
    );
    expect(answer.result).not.toHaveLength(0);
  });

  it('POST /mt5/getUserWithdrawal (login, type; JSON) -> result (Deal, Comment, Time, Profit)', async () => {
    specAnswer(
      await server.json('/mt5/getUserWithdrawal', account(), 'risk'),
      result(
        z.array(
          z.looseObject({ Deal: z.unknown(), Comment: z.unknown(), Time: z.unknown(), Profit: z.unknown() }),
        ),
      ),
    );
  });
});
