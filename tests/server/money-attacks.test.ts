import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerPlatform } from '../../src/server/adapters/trading/trading-platform';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { demoIban } from '../../src/server/seed/transaction-data';
import { OPTION_LIST_IDS } from '../../src/shared/domain/constants';
import { APPROVAL, TRX_STATUS as S } from '../../src/shared/domain/transaction-flow';
import { transactionMessages as t } from '../../src/shared/i18n/transaction-messages';
import { login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * Red-team attacks on the money path through the HTTP API, as each demo department would make them.
 *
 * Tests named "FINDING n" are the holes a red-team review found, each fixed and kept as a test; every
 * other test is an attack that held and must keep holding.
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
  platformId: number;
}

async function addCustomer(owner: Who, balance = '0'): Promise<Customer> {
  const lead = await db
    .insertInto('leads')
    .values({
      name: 'Kırmızı Takım',
      team_id: users[owner].team_id,
      agent_id: users[owner].id,
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
  const accountLogin = `77${String(loginSeq).padStart(5, '0')}`;
  const platform = await db
    .insertInto('lead_platforms')
    .values({ customer_id: lead.id, login: accountLogin, type: 'Real', whitelabel_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createLedgerPlatform().createAccount(db, {
    login: accountLogin,
    type: 'Real',
    name: 'Kırmızı Takım',
    email: '',
    phone: '',
    leverage: 100,
  });
  if (balance !== '0') {
    await db.updateTable('trading_accounts').set({ balance }).where('login', '=', accountLogin).execute();
  }
  return { id: lead.id, login: accountLogin, platformId: platform.id };
}

const insert = (who: Who, inputs: Record<string, unknown>): Promise<LightMyRequestResponse> =>
  postForm(app, '/api/inline/save/', { table: 'transactions', type: 'insert', inputs }, tokens[who]);

async function insertOk(who: Who, inputs: Record<string, unknown>): Promise<number> {
  const response = await insert(who, inputs);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

const act = (who: Who, action: string, id: number, body: Record<string, unknown> = {}) =>
  postForm(app, `/api/transaction/${action}/${id}`, body, tokens[who]);

async function actOk(who: Who, action: string, id: number, body: Record<string, unknown> = {}) {
  const response = await act(who, action, id, body);
  expect(response.statusCode, `${action} by ${who}: ${response.body}`).toBe(200);
}

const depositInputs = (customer: Customer, amount = '1000') => ({
  customer_id: customer.id,
  type: 'YATIRIM',
  gateway_id: 1,
  amount,
  login: customer.login,
});
const deposit = (customer: Customer, amount = '1000', who: Who = 'sales') =>
  insertOk(who, depositInputs(customer, amount));

const withdrawal = (customer: Customer, amount = '500', who: Who = 'sales') =>
  insertOk(who, {
    customer_id: customer.id,
    type: 'ÇEKİM',
    gateway_id: 1,
    amount,
    login: customer.login,
    iban: GOOD_IBAN,
    iban_name: 'Ayşe Yılmaz',
    comment: 'Kar çekimi',
  });

async function completedDeposit(customer: Customer, who: Who = 'sales'): Promise<number> {
  const id = await deposit(customer, '1000', who);
  await actOk('finance', 'depositOk', id, { amount_bank: '1000' });
  await actOk('risk', 'riskOk', id, { amount_platform: '1000' });
  return id;
}

async function paidWithdrawal(customer: Customer): Promise<number> {
  const id = await withdrawal(customer);
  await actOk('finance', 'finansOkWithdrawal', id, { amount_bank: '500' });
  await actOk('risk', 'riskOkWithdrawal', id, { amount_platform: '500', amount_bank: '500' });
  await actOk('finance', 'changeStatus', id, { status_id: S.paymentSent });
  return id;
}

const row = (id: number) => db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();

async function snapshot(id: number): Promise<string> {
  const journal = await db
    .selectFrom('transaction_journal')
    .selectAll()
    .where('transaction_id', '=', id)
    .orderBy('id')
    .execute();
  return JSON.stringify({ row: await row(id), journal });
}

async function expectRefusedUnchanged(
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

const detailSave = (who: Who, table: string, id: number, inputs: Record<string, unknown>) =>
  postForm(app, '/api/detail/save/', { table, id, inputs }, tokens[who]);
const inlineSave = (who: Who, id: number, fieldName: string, fieldValue: string) =>
  postForm(
    app,
    '/api/inline/save/',
    { table: 'transactions', keyName: 'id', keyValue: String(id), fieldName, fieldValue },
    tokens[who],
  );
const bulkSave = (who: Who, ids: number[], fieldName: string, fieldValue: string) =>
  postForm(app, '/api/bulk/save/', { table: 'transactions', ids, fieldName, fieldValue }, tokens[who]);

/** The option_values row of a status of list 146. */
async function statusRow(status: number): Promise<{ id: number; flow: unknown }> {
  return db
    .selectFrom('option_values')
    .select(['id', 'flow'])
    .where('list_id', '=', OPTION_LIST_IDS.transactionStatuses)
    .where('value', '=', String(status))
    .executeTakeFirstOrThrow();
}

/** Admin writes a status's flow the way the admin screen does (generic detail save); answers a restore. */
async function setFlow(status: number, flow: Record<string, number[]>): Promise<() => Promise<void>> {
  const { id, flow: old } = await statusRow(status);
  const response = await detailSave('admin', 'transaction_statuses', id, { flow: JSON.stringify(flow) });
  if (status === S.depositCompleted || status === S.paymentSent) {
    // A final status keeps an empty flow through the API; the flow is then written behind the API's
    // back, to show that the workflow holds even against flows it never accepted.
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe(t.finalFlow);
    await db
      .updateTable('option_values')
      .set({ flow: JSON.stringify(flow) })
      .where('id', '=', id)
      .execute();
    await postForm(app, '/api/admin/resetCache', {}, tokens.admin);
  } else {
    expect(response.statusCode, response.body).toBe(200);
  }
  return async () => {
    await db
      .updateTable('option_values')
      .set({ flow: typeof old === 'string' ? old : JSON.stringify(old) })
      .where('id', '=', id)
      .execute();
    await postForm(app, '/api/admin/resetCache', {}, tokens.admin);
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 60 });
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

describe('amounts as a Turk types them (see docs/money.md)', () => {
  it('FINDING 1: `1.000` is one thousand and `1,000.50` is 1000.50 on the generic insert', async () => {
    const customer = await addCustomer('sales');
    const cases: [string, string][] = [
      ['1.000', '1000.00'],
      ['1.000,50', '1000.50'],
      ['1000,5', '1000.50'],
      ['1000.50', '1000.50'],
      ['1,000.50', '1000.50'],
    ];
    const stored: Record<string, string | null> = {};
    for (const [typed] of cases) {
      const response = await insert('sales', depositInputs(customer, typed));
      stored[typed] =
        response.statusCode === 200
          ? String((await row(response.json<{ id: number }>().id))?.amount)
          : `refused ${response.statusCode}: ${response.json<{ msg: string }>().msg}`;
    }
    expect(stored).toEqual(Object.fromEntries(cases));
  });

  it('FINDING 1b: the approval amounts read `1.000` the same way (depositOk amount_bank)', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await actOk('finance', 'depositOk', id, { amount_bank: '1.000' });
    expect((await row(id))?.amount_bank).toBe('1000.00');
  });

  it('malformed and out-of-range amounts are refused with a Turkish message and nothing is written', async () => {
    const customer = await addCustomer('sales');
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', customer.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const typed of [
      '1e3',
      '-5',
      '--5',
      '0',
      '0,00',
      '１０',
      '1.00.0',
      '1.123456789',
      '999999999999999',
      'NaN',
      'Infinity',
      '0x10',
      ' ',
    ]) {
      const response = await insert('sales', depositInputs(customer, typed));
      expect(response.statusCode, `${typed}: ${response.body}`).toBe(400);
      expect(response.json<{ msg: string }>().msg, typed).toMatch(/[ğüşıöçĞÜŞİÖÇ]|tutar|Tutar/);
    }
    expect(await count()).toBe(0);
  });

  it('FINDING 2: risk cannot approve a deposit with a platform amount the funding can never send', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await actOk('finance', 'depositOk', id, { amount_bank: '1000' });
    // 3 decimals are accepted by riskOk (up to 8), but funding takes at most 2: the deposit is then
    // completed (final, immutable) and Hesaba Aktar is refused forever.
    const approval = await act('risk', 'riskOk', id, { amount_platform: '1000.125' });
    const fund = await act('risk', 'fund', id);
    expect(
      { approval: approval.statusCode, fund: fund.statusCode },
      `${approval.body} / ${fund.body}`,
    ).toEqual({ approval: 400, fund: 409 });
  });

  it('FINDING 3: leverage refuses exponent text on /mt5/createDeposit', async () => {
    const customer = await addCustomer('sales');
    const response = await postForm(
      app,
      '/api/mt5/createDeposit',
      { login: customer.login, type: 'Real', amount: '10', leverage: '1e2' },
      tokens.risk,
    );
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('approved money stays as approved, on every generic path', () => {
  it('FINDING 4: the delivery account and the third-party remitter of a completed deposit cannot be rewritten', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const remitter = await db
      .insertInto('lead_remitters')
      .values({ lead_id: customer.id, name: 'Üçüncü Şahıs' })
      .returning('id')
      .executeTakeFirst()
      .catch(() => undefined);
    const attempts: [string, () => Promise<LightMyRequestResponse>][] = [
      [
        'detail delivery_iban',
        () => detailSave('sales_manager', 'transactions', id, { delivery_iban: OTHER_IBAN }),
      ],
      ['inline delivery_iban', () => inlineSave('sales_manager', id, 'delivery_iban', OTHER_IBAN)],
      ['bulk delivery_iban', () => bulkSave('admin', [id], 'delivery_iban', OTHER_IBAN)],
    ];
    if (remitter) {
      attempts.push([
        'detail lead_remitter_id',
        () => detailSave('sales_manager', 'transactions', id, { lead_remitter_id: String(remitter.id) }),
      ]);
    }
    const outcome: Record<string, number> = {};
    for (const [label, attempt] of attempts) {
      const before = await snapshot(id);
      const response = await attempt();
      outcome[label] = response.statusCode;
      if (response.statusCode === 200)
        outcome[`${label} changed the row`] = Number(before !== (await snapshot(id)));
    }
    expect(
      Object.values(outcome).every((status) => status >= 400 && status < 500),
      JSON.stringify(outcome),
    ).toBe(true);
  });

  it('a sales manager may correct a deposit delivery account before approval, and the edit is journaled', async () => {
    // docs/requirements.md#money-importer-and-lead-input: the agent's deposit form carries the account or wallet info; before finance approves,
    // admin and sales_manager may correct it (docs/money.md, "Immutability and reversal").
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const response = await detailSave('sales_manager', 'transactions', id, { delivery_iban: OTHER_IBAN });
    expect(response.statusCode, response.body).toBe(200);
    const edit = await db
      .selectFrom('transaction_journal')
      .selectAll()
      .where('transaction_id', '=', id)
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    expect(edit.agent_id).toBe(users.sales_manager.id);
    expect(edit.values).toMatchObject({ delivery_iban: { old: null, new: OTHER_IBAN } });
  });

  it('an agent cannot give an instruction with finance’s delivery account or server fields filled in', async () => {
    const customer = await addCustomer('sales');
    const response = await insert('sales', {
      ...depositInputs(customer),
      delivery_iban: OTHER_IBAN,
      status_id: String(S.depositCompleted),
      finance_approve_status: '1',
      risk_approve_status: '1',
      amount_platform: '5000',
      locked_at: '2026-01-01 00:00:00',
      entered_at: '2001-01-01 00:00:00',
      insert_user_id: String(users.admin.id),
      reverses_id: '1',
    });
    if (response.statusCode === 200) {
      const created = await row(response.json<{ id: number }>().id);
      expect(created).toMatchObject({
        status_id: S.depositRequested,
        finance_approve_status: null,
        risk_approve_status: null,
        amount_platform: null,
        locked_at: null,
        insert_user_id: users.sales.id,
        reverses_id: null,
      });
      expect(String(created?.entered_at)).not.toContain('2001');
    } else {
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('an agent’s new deposit carries the account info the customer pays into (see docs/requirements.md#money-importer-and-lead-input)', async () => {
    const customer = await addCustomer('sales');
    const response = await insert('sales', { ...depositInputs(customer), delivery_iban: OTHER_IBAN });
    expect(response.statusCode, response.body).toBe(200);
    expect((await row(response.json<{ id: number }>().id))?.delivery_iban).toBe(OTHER_IBAN);
  });

  it('FINDING 9: a withdrawal’s required reason (comment) cannot be emptied through changeComment', async () => {
    const customer = await addCustomer('sales');
    const id = await withdrawal(customer);
    const response = await act('finance', 'changeComment', id, { comment: '' });
    expect({ status: response.statusCode, comment: (await row(id))?.comment }, response.body).toEqual({
      status: 400,
      comment: 'Kar çekimi',
    });
  });

  it('locked money fields are refused on detail, inline and bulk save for admin and sales_manager', async () => {
    const customer = await addCustomer('sales');
    const other = await addCustomer('sales');
    const dep = await completedDeposit(customer);
    const wd = await paidWithdrawal(customer);
    const changes: [string, string][] = [
      ['amount', '1'],
      ['amount', '1.000,01'],
      ['type', 'ÇEKİM'],
      ['currency_id', '2'],
      ['gateway_id', '2'],
      ['login', other.login],
      ['customer_id', String(other.id)],
      ['iban', OTHER_IBAN],
      ['iban_name', 'Başkası'],
      ['status_id', String(S.depositRequested)],
      ['amount_platform', '1'],
      ['amount_bank', '1'],
      ['risk_approve_status', '0'],
      ['locked_at', ''],
      ['created_at', '2001-01-01 10:00:00'],
      ['entered_at', '2001-01-01 10:00:00'],
      ['reverses_id', String(dep)],
    ];
    for (const who of ['admin', 'sales_manager', 'finance', 'risk', 'sales'] as const) {
      for (const id of [dep, wd]) {
        for (const [name, given] of changes) {
          // The opposite type for each row (the same type would be a no-op save).
          const value = name === 'type' && id === wd ? 'YATIRIM' : given;
          await expectRefusedUnchanged(
            id,
            () => detailSave(who, 'transactions', id, { [name]: value }),
            `${who} detail ${name}`,
          );
          await expectRefusedUnchanged(id, () => inlineSave(who, id, name, value), `${who} inline ${name}`);
          await expectRefusedUnchanged(id, () => bulkSave(who, [id], name, value), `${who} bulk ${name}`);
        }
      }
    }
  }, 120_000);

  it('the workspace alias of transactions obeys the same rules', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    await expectRefusedUnchanged(
      id,
      () => detailSave('admin', 'transaction_workspace', id, { amount: '1' }),
      'alias detail',
    );
    await expectRefusedUnchanged(
      id,
      () =>
        postForm(
          app,
          '/api/inline/save/',
          {
            table: 'transaction_workspace',
            type: 'insert',
            inputs: { ...depositInputs(customer), status_id: '12' },
          },
          tokens.admin,
        ),
      'alias insert',
    );
  });

  it('the importer cannot bring transactions in (no excel_import on transactions for anyone)', async () => {
    const customer = await addCustomer('sales');
    for (const who of WHO) {
      const response = await postJson(
        app,
        '/api/bulk/insert/',
        {
          table: 'transactions',
          excelId: `kirmizi_${who.padEnd(11, 'x')}`.slice(0, 20),
          fileName: 'para.xlsx',
          chunk: 0,
          chunks: 1,
          total: 1,
          inputs: {
            columns: ['customer_id', 'type', 'gateway_id', 'amount', 'login', 'status_id', 'created_at'],
            data: [[String(customer.id), 'YATIRIM', '1', '5', customer.login, '12', '2001-01-01']],
          },
        },
        tokens[who],
      );
      expect(response.statusCode, `${who}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const rows = await db
      .selectFrom('transactions')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the state machine against admin-edited flows', () => {
  it('flows that open 12/15/16 to the wrong department or type still need the approvals and amount forms', async () => {
    const customer = await addCustomer('sales');
    const wd = await withdrawal(customer);
    const dep = await deposit(customer);
    const restore5 = await setFlow(S.withdrawalRequested, { finance: [15, 16, 12, 14], risk: [15, 16, 12] });
    const restore2 = await setFlow(S.depositRequested, {
      finance: [12, 15],
      risk: [12],
      sales: [12],
      admin: [1],
    });
    try {
      for (const who of ['finance', 'risk', 'sales', 'admin'] as const) {
        for (const status of [S.depositCompleted, S.paymentSent, S.riskApproved, S.financeApproved]) {
          await expectRefusedUnchanged(
            wd,
            () => act(who, 'changeStatus', wd, { status_id: status }),
            `${who} wd ->${status}`,
          );
          await expectRefusedUnchanged(
            dep,
            () => act(who, 'changeStatus', dep, { status_id: status }),
            `${who} dep ->${status}`,
          );
        }
      }
      // 1 -> 12: admin moves the deposit to 1 (its data allows it), then 1 offers 12 to everybody.
      await actOk('admin', 'changeStatus', dep, { status_id: 1 });
      const restore1 = await setFlow(1, { finance: [12], risk: [12], admin: [12], sales_manager: [12] });
      try {
        for (const who of ['finance', 'risk', 'admin', 'sales_manager'] as const) {
          await expectRefusedUnchanged(
            dep,
            () => act(who, 'changeStatus', dep, { status_id: 12 }),
            `${who} 1->12`,
          );
        }
        await expectRefusedUnchanged(
          dep,
          () => act('risk', 'riskOk', dep, { amount_platform: '1000' }),
          'riskOk at 1',
        );
      } finally {
        await restore1();
      }
    } finally {
      await restore5();
      await restore2();
    }
  });

  it('a withdrawal at 14 never reaches 12, and 15 needs risk’s approval, whatever the flow of 14 says', async () => {
    const customer = await addCustomer('sales');
    const wd = await withdrawal(customer);
    await actOk('finance', 'finansOkWithdrawal', wd, { amount_bank: '500' });
    const restore = await setFlow(S.financeApproved, {
      risk: [12, 15, 16, 8, 13],
      finance: [15, 12],
      admin: [11],
    });
    try {
      for (const [who, status] of [
        ['risk', 12],
        ['risk', 15],
        ['risk', 16],
        ['finance', 15],
        ['finance', 12],
      ] as const) {
        await expectRefusedUnchanged(
          wd,
          () => act(who, 'changeStatus', wd, { status_id: status }),
          `${who} 14->${status}`,
        );
      }
    } finally {
      await restore();
    }
  });

  it('FINDING 6: a completed deposit stays completed even when an admin gives status 12 a flow', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const restore = await setFlow(S.depositCompleted, {
      admin: [S.underReview],
      finance: [S.onHold, S.financeCancelled],
    });
    try {
      const moved = await act('admin', 'changeStatus', id, { status_id: S.underReview });
      const after = await row(id);
      // What happened when the move went through: risk's approval voided, then finance could cancel it.
      expect(
        { status: moved.statusCode, status_id: after?.status_id, risk: after?.risk_approve_status },
        moved.body,
      ).toEqual({ status: 409, status_id: S.depositCompleted, risk: APPROVAL.approved });
    } finally {
      await restore();
    }
  });

  it('FINDING 6b: a paid withdrawal (15) cannot be reopened and paid a second time through an edited flow', async () => {
    const customer = await addCustomer('sales');
    const id = await paidWithdrawal(customer);
    const restore = await setFlow(S.paymentSent, { admin: [S.underReview] });
    try {
      const moved = await act('admin', 'changeStatus', id, { status_id: S.underReview });
      expect(moved.statusCode, moved.body).toBe(409);
    } finally {
      await restore();
    }
  });

  it('an admin’s flow must be a department -> statuses map (garbage is refused)', async () => {
    const { id } = await statusRow(S.depositRequested);
    for (const flow of ['{"finance":"12"}', '[12]', '{"finance":[-1]}', 'not json', '{"finance":[1.5]}']) {
      const response = await detailSave('admin', 'transaction_statuses', id, { flow });
      expect(response.statusCode, `${flow}: ${response.body}`).toBe(400);
    }
    for (const who of ['sales_manager', 'finance', 'risk', 'sales'] as const) {
      const response = await detailSave(who, 'transaction_statuses', id, { flow: '{"sales":[12]}' });
      expect(response.statusCode, `${who}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('concurrency: 20 at once', () => {
  it('twenty fundings of one completed deposit record one operation', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act('risk', 'fund', id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(','),
    ).toBe(true);
    const ops = await db
      .selectFrom('platform_operations')
      .select('id')
      .where('transaction_id', '=', id)
      .execute();
    expect(ops).toHaveLength(1);
  });

  it('twenty risk approvals, twenty finance approvals and twenty reversals each take effect once', async () => {
    const customer = await addCustomer('sales');
    const dep = await deposit(customer);
    const fin = await Promise.all(
      Array.from({ length: 20 }, () => act('finance', 'depositOk', dep, { amount_bank: '1000' })),
    );
    expect(fin.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const risk = await Promise.all(
      Array.from({ length: 20 }, () => act('risk', 'riskOk', dep, { amount_platform: '1000' })),
    );
    expect(risk.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const reversals = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(i % 2 ? 'finance' : 'admin', 'reverse', dep, { comment: 'Yanlış' }),
      ),
    );
    expect(reversals.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(
      reversals.every((a) => a.statusCode < 500),
      reversals.map((a) => a.body).join('\n'),
    ).toBe(true);
    const journal = await db
      .selectFrom('transaction_journal')
      .select('action')
      .where('transaction_id', '=', dep)
      .execute();
    expect(journal.filter((j) => j.action === 'depositOk')).toHaveLength(1);
    expect(journal.filter((j) => j.action === 'riskOk')).toHaveLength(1);
    expect(journal.filter((j) => j.action === 'reverse')).toHaveLength(1);
  });

  it('twenty withdrawals of the whole balance record one; twenty deposits with one request key record one', async () => {
    const customer = await addCustomer('sales', '100');
    const body = { login: customer.login, type: 'Real', amount: '100' };
    const out = await Promise.all(
      Array.from({ length: 20 }, () => postForm(app, '/api/mt5/createWithdrawal', body, tokens.risk)),
    );
    expect(
      out.every((a) => a.statusCode < 500),
      out.map((a) => a.body).join('\n'),
    ).toBe(true);
    const withdrawals = await db
      .selectFrom('platform_operations')
      .select('id')
      .where('login', '=', customer.login)
      .where('direction', '=', 'withdrawal')
      .execute();
    expect(withdrawals).toHaveLength(1);
    const keyed = { ...body, idempotency_key: 'kirmizi-takim-0001' };
    const dup = await Promise.all(
      Array.from({ length: 20 }, () => postForm(app, '/api/mt5/createDeposit', keyed, tokens.risk)),
    );
    expect(
      dup.every((a) => a.statusCode === 200),
      dup.map((a) => a.body).join('\n'),
    ).toBe(true);
    const deposits = await db
      .selectFrom('platform_operations')
      .select('id')
      .where('login', '=', customer.login)
      .where('direction', '=', 'deposit')
      .execute();
    expect(deposits).toHaveLength(1);
  });

  it('money moves on platform accounts are risk’s alone', async () => {
    const customer = await addCustomer('sales', '100');
    for (const who of ['admin', 'sales_manager', 'finance', 'sales'] as const) {
      for (const path of ['createDeposit', 'createWithdrawal']) {
        const response = await postForm(
          app,
          `/api/mt5/${path}`,
          { login: customer.login, type: 'Real', amount: '10' },
          tokens[who],
        );
        expect(response.statusCode, `${who} ${path}`).toBe(403);
      }
      expect((await act(who, 'fund', 1)).statusCode, `${who} fund`).toBe(403);
    }
  });
});

describe('accounts of another customer', () => {
  it('an instruction cannot name another customer’s login on insert or edit', async () => {
    const customer = await addCustomer('sales');
    const other = await addCustomer('sales');
    const response = await insert('sales', { ...depositInputs(customer), login: other.login });
    expect(response.statusCode, response.body).toBe(400);
    const id = await deposit(customer);
    await expectRefusedUnchanged(
      id,
      () => detailSave('admin', 'transactions', id, { login: other.login }),
      'edit login',
    );
  });

  it('FINDING 7: a trading account cannot be moved to another customer under its transactions (lead_platforms.customer_id)', async () => {
    const victim = await addCustomer('sales');
    const thief = await addCustomer('sales');
    const dep = await deposit(victim);
    // The sales manager moves the victim's account (with a live deposit on it) to another customer.
    const moved = await detailSave('sales_manager', 'lead_platforms', victim.platformId, {
      customer_id: String(thief.id),
    });
    const account = await db
      .selectFrom('lead_platforms')
      .select('customer_id')
      .where('id', '=', victim.platformId)
      .executeTakeFirstOrThrow();
    expect({ status: moved.statusCode, owner: account.customer_id }, moved.body).toEqual({
      status: 409,
      owner: victim.id,
    });
    // If it moved, the deposit's login now names another customer's account (see docs/money.md).
    expect((await row(dep))?.customer_id).toBe(victim.id);
  });

  it('funding refuses a deposit whose login is no longer a Real account of its customer', async () => {
    const customer = await addCustomer('sales');
    const other = await addCustomer('sales');
    const id = await completedDeposit(customer);
    await db
      .updateTable('lead_platforms')
      .set({ customer_id: other.id })
      .where('id', '=', customer.platformId)
      .execute();
    try {
      const response = await act('risk', 'fund', id);
      expect(response.statusCode, response.body).toBe(400);
      const ops = await db
        .selectFrom('platform_operations')
        .select('id')
        .where('transaction_id', '=', id)
        .execute();
      expect(ops).toHaveLength(0);
    } finally {
      await db
        .updateTable('lead_platforms')
        .set({ customer_id: customer.id })
        .where('id', '=', customer.platformId)
        .execute();
    }
  });
});

describe('scope: a foreign transaction answers as a missing one', () => {
  it('sales cannot read, act on, journal, fund or search sales2’s transactions; the answer equals a missing id', async () => {
    expect(users.sales.team_id).not.toBe(users.sales2.team_id);
    const foreign = await addCustomer('sales2');
    const id = await deposit(foreign, '1000', 'sales2');
    const missing = 999_999_999;
    const calls: [string, (target: number) => Promise<LightMyRequestResponse>][] = [
      ['row', (t) => postForm(app, `/api/row/transactions/${t}`, {}, tokens.sales)],
      ['journal', (t) => postForm(app, `/api/transaction/journal/${t}`, {}, tokens.sales)],
      ['generic journal', (t) => postForm(app, `/api/journal/transactions/${t}`, {}, tokens.sales)],
      ['fundings', (t) => postForm(app, `/api/transaction/fundings/${t}`, {}, tokens.sales)],
      ['leadInfo', (t) => postForm(app, `/api/transaction/leadInfo?trx=${t}`, {}, tokens.sales)],
      ['detail save', (t) => detailSave('sales', 'transactions', t, { comment: 'x' })],
      ['inline save', (t) => inlineSave('sales', t, 'comment', 'x')],
    ];
    for (const [label, call] of calls) {
      const a = await call(id);
      const b = await call(missing);
      expect({ status: a.statusCode, body: a.json<{ msg?: string }>().msg }, label).toEqual({
        status: b.statusCode,
        body: b.json<{ msg?: string }>().msg,
      });
      expect(a.statusCode, `${label}: ${a.body}`).toBeGreaterThanOrEqual(400);
    }
    const search = await postForm(app, '/api/searchTrx', { keyword: String(id) }, tokens.sales);
    expect(search.json<{ results: { id: unknown }[] }>().results.map((r) => Number(r.id))).not.toContain(id);
    const intoForeign = await insert('sales', depositInputs(foreign));
    const intoMissing = await insert('sales', { ...depositInputs(foreign), customer_id: missing });
    expect(intoForeign.statusCode, intoForeign.body).toBe(intoMissing.statusCode);
    expect(intoForeign.json<{ msg: string }>().msg).toBe(intoMissing.json<{ msg: string }>().msg);
    const bulk = await bulkSave('sales_manager', [id, missing], 'comment', 'toplu');
    expect(bulk.statusCode).toBeLessThan(500);
  });

  it('reversal and funding of a transaction outside the scope are refused', async () => {
    const foreign = await addCustomer('sales2');
    const id = await completedDeposit(foreign, 'sales2');
    for (const who of ['sales', 'sales2', 'risk', 'sales_manager'] as const) {
      await expectRefusedUnchanged(id, () => act(who, 'reverse', id, { comment: 'x' }), `${who} reverse`);
    }
    for (const who of ['sales', 'sales2', 'finance', 'admin'] as const) {
      await expectRefusedUnchanged(id, () => act(who, 'fund', id), `${who} fund`);
    }
  });
});

describe('the journal cannot be written or rewritten through the API', () => {
  it('no generic call reaches transaction_journal, lead_journal or platform_operations', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    const before = await snapshot(id);
    const opsBefore = await db.selectFrom('platform_operations').select('id').execute();
    for (const table of [
      'transaction_journal',
      'lead_journal',
      'platform_operations',
      'trading_deals',
      'admin_journal',
    ]) {
      for (const who of ['admin', 'sales_manager', 'finance', 'risk'] as const) {
        const inserted = await postForm(
          app,
          '/api/inline/save/',
          {
            table,
            type: 'insert',
            inputs: {
              transaction_id: String(id),
              lead_id: String(customer.id),
              action: 'riskOk',
              values: '{"status_id":{"old":"2","new":"12"}}',
              login: customer.login,
              direction: 'deposit',
              amount: '1000000',
              idempotency_key: 'KIRMIZITAKIM',
              customer_id: String(customer.id),
            },
          },
          tokens[who],
        );
        expect(inserted.statusCode, `${who} ${table}: ${inserted.body}`).toBeGreaterThanOrEqual(400);
        expect(inserted.statusCode).toBeLessThan(500);
        const edited = await detailSave(who, table, 1, { values: '{}', amount: '1' });
        expect(edited.statusCode).toBeGreaterThanOrEqual(400);
        const removed = await postForm(app, '/api/bulk/remove/', { table, ids: [1, 2, 3] }, tokens[who]);
        expect(removed.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshot(id)).toBe(before);
    expect(await db.selectFrom('platform_operations').select('id').execute()).toEqual(opsBefore);
  });

  it('the comment of a step is text in the journal, never a forged status change', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await actOk('finance', 'changeComment', id, { comment: '{"status_id":{"old":"2","new":"12"}}' });
    const journal = await postForm(app, `/api/journal/transactions/${id}`, {}, tokens.finance);
    const entries = journal.json<{
      results: { values: Record<string, { old: string | null; new: string | null }> }[];
    }>().results;
    const newest = entries[0]?.values;
    expect(newest?.status_id).toBeUndefined();
    expect(newest?.comment?.new).toContain('status_id');
  });
});

describe('reversal abuse', () => {
  it('the same transaction is never reversed twice; only admin and finance reverse; pending ones are refused', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    for (const who of ['risk', 'sales', 'sales_manager', 'sales2'] as const) {
      await expectRefusedUnchanged(id, () => act(who, 'reverse', id, { comment: 'x' }), `${who} reverse`);
    }
    const first = await act('finance', 'reverse', id, { comment: 'Yanlış hesap' });
    expect(first.statusCode, first.body).toBe(200);
    const reversal = first.json<{ id: number }>().id;
    await expectRefusedUnchanged(
      id,
      () => act('admin', 'reverse', id, { comment: 'Tekrar' }),
      'second reversal',
    );
    // The reversal itself is pending: not reversible until it completes.
    await expectRefusedUnchanged(
      reversal,
      () => act('finance', 'reverse', reversal, { comment: 'Geri' }),
      'reverse pending reversal',
    );
    // Its money is as locked as any other once finance approves it; it cannot be deleted to undo the link.
    await actOk('finance', 'finansOkWithdrawal', reversal, { amount_bank: '1000' });
    await expectRefusedUnchanged(
      reversal,
      () => detailSave('admin', 'transactions', reversal, { amount: '1' }),
      'edit reversal',
    );
  });

  it('reversing a reversal once it completed creates one linked correction (documented behaviour)', async () => {
    const customer = await addCustomer('sales');
    const id = await completedDeposit(customer);
    const reversal = (await act('finance', 'reverse', id, { comment: 'Yanlış' })).json<{ id: number }>().id;
    await actOk('finance', 'finansOkWithdrawal', reversal, { amount_bank: '1000' });
    await actOk('risk', 'riskOkWithdrawal', reversal, { amount_platform: '1000', amount_bank: '1000' });
    await actOk('finance', 'changeStatus', reversal, { status_id: S.paymentSent });
    const again = await Promise.all(
      Array.from({ length: 20 }, () => act('finance', 'reverse', reversal, { comment: 'Ters kaydın tersi' })),
    );
    expect(again.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const chain = await db
      .selectFrom('transactions')
      .select(['id', 'reverses_id', 'type'])
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(chain.map((r) => r.type)).toEqual(['YATIRIM', 'ÇEKİM', 'YATIRIM']);
  });
});

describe('back-dating', () => {
  it('created_at is bounded on insert and never changed afterwards, on any path', async () => {
    const customer = await addCustomer('sales');
    for (const when of [
      '2001-01-01',
      '01.01.2001 10:00',
      '2099-01-01 10:00',
      '31.12.2099',
      '0001-01-01',
      '2026-13-45',
      'yesterday',
      '2026-01-01T00:00:00Z',
    ]) {
      const response = await insert('sales', { ...depositInputs(customer), created_at: when });
      expect(response.statusCode, `${when}: ${response.body}`).toBe(400);
    }
    const id = await deposit(customer);
    for (const who of ['admin', 'sales_manager'] as const) {
      for (const [name, value] of [
        ['created_at', '2001-01-01 10:00:00'],
        ['entered_at', '2001-01-01 10:00:00'],
        ['finance_approve_date', '2001-01-01 10:00:00'],
      ] as const) {
        await expectRefusedUnchanged(
          id,
          () => detailSave(who, 'transactions', id, { [name]: value }),
          `${who} detail ${name}`,
        );
        await expectRefusedUnchanged(id, () => inlineSave(who, id, name, value), `${who} inline ${name}`);
        await expectRefusedUnchanged(id, () => bulkSave(who, [id], name, value), `${who} bulk ${name}`);
      }
    }
  });
});

describe('erasing history', () => {
  it('nobody deletes a transaction through the generic delete', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    for (const who of WHO) {
      await expectRefusedUnchanged(
        id,
        () => postForm(app, '/api/bulk/remove/', { table: 'transactions', ids: [id] }, tokens[who]),
        `${who} delete`,
      );
    }
  });

  it('FINDING 8: deleting the customer (lead) does not erase its completed transactions and their journal', async () => {
    const customer = await addCustomer('sales');
    const dep = await completedDeposit(customer);
    const wd = await paidWithdrawal(customer);
    const response = await postForm(
      app,
      '/api/bulk/remove/',
      { table: 'leads', ids: [customer.id] },
      tokens.sales_manager,
    );
    const left = await db.selectFrom('transactions').select('id').where('id', 'in', [dep, wd]).execute();
    const journal = await db
      .selectFrom('transaction_journal')
      .select('id')
      .where('transaction_id', 'in', [dep, wd])
      .execute();
    expect(
      { status: response.statusCode, transactions: left.length, journalEmpty: journal.length === 0 },
      response.body,
    ).toEqual({
      status: 409,
      transactions: 2,
      journalEmpty: false,
    });
  });

  it('the database refuses UPDATE and DELETE of journal rows', async () => {
    const customer = await addCustomer('sales');
    const id = await deposit(customer);
    await expect(
      sql`update transaction_journal set action = 'x' where transaction_id = ${id}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`delete from transaction_journal where transaction_id = ${id}`.execute(db),
    ).rejects.toThrow();
  });
});
