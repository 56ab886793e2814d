import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import { createTransactionTotalsJob } from '../../src/server/jobs/transaction-totals-job';
import { DEMO_PASSWORD, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { login, postForm } from './support/http';

type MonthlyAnswer = CallResult<'reportMonthly'>;

// A year no demo row falls in, so every figure below is this file's own.
const YEAR = 2037;

let server: DemoServer;

/** key -> "n total" of the rows given, zero keys left out. */
type Totals = Map<string, string>;

const toMap = (rows: readonly { k: string; n: string; total: string }[]): Totals =>
  new Map(rows.map((row) => [row.k, `${row.n} ${row.total}`]));

/**
 * What the totals table says, its deltas added up per key. Compared by value: deltas of amounts with
 * other scales (3200 - 7500.75 + 7500.75) add up to 3200.00, the same amount (trim_scale).
 */
async function stored(): Promise<Totals> {
  const { rows } = await sql<{ k: string; n: string; total: string }>`
    select concat_ws('|', month, type, currency_id, status_id, agent_id, team_id) as k,
      sum(n)::text as n, trim_scale(sum(total))::text as total
    from transaction_month_totals group by 1 having sum(n) <> 0 or sum(total) <> 0`.execute(server.db);
  return toMap(rows);
}

/** The same aggregated from the transactions and their leads' current agent and team. */
async function live(): Promise<Totals> {
  const { rows } = await sql<{ k: string; n: string; total: string }>`
    select concat_ws('|', date_trunc('month', t.created_at), t.type, t.currency_id, t.status_id, l.agent_id,
        l.team_id) as k, count(*)::text as n, trim_scale(sum(t.amount))::text as total
    from transactions t join leads l on l.id = t.customer_id group by 1`.execute(server.db);
  return toMap(rows);
}

/** lead_month_totals added up per key, against the leads counted per date field, month, agent and team. */
async function expectLeadsExact(): Promise<void> {
  const { rows: kept } = await sql<{ k: string; n: string; total: string }>`
    select concat_ws('|', field, month, agent_id, team_id) as k, sum(n)::text as n, '' as total
    from lead_month_totals group by 1 having sum(n) <> 0`.execute(server.db);
  const { rows: counted } = await sql<{ k: string; n: string; total: string }>`
    select concat_ws('|', f.field, date_trunc('month', f.at), l.agent_id, l.team_id) as k,
      count(*)::text as n, '' as total
    from leads l cross join lateral (values ('created_at', l.created_at),
      ('customer_set_date', l.customer_set_date), ('first_fund_date', l.first_fund_date)) as f (field, at)
    where f.at is not null group by 1`.execute(server.db);
  expect(toMap(kept)).toEqual(toMap(counted));
}

async function expectExact(): Promise<void> {
  expect(await stored()).toEqual(await live());
  await expectLeadsExact();
}

async function leadsOfTeam(teamId: number, count: number, same = true): Promise<number[]> {
  const rows = await server.db
    .selectFrom('leads')
    .select('id')
    .where('team_id', same ? '=' : '<>', teamId)
    .where('team_id', 'is not', null)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

async function deposit(customerId: number, amount: string, day: string, status = 1): Promise<number> {
  const row = await server.db
    .insertInto('transactions')
    .values({
      customer_id: customerId,
      type: 'YATIRIM',
      gateway_id: 1,
      amount,
      currency_id: 1,
      login: '900001',
      status_id: status,
      created_at: `${YEAR}-${day} 12:00:00`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const monthly = (token: string) => postForm(server.app, '/api/report/monthly', { year: YEAR }, token);

beforeAll(async () => {
  server = await startDemoServer();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('transaction_month_totals', () => {
  it('holds the demo transactions from the start', async () => {
    expect((await live()).size).toBeGreaterThan(0);
    await expectExact();
  });

  it('stays exact through inserts, approvals, edits, moves between leads and deletes', async () => {
    const { sales } = server.users;
    const [own, ownOther] = await leadsOfTeam(sales.team_id, 2);
    const [foreign] = await leadsOfTeam(sales.team_id, 1, false);
    if (!own || !ownOther || !foreign) throw new Error('demo leads missing');
    // One statement inserting many rows: the trigger adds them up as one aggregate.
    await sql`insert into transactions (customer_id, type, gateway_id, amount, currency_id, login, status_id,
        created_at)
      select ${own}, 'YATIRIM', 1, (i * 0.01)::numeric, 1 + i % 2, '900001', 1,
        make_timestamp(${YEAR}, 1 + i % 12, 1 + i % 28, 10, 0, 0)
      from generate_series(1, 240) as i`.execute(server.db);
    await expectExact();
    const first = await deposit(own, '0.10', '03-02');
    const second = await deposit(ownOther, '0.20', '03-15');
    await expectExact();
    // An approval's dates and flags move nothing; its status moves the row to another key.
    await sql`update transactions set finance_approve_date = localtimestamp where id = ${first}`.execute(
      server.db,
    );
    await sql`update transactions set status_id = 12 where id in (${first}, ${second})`.execute(server.db);
    await expectExact();
    await sql`update transactions set amount = 7.77, created_at = ${`${YEAR}-04-30 23:59:59`}
      where id = ${second}`.execute(server.db);
    await sql`update transactions set customer_id = ${foreign} where id = ${first}`.execute(server.db);
    await expectExact();
    await sql`delete from transactions where id = ${second}`.execute(server.db);
    await expectExact();
  });

  it("moves a lead's transactions with the lead's agent and team, and drops them with the lead", async () => {
    const { sales, sales2 } = server.users;
    const [lead] = await leadsOfTeam(sales.team_id, 1);
    if (!lead) throw new Error('demo lead missing');
    await deposit(lead, '11.11', '06-06');
    await sql`update leads set agent_id = ${sales2.id} where id = ${lead}`.execute(server.db);
    await expectExact();
    await sql`update leads set team_id = null where id = ${lead}`.execute(server.db);
    await expectExact();
    // Many leads in one statement, as a bulk assignment does.
    await sql`update leads set agent_id = ${sales.id} where team_id = ${sales.team_id}`.execute(server.db);
    await expectExact();
    await sql`delete from leads where id = ${lead}`.execute(server.db);
    await expectExact();
  });

  it('counts leads as they are added, converted, funded, moved and deleted', async () => {
    const { sales, sales2 } = server.users;
    await sql`insert into leads (name, phone, agent_id, team_id, created_at)
      select 'Toplu Lead ' || i, '+90532' || lpad(i::text, 7, '0'), ${sales.id}, ${sales.team_id},
        make_timestamp(${YEAR}, 1 + i % 12, 1 + i % 28, 9, 0, 0)
      from generate_series(1, 60) as i`.execute(server.db);
    await expectExact();
    await sql`update leads set customer_set_date = created_at + interval '3 days',
        first_fund_date = created_at + interval '40 days'
      where name like 'Toplu Lead %' and created_at < make_timestamp(${YEAR}, 7, 1, 0, 0, 0)`.execute(
      server.db,
    );
    await expectExact();
    await sql`update leads set agent_id = ${sales2.id}, team_id = null, created_at = created_at - interval '20 days'
      where name like 'Toplu Lead 1%'`.execute(server.db);
    await expectExact();
    await sql`delete from leads where name like 'Toplu Lead 2%'`.execute(server.db);
    await expectExact();
  });

  it('folds its deltas into one row per key without changing a total', async () => {
    const before = await stored();
    const job = createTransactionTotalsJob({ db: server.db });
    expect(await job.compact()).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    const { rows } = await sql<{ rows: number; keys: number }>`select count(*)::int as rows,
        count(distinct (month, type, currency_id, status_id, agent_id, team_id))::int as keys
      from transaction_month_totals`.execute(server.db);
    expect(rows[0]?.rows).toBe(rows[0]?.keys);
    expect(rows[0]?.keys).toBe(before.size);
    // Nothing written since: the next run touches nothing.
    expect(await job.compact()).toBe(0);
    await deposit((await leadsOfTeam(server.users.sales.team_id, 1))[0] ?? 0, '3.00', '08-08');
    expect(await job.compact()).toBeGreaterThan(0);
    await expectExact();
  });
});

describe('transaction_month_totals under concurrent writes', () => {
  // On PostgreSQL the write below runs on a second connection and waits for the lead's lock; on PGlite
  // (one connection) it simply runs after the commit. Either way the totals must end exact.
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

  async function whileOpen(
    first: (trx: typeof server.db) => Promise<unknown>,
    second: () => Promise<unknown>,
  ) {
    let other: Promise<unknown> = Promise.resolve();
    await server.db.transaction().execute(async (trx) => {
      await first(trx);
      other = second();
      await pause(300);
    });
    await other;
  }

  it("a transaction written while its lead changes agent lands on the lead's new agent", async () => {
    const { sales, sales2 } = server.users;
    const [lead] = await leadsOfTeam(sales.team_id, 1);
    if (!lead) throw new Error('demo lead missing');
    await whileOpen(
      (trx) => sql`update leads set agent_id = ${sales2.id} where id = ${lead}`.execute(trx),
      () => deposit(lead, '1.25', '07-07'),
    );
    await expectExact();
  });

  it('a lead moved or deleted while one of its transactions changes status leaves no stray total', async () => {
    const { sales } = server.users;
    const [lead, gone] = await leadsOfTeam(sales.team_id, 2);
    if (!lead || !gone) throw new Error('demo leads missing');
    const moved = await deposit(lead, '2.25', '07-08');
    await whileOpen(
      (trx) => sql`update transactions set status_id = 12 where id = ${moved}`.execute(trx),
      () =>
        sql`update leads set agent_id = ${sales.id}, team_id = null where id = ${lead}`.execute(server.db),
    );
    await expectExact();
    const doomed = await deposit(gone, '3.25', '07-09');
    await whileOpen(
      (trx) => sql`update transactions set status_id = 12 where id = ${doomed}`.execute(trx),
      () => sql`delete from leads where id = ${gone}`.execute(server.db),
    );
    await expectExact();
  });

  it('reads a sum the same whatever the scale of the amounts added and taken away', async () => {
    const [lead] = await leadsOfTeam(server.users.sales.team_id, 1);
    if (!lead) throw new Error('demo lead missing');
    await deposit(lead, '100', '12-01');
    const odd = await deposit(lead, '7.125', '12-02');
    await sql`delete from transactions where id = ${odd}`.execute(server.db);
    const answer = okAnswer<MonthlyAnswer>(await monthly(server.users.admin.token));
    expect(answer.months[11]?.deposits).toEqual({ count: 1, sums: { '1': '100.00' } });
  });
});

describe('the monthly report over the totals', () => {
  it("follows a lead that changes team: the agent's report counts it only while it is the team's", async () => {
    const { sales } = server.users;
    const [lead] = await leadsOfTeam(sales.team_id, 1);
    const [elsewhere] = await leadsOfTeam(sales.team_id, 1, false);
    if (!lead || !elsewhere) throw new Error('demo leads missing');
    const before = okAnswer<MonthlyAnswer>(await monthly(sales.token)).months[8]?.deposits;
    await deposit(lead, '5.25', '09-09');
    const added = okAnswer<MonthlyAnswer>(await monthly(sales.token)).months[8]?.deposits;
    expect(added?.count).toBe((before?.count ?? 0) + 1);
    const otherTeam = await server.db
      .selectFrom('leads')
      .select('team_id')
      .where('id', '=', elsewhere)
      .executeTakeFirstOrThrow();
    await sql`update leads set team_id = ${otherTeam.team_id} where id = ${lead}`.execute(server.db);
    expect(okAnswer<MonthlyAnswer>(await monthly(sales.token)).months[8]?.deposits).toEqual(before);
  });

  it('gives a user whose restriction the totals cannot tell the same figures, from the transactions', async () => {
    const token = await login(server.app, 'retention@demo.crm', DEMO_PASSWORD);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'retention@demo.crm')
      .executeTakeFirstOrThrow();
    const [lead] = await leadsOfTeam(server.users.sales.team_id, 1);
    if (!lead) throw new Error('demo lead missing');
    await sql`update leads set retention_id = ${user.id} where id = ${lead}`.execute(server.db);
    await deposit(lead, '2.50', '10-10');
    await deposit(lead, '0.05', '10-11');
    const answer = okAnswer<MonthlyAnswer>(await monthly(token));
    const { rows } = await sql<{
      n: number;
      total: string;
    }>`select count(*)::int as n, sum(amount)::text as total
      from transactions t join leads l on l.id = t.customer_id
      where l.retention_id = ${user.id} and t.type = 'YATIRIM' and t.currency_id = 1
        and t.created_at >= make_timestamp(${YEAR}, 10, 1, 0, 0, 0)
        and t.created_at < make_timestamp(${YEAR}, 11, 1, 0, 0, 0)`.execute(server.db);
    expect(answer.months[9]?.deposits).toEqual({ count: rows[0]?.n, sums: { '1': rows[0]?.total } });
  });
});

describe('the report builder over the totals', () => {
  type RunAnswer = CallResult<'reportBuilder'>;
  const run = async (body: Record<string, unknown>): Promise<RunAnswer> =>
    okAnswer<RunAnswer>(await postForm(server.app, '/api/reportBuilder', body, server.users.admin.token));
  // Both ends inside a month: February and November come from the transactions, the months between
  // from the totals.
  const between = { name: 'created_at', type: 10, value: { start: `${YEAR}-02-10`, end: `${YEAR}-11-20` } };
  // Matches every transaction but is no column of the totals: the same report, aggregated live.
  const liveOnly = { name: 'gateway_id', type: 6, value: '0' };

  async function bothWays(form: Record<string, unknown>): Promise<{ totals: RunAnswer; live: RunAnswer }> {
    const filters = (form.filters as unknown[] | undefined) ?? [];
    const totals = await run(form);
    const live = await run({ ...form, filters: [...filters, liveOnly] });
    return { totals, live };
  }

  it("gives a monthly SUM by the lead's agent exactly as the transactions do, partial months included", async () => {
    const [lead] = await leadsOfTeam(server.users.sales.team_id, 1);
    // Edge months with rows on both sides of the range's ends.
    for (const [amount, day] of [
      ['8.01', '02-03'],
      ['8.02', '02-11'],
      ['8.03', '02-27'],
      ['8.04', '11-02'],
      ['8.05', '11-19'],
      ['8.06', '11-26'],
    ] as const) {
      await deposit(lead ?? 0, amount, day);
    }
    const form = {
      table: 'transactions',
      reportType: 'monthly',
      valueType: 'SUM',
      sumField: 'amount',
      xaxis: 'created_at',
      yaxis: 'lead.agent_id',
      filters: [between],
    };
    // Mostly inside (February from the 10th, November to the 20th: totals less the rows outside), and
    // mostly outside (from the 26th, to the 3rd: the rows inside).
    const narrow = { ...between, value: { start: `${YEAR}-02-26`, end: `${YEAR}-11-03` } };
    for (const range of [between, narrow]) {
      const both = await bothWays({ ...form, filters: [range] });
      expect(both.totals.return, JSON.stringify(range.value)).toEqual(both.live.return);
      expect(both.totals.total).toBe(both.live.total);
    }
    const { totals, live } = await bothWays(form);
    const { rows } = await sql<{ total: string }>`select sum(amount)::text as total from transactions
      where created_at >= ${`${YEAR}-02-10`}::date and created_at < ${`${YEAR}-11-21`}::date`.execute(
      server.db,
    );
    expect(totals.total).toBe(rows[0]?.total);
    // The months between come from the totals: a row planted there shows, the partial months do not
    // read it. (Taken out again at once; it proves which path answered.)
    const planted = await sql<{ id: string }>`insert into transaction_month_totals
        (month, type, currency_id, status_id, agent_id, team_id, n, total)
      values (make_timestamp(${YEAR}, 6, 1, 0, 0, 0), 'YATIRIM', 1, 1, ${server.users.sales.id}, null, 1, 1000)
      returning id::text as id`.execute(server.db);
    try {
      expect(Number((await run(form)).total) - Number(totals.total)).toBeCloseTo(1000, 2);
      expect((await run({ ...form, filters: [between, liveOnly] })).total).toBe(live.total);
    } finally {
      await sql`delete from transaction_month_totals where id = ${planted.rows[0]?.id}`.execute(server.db);
    }
  });

  it('takes a month whole when all of its transactions are inside the range, though the range ends in it', async () => {
    const [lead] = await leadsOfTeam(server.users.sales.team_id, 1);
    await deposit(lead ?? 0, '4.40', '02-03');
    await deposit(lead ?? 0, '5.50', '11-05');
    await deposit(lead ?? 0, '6.60', '11-12');
    const { rows } = await sql<{ last: string }>`select to_char(max(created_at), 'YYYY-MM-DD') as last
      from transactions where created_at >= make_timestamp(${YEAR}, 11, 1, 0, 0, 0)
        and created_at < make_timestamp(${YEAR}, 12, 1, 0, 0, 0)`.execute(server.db);
    const last = rows[0]?.last;
    expect(last && last < `${YEAR}-11-30`).toBe(true);
    const form = {
      table: 'transactions',
      reportType: 'monthly',
      valueType: 'SUM',
      sumField: 'amount',
      xaxis: 'created_at',
      filters: [{ name: 'created_at', type: 10, value: { start: `${YEAR}-02-10`, end: last } }],
    };
    const { totals, live } = await bothWays(form);
    expect(totals.return).toEqual(live.return);
    const planted = await sql<{ id: string }>`insert into transaction_month_totals
        (month, type, currency_id, status_id, agent_id, team_id, n, total)
      values (make_timestamp(${YEAR}, 11, 1, 0, 0, 0), 'YATIRIM', 1, 1, null, null, 1, 1000)
      returning id::text as id`.execute(server.db);
    try {
      // November came from the totals: the planted row shows.
      expect(Number((await run(form)).total) - Number(totals.total)).toBeCloseTo(1000, 2);
    } finally {
      await sql`delete from transaction_month_totals where id = ${planted.rows[0]?.id}`.execute(server.db);
    }
  });

  it('counts by status with status filters and only active agents as the transactions do', async () => {
    const { totals, live } = await bothWays({
      table: 'transactions',
      reportType: 'monthly',
      valueType: 'COUNT',
      xaxis: 'created_at',
      yaxis: 'status_id',
      filters: [between, { name: 'status_id', type: 11, value: ['1', '12'] }],
    });
    expect(totals.return).toEqual(live.return);
    const byAgent = await bothWays({
      table: 'transactions',
      reportType: 'monthly',
      valueType: 'COUNT',
      xaxis: 'created_at',
      yaxis: 'lead.agent_id',
      onlyActiveUser: 1,
      filters: [between],
    });
    expect(byAgent.totals.return).toEqual(byAgent.live.return);
    expect(Number(byAgent.totals.total)).toBeGreaterThan(0);
  });
});

describe('TRUNCATE', () => {
  it('empties the totals with the transactions', async () => {
    await sql`truncate transactions cascade`.execute(server.db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from transaction_month_totals`.execute(server.db);
    expect(rows[0]?.n).toBe(0);
  });
});
