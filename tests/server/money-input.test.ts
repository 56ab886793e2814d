import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { demoIban } from '../../src/server/seed/transaction-data';
import type { CallResult } from '../../src/shared/contract';
import { format } from '../../src/shared/i18n/messages';
import { moneyMessages as m } from '../../src/shared/i18n/money-messages';
import { platformMessages } from '../../src/shared/i18n/platform-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';
import { waitForSettled } from './support/platform-operations';

/**
 * One money reading on every path that carries an amount (docs/money.md#reading-amounts): what a Turk
 * types ('1.000' is one thousand) is stored exactly, English grouping ('1,000.50') is understood, and
 * anything two readers could take for different amounts is refused with the reader's Turkish sentence
 * naming the field, nothing written. Paths: inline, detail and bulk saves, the importer, the approval
 * steps, the platform moves, offer prices and filters; whole numbers refuse exponent text.
 */

let server: DemoServer;
let db: Kysely<Database>;
const tokens = { admin: '', sales: '', finance: '', risk: '' };
let loginSeq = 0;

const refusal = (template: string, field: string, extra: Record<string, string | number> = {}) =>
  format(template, { field, ...extra });

async function addCustomer(): Promise<{ id: number; login: string }> {
  const lead = await db
    .insertInto('leads')
    .values({
      name: 'Tutar Testi',
      team_id: server.users.sales.team_id,
      agent_id: server.users.sales.id,
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
  const login = `98${String(loginSeq).padStart(5, '0')}`;
  await db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login, type: 'Real', whitelabel_id: 1 })
    .execute();
  return { id: lead.id, login };
}

function create(inputs: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return postForm(
    server.app,
    '/api/inline/save/',
    { table: 'transactions', type: 'insert', inputs },
    tokens.sales,
  );
}

async function deposit(customer: { id: number; login: string }, amount: string, currency = 1) {
  const answer = okAnswer<{ id: number }>(
    await create({
      customer_id: customer.id,
      type: 'YATIRIM',
      gateway_id: 1,
      amount,
      currency_id: currency,
      login: customer.login,
    }),
  );
  return answer.id;
}

async function amounts(id: number) {
  const row = await db
    .selectFrom('transactions')
    .select(['amount', 'amount_bank', 'amount_platform', 'status_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    amount: String(row.amount),
    amount_bank: row.amount_bank === null ? null : String(row.amount_bank),
    amount_platform: row.amount_platform === null ? null : String(row.amount_platform),
    status_id: row.status_id,
  };
}

async function transactionCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from transactions`.execute(db);
  return Number(rows[0]?.n);
}

async function journalCount(id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from transaction_journal
    where transaction_id = ${id}`.execute(db);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  tokens.admin = server.users.admin.token;
  tokens.sales = server.users.sales.token;
  tokens.finance = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
  tokens.risk = await login(server.app, 'risk@demo.crm', DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('a new instruction (POST /inline/save/, table transactions)', () => {
  it('stores 1.000 as one thousand, 1.234,56 and 1,000.50 exactly, in the currency’s decimals', async () => {
    const customer = await addCustomer();
    for (const [typed, stored] of [
      ['1.000', '1000.00'],
      ['1.234,56', '1234.56'],
      ['1,000.50', '1000.50'],
      ['1000,5', '1000.50'],
      ['1.000.000', '1000000.00'],
      [' 1 000,50 ', '1000.50'],
      ['12.34', '12.34'],
    ] as const) {
      expect((await amounts(await deposit(customer, typed))).amount, typed).toBe(stored);
    }
    // USDT (5) takes eight decimals; USD (1) and TRY (6) two.
    expect((await amounts(await deposit(customer, '0,125', 5))).amount).toBe('0.125');
  });

  it('refuses what two readers could read differently, naming the field, and writes nothing', async () => {
    const customer = await addCustomer();
    const before = await transactionCount();
    for (const [typed, message] of [
      ['1e3', refusal(m.malformed, 'Tutar')],
      ['1,000', refusal(m.ambiguous, 'Tutar')],
      ['1.00.0', refusal(m.grouping, 'Tutar')],
      ['１０', refusal(m.digits, 'Tutar')],
      ['--5', refusal(m.malformed, 'Tutar')],
      ['-5', refusal(m.negative, 'Tutar')],
      ['0', refusal(m.zero, 'Tutar')],
      ['0,125', refusal(m.decimalsOfCurrency, 'Tutar', { currency: 'USD', decimals: 2 })],
    ] as const) {
      const answer = await create({
        customer_id: customer.id,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: typed,
        login: customer.login,
      });
      expect(failureMessage(answer, 400), typed).toBe(message);
    }
    expect(await transactionCount()).toBe(before);
  });
});

describe('editing an instruction (POST /detail/save/, /bulk/save/)', () => {
  it('reads an edited amount the same way, in the transaction’s currency', async () => {
    const customer = await addCustomer();
    const id = await deposit(customer, '10');
    const edit = (inputs: Record<string, unknown>) =>
      postForm(server.app, '/api/detail/save/', { table: 'transactions', id, inputs }, tokens.admin);
    okAnswer(await edit({ amount: '1.000' }));
    expect((await amounts(id)).amount).toBe('1000.00');
    okAnswer(await edit({ amount: '2,500.75' }));
    expect((await amounts(id)).amount).toBe('2500.75');
    expect(failureMessage(await edit({ amount: '1e3' }), 400)).toBe(refusal(m.malformed, 'Tutar'));
    expect(failureMessage(await edit({ amount: '1,5055' }), 400)).toBe(
      refusal(m.decimalsOfCurrency, 'Tutar', { currency: 'USD', decimals: 2 }),
    );
    expect((await amounts(id)).amount).toBe('2500.75');
  });

  it('checks a new currency against the amount already there', async () => {
    const customer = await addCustomer();
    const id = await deposit(customer, '0,12345678', 5);
    const edit = (inputs: Record<string, unknown>) =>
      postForm(server.app, '/api/detail/save/', { table: 'transactions', id, inputs }, tokens.admin);
    expect(failureMessage(await edit({ currency_id: 6 }), 400)).toBe(
      refusal(m.decimalsOfCurrency, 'Tutar', { currency: 'TRY', decimals: 2 }),
    );
    okAnswer(await edit({ currency_id: 6, amount: '4.000' }));
    expect((await amounts(id)).amount).toBe('4000.00');
  });

  it('bulk: one amount for several transactions, read once and checked in each one’s currency', async () => {
    const customer = await addCustomer();
    const usd = await deposit(customer, '10');
    const usdt = await deposit(customer, '10', 5);
    const bulk = (fieldValue: string) =>
      postForm(
        server.app,
        '/api/bulk/save/',
        { ids: [usd, usdt], table: 'transactions', type: 1, fieldName: 'amount', fieldValue },
        tokens.admin,
      );
    expect(failureMessage(await bulk('0,125'), 400)).toBe(
      refusal(m.decimalsOfCurrency, 'Tutar', { currency: 'USD', decimals: 2 }),
    );
    expect(failureMessage(await bulk('1e3'), 400)).toBe(refusal(m.malformed, 'Tutar'));
    expect((await amounts(usdt)).amount).toBe('10.00');
    okAnswer(await bulk('2.500'));
    expect((await amounts(usd)).amount).toBe('2500.00');
    expect((await amounts(usdt)).amount).toBe('2500.00');
  });

  it('filters find what the form stored: Tutar = 1.000 is one thousand', async () => {
    const customer = await addCustomer();
    const id = await deposit(customer, '1.000');
    const list = okAnswer<{ results: Record<string, unknown>[] }>(
      await postForm(
        server.app,
        '/api/table/transactions',
        {
          fields: ['id', 'amount'],
          filters: [
            { name: 'customer_id', type: 1, value: String(customer.id) },
            { name: 'amount', type: 1, value: '1.000' },
          ],
        },
        tokens.admin,
      ),
    );
    expect(list.results.map((row) => Number(row.id))).toEqual([id]);
  });
});

describe('the approval steps (POST /transaction/*)', () => {
  it('finance’s 1,000.50 is 1000.50 (never 1.0005); risk’s 1.000 is one thousand', async () => {
    const customer = await addCustomer();
    const id = await deposit(customer, '1.000');
    const finance = await postForm(
      server.app,
      `/api/transaction/depositOk/${id}`,
      { amount_bank: '1,000.50', bank_currency_id: 6 },
      tokens.finance,
    );
    expect(finance.statusCode, finance.body).toBe(200);
    expect((await amounts(id)).amount_bank).toBe('1000.50');
    const risk = await postForm(
      server.app,
      `/api/transaction/riskOk/${id}`,
      { amount_platform: '1.000', platform_currency_id: 1 },
      tokens.risk,
    );
    expect(risk.statusCode, risk.body).toBe(200);
    expect((await amounts(id)).amount_platform).toBe('1000.00');
  });

  it('refuses a step’s amount with the reader’s sentence, the status and journal unchanged', async () => {
    const customer = await addCustomer();
    const id = await deposit(customer, '500');
    const journal = await journalCount(id);
    const step = (body: Record<string, unknown>) =>
      postForm(server.app, `/api/transaction/depositOk/${id}`, body, tokens.finance);
    for (const [body, message] of [
      [{ amount_bank: '1e3' }, refusal(m.malformed, 'Banka tutarı')],
      [{ amount_bank: '1,500' }, refusal(m.ambiguous, 'Banka tutarı')],
      [{ amount_bank: '' }, refusal(m.empty, 'Banka tutarı')],
      [{}, refusal(m.empty, 'Banka tutarı')],
      [
        { amount_bank: '0,125', bank_currency_id: 6 },
        refusal(m.decimalsOfCurrency, 'Banka tutarı', { currency: 'TRY', decimals: 2 }),
      ],
    ] as const) {
      expect(failureMessage(await step(body), 400), JSON.stringify(body)).toBe(message);
    }
    expect(await amounts(id)).toMatchObject({ amount_bank: null, status_id: 2 });
    expect(await journalCount(id)).toBe(journal);
    // The same step in a crypto coin takes its eight decimals.
    okAnswer(await step({ amount_bank: '0,125', bank_currency_id: 5 }));
    expect((await amounts(id)).amount_bank).toBe('0.125');
  });

  it('withdrawal: risk’s platform and bank amounts are both read', async () => {
    const customer = await addCustomer();
    const created = okAnswer<{ id: number }>(
      await create({
        customer_id: customer.id,
        type: 'ÇEKİM',
        gateway_id: 1,
        amount: '2.000',
        login: customer.login,
        iban: demoIban('00062', '123456789'),
        iban_name: 'Ayşe Yılmaz',
        comment: 'Kar çekimi',
      }),
    );
    const id = created.id;
    okAnswer(
      await postForm(
        server.app,
        `/api/transaction/finansOkWithdrawal/${id}`,
        { amount_bank: '2.000' },
        tokens.finance,
      ),
    );
    const risk = (body: Record<string, unknown>) =>
      postForm(server.app, `/api/transaction/riskOkWithdrawal/${id}`, body, tokens.risk);
    expect(failureMessage(await risk({ amount_platform: '58,6', amount_bank: '2e3' }), 400)).toBe(
      refusal(m.malformed, 'Banka tutarı'),
    );
    okAnswer(await risk({ amount_platform: '58,6', amount_bank: '1.999,90' }));
    expect(await amounts(id)).toMatchObject({
      amount: '2000.00',
      amount_platform: '58.60',
      amount_bank: '1999.90',
    });
  });
});

describe('platform moves (POST /mt5/createDeposit, createWithdrawal)', () => {
  async function realAccount(): Promise<string> {
    const row = await db
      .selectFrom('lead_platforms as p')
      .innerJoin('leads as l', 'l.id', 'p.customer_id')
      .select('p.login')
      .where('l.team_id', '=', server.users.sales.team_id)
      .where('p.type', '=', 'Real')
      .where(sql<boolean>`p.login::bigint < 6000000`)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    return row.login;
  }
  async function balance(account: string): Promise<string> {
    const row = await db
      .selectFrom('trading_accounts')
      .select('balance')
      .where('login', '=', account)
      .executeTakeFirstOrThrow();
    return String(row.balance);
  }
  const cents = (text: string) => BigInt(text.replace('.', ''));

  it('moves 1.000 as one thousand and 1.234,56 exactly; refuses 1e3 and 1,000 with nothing moved', async () => {
    const account = await realAccount();
    const move = (call: string, amount: string, leverage?: string) =>
      postForm(
        server.app,
        `/api/mt5/${call}`,
        { login: account, type: 'Real', amount, ...(leverage ? { leverage } : {}) },
        tokens.risk,
      );
    const start = cents(await balance(account));
    // Recorded first, then booked by the sending job (docs/money.md#platform-operations).
    const booked = async (response: Awaited<ReturnType<typeof move>>): Promise<void> => {
      okAnswer(response);
      const id = response.json<{ operation: { id: number } }>().operation.id;
      expect((await waitForSettled(db, id)).state).toBe('done');
    };
    await booked(await move('createDeposit', '1.000'));
    expect(cents(await balance(account)) - start).toBe(100_000n);
    await booked(await move('createWithdrawal', '1.234,56'));
    expect(cents(await balance(account)) - start).toBe(100_000n - 123_456n);
    const after = await balance(account);
    expect(failureMessage(await move('createDeposit', '1e3'), 400)).toBe(refusal(m.malformed, 'Tutar'));
    expect(failureMessage(await move('createDeposit', '1,000'), 400)).toBe(refusal(m.ambiguous, 'Tutar'));
    expect(failureMessage(await move('createDeposit', '0,125'), 400)).toBe(
      refusal(m.decimals, 'Tutar', { decimals: 2 }),
    );
    expect(failureMessage(await move('createDeposit', '5', '1e2'), 400)).toBe(
      platformMessages.leverageInvalid,
    );
    expect(await balance(account)).toBe(after);
  });
});

describe('offer prices (POST /bids/save/)', () => {
  it('stores 1.250,50 and 1.000 exactly and refuses 1e3 naming the answer’s question', async () => {
    const save = (priceVal: string) =>
      postJson(
        server.app,
        '/api/bids/save/',
        {
          name: 'Fiyat Testi',
          questions: [
            {
              text: 'Paket',
              type: 'cat',
              answers: [
                { text: 'Altın', priceCalc: true, priceVal },
                { text: 'Gümüş', priceCalc: true, priceVal: '1.000' },
              ],
            },
          ],
        },
        tokens.admin,
      );
    const saved = okAnswer<CallResult<'bidsSave'>>(await save('1.250,50'));
    const template = await db
      .selectFrom('bid_templates')
      .select('questions')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    const questions = (
      typeof template.questions === 'string' ? JSON.parse(template.questions) : template.questions
    ) as { answers: { priceVal: string }[] }[];
    expect(questions[0]?.answers.map((answer) => answer.priceVal)).toEqual(['1250.50', '1000.00']);
    expect(failureMessage(await save('1e3'), 400)).toBe(refusal(m.malformed, 'Fiyat (Paket)'));
    expect(failureMessage(await save('1,5055'), 400)).toBe(
      refusal(m.decimals, 'Fiyat (Paket)', { decimals: 2 }),
    );
  });
});

describe('the generic decimal of a lead (balance) and the importer', () => {
  it('imports balances as people write them, and names the row of one it cannot read', async () => {
    const body = (excelId: string, balances: string[]) => ({
      table: 'leads',
      excelId,
      fileName: 'bakiye.xlsx',
      chunk: 0,
      chunks: 1,
      total: balances.length,
      inputs: {
        columns: ['name', 'phone', 'utm_source', 'balance'],
        data: balances.map((balance, index) => [
          `Bakiye ${index}`,
          `50077700${String(index).padStart(2, '0')}`,
          `bakiye-${excelId}`,
          balance,
        ]),
      },
    });
    okAnswer(
      await postJson(
        server.app,
        '/api/bulk/insert/',
        body('bakiye_00000000001', ['1.000', '2,5', '0']),
        tokens.admin,
      ),
    );
    const rows = await db
      .selectFrom('leads')
      .select(['name', 'balance'])
      .where('utm_source', '=', 'bakiye-bakiye_00000000001')
      .orderBy('name')
      .execute();
    expect(rows.map((row) => String(row.balance))).toEqual(['1000.00', '2.50', '0.00']);
    const refused = await postJson(
      server.app,
      '/api/bulk/insert/',
      body('bakiye_00000000002', ['10', '1e3']),
      tokens.admin,
    );
    expect(failureMessage(refused, 400)).toContain(refusal(m.malformed, 'Bakiye'));
    expect(failureMessage(refused, 400)).toContain('3');
    const none = await db
      .selectFrom('leads')
      .select('id')
      .where('utm_source', '=', 'bakiye-bakiye_00000000002')
      .execute();
    expect(none).toEqual([]);
  });

  it('a bulk save of balances reads them the same way', async () => {
    const ids = (await db.selectFrom('leads').select('id').orderBy('id').limit(2).execute()).map(
      (row) => row.id,
    );
    const bulk = (fieldValue: string) =>
      postForm(
        server.app,
        '/api/bulk/save/',
        { ids, table: 'leads', type: 1, fieldName: 'balance', fieldValue },
        tokens.admin,
      );
    okAnswer(await bulk('12.345,67'));
    const rows = await db.selectFrom('leads').select('balance').where('id', 'in', ids).execute();
    expect(rows.map((row) => String(row.balance))).toEqual(['12345.67', '12345.67']);
    expect(failureMessage(await bulk('12,345'), 400)).toBe(refusal(m.ambiguous, 'Bakiye'));
  });
});

describe('whole numbers of a call', () => {
  it('refuse exponent and hexadecimal text instead of reading 1e2 as 100', async () => {
    for (const page of ['1e2', '0x10', '1.0', ' ']) {
      const answer = await postForm(
        server.app,
        '/api/table/leads',
        { fields: ['id'], page, limit: '10' },
        tokens.admin,
      );
      expect(answer.statusCode, page).toBe(400);
    }
    okAnswer(
      await postForm(
        server.app,
        '/api/table/leads',
        { fields: ['id'], page: '2', limit: '10' },
        tokens.admin,
      ),
    );
  });
});
