import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { CallResult } from '../../src/shared/contract';
import { DRILL_DOWN_LIMIT } from '../../src/shared/domain/constants';
import { periodicReportMessages } from '../../src/shared/i18n/periodic-report-messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { get, postForm } from './support/http';

type MonthlyAnswer = CallResult<'reportMonthly'>;
type DrillAnswer = CallResult<'reportMonthlyTransactions'>;
type ExportAnswer = CallResult<'reportMonthlyExport'>;

// A year of our own: the demo data's transactions and leads are of recent days, never of this one.
const YEAR = 2035;

let server: DemoServer;
/** A lead of the sales user's team, and one of another team. */
let ownLead: number;
let foreignLead: number;

async function leadOfTeam(teamId: number, same: boolean): Promise<number> {
  const row = await server.db
    .selectFrom('leads')
    .select('id')
    .where('team_id', same ? '=' : '<>', teamId)
    .where('team_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addTransaction(
  customerId: number,
  type: 'YATIRIM' | 'ÇEKİM',
  amount: string,
  createdAt: string,
  extra: { currency_id?: number; status_id?: number } = {},
): Promise<number> {
  const row = await server.db
    .insertInto('transactions')
    .values({
      customer_id: customerId,
      type,
      gateway_id: 1,
      amount,
      currency_id: extra.currency_id ?? 1,
      login: '900001',
      status_id: extra.status_id ?? 1,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const monthly = (token: string, body: Record<string, unknown>) =>
  postForm(server.app, '/api/report/monthly', body, token);
const drill = (token: string, body: Record<string, unknown>) =>
  postForm(server.app, '/api/report/monthly/transactions', body, token);

beforeAll(async () => {
  server = await startDemoServer();
  const { sales } = server.users;
  ownLead = await leadOfTeam(sales.team_id, true);
  foreignLead = await leadOfTeam(sales.team_id, false);
  // March: three deposits whose float sum is not exact; currency 2 apart. November: withdrawals.
  await addTransaction(ownLead, 'YATIRIM', '0.10', `${YEAR}-03-02 10:00:00`);
  await addTransaction(ownLead, 'YATIRIM', '0.20', `${YEAR}-03-15 11:00:00`);
  await addTransaction(foreignLead, 'YATIRIM', '12345678901234.37', `${YEAR}-03-31 23:59:59`, {
    status_id: 12,
  });
  await addTransaction(foreignLead, 'YATIRIM', '50.00', `${YEAR}-03-10 09:00:00`, { currency_id: 2 });
  await addTransaction(ownLead, 'ÇEKİM', '99.99', `${YEAR}-11-01 00:00:00`);
  // Outside the year on both sides: never counted.
  await addTransaction(ownLead, 'YATIRIM', '1.00', `${YEAR - 1}-12-31 23:59:59`);
  await addTransaction(ownLead, 'YATIRIM', '1.00', `${YEAR + 1}-01-01 00:00:00`);
  // May: more than a drill-down shows.
  for (let i = 0; i < DRILL_DOWN_LIMIT + 5; i += 1) {
    await addTransaction(
      ownLead,
      'YATIRIM',
      '1.50',
      `${YEAR}-05-${String((i % 28) + 1).padStart(2, '0')} 12:00:00`,
    );
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /report/monthly', () => {
  it('sums money exactly per month, type and currency, and counts leads as the database does', async () => {
    const answer = okAnswer<MonthlyAnswer>(await monthly(server.users.admin.token, { year: YEAR }));
    expect(answer.months.map((row) => row.month)).toEqual([
      `${YEAR}-01`,
      `${YEAR}-02`,
      `${YEAR}-03`,
      `${YEAR}-04`,
      `${YEAR}-05`,
      `${YEAR}-06`,
      `${YEAR}-07`,
      `${YEAR}-08`,
      `${YEAR}-09`,
      `${YEAR}-10`,
      `${YEAR}-11`,
      `${YEAR}-12`,
    ]);
    const march = answer.months[2];
    expect(march?.deposits).toEqual({ count: 4, sums: { '1': '12345678901234.67', '2': '50.00' } });
    expect(answer.months[4]?.deposits).toEqual({ count: DRILL_DOWN_LIMIT + 5, sums: { '1': '157.50' } });
    expect(answer.months[10]?.withdrawals).toEqual({ count: 1, sums: { '1': '99.99' } });
    expect(answer.months[0]?.deposits).toEqual({ count: 0, sums: {} });
    expect(answer.totals.deposits).toEqual({
      count: 4 + DRILL_DOWN_LIMIT + 5,
      sums: { '1': '12345678901392.17', '2': '50.00' },
    });
    expect(answer.currencies.map((currency) => currency.id)).toEqual(['1', '2']);
    // Only completed instructions (12, 14): the one completed deposit of March.
    const completed = okAnswer<MonthlyAnswer>(
      await monthly(server.users.admin.token, { year: YEAR, trx: 'completed' }),
    );
    expect(completed.months[2]?.deposits).toEqual({ count: 1, sums: { '1': '12345678901234.37' } });
  });

  it('counts the leads of this year per month like a GROUP BY over the table', async () => {
    const answer = okAnswer<MonthlyAnswer>(await monthly(server.users.admin.token, {}));
    const { rows } = await sql<{ m: number; n: number }>`select extract(month from created_at)::int as m,
        count(*)::int as n from leads
      where extract(year from created_at) = extract(year from localtimestamp) group by 1`.execute(server.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(answer.months[Number(row.m) - 1]?.leads, String(row.m)).toBe(Number(row.n));
    }
    expect(answer.totals.leads).toBe(rows.reduce((sum, row) => sum + Number(row.n), 0));
  });

  it("counts only the transactions of the user's own leads for a restricted user", async () => {
    const { sales } = server.users;
    const answer = okAnswer<MonthlyAnswer>(await monthly(sales.token, { year: YEAR }));
    // The foreign team's two March deposits are outside the sales user's scope.
    expect(answer.months[2]?.deposits).toEqual({ count: 2, sums: { '1': '0.30' } });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from leads
      where team_id = ${sales.team_id}
        and extract(year from created_at) = extract(year from localtimestamp)`.execute(server.db);
    const mine = okAnswer<MonthlyAnswer>(await monthly(sales.token, {}));
    expect(mine.totals.leads).toBe(Number(rows[0]?.n));
  });

  it('refuses a year outside the range in Turkish', async () => {
    expect(failureMessage(await monthly(server.users.admin.token, { year: 1500 }), 400)).toContain(
      periodicReportMessages.yearInvalid,
    );
  });
});

describe('the indexes behind the monthly counts', () => {
  /** The plan of a year's range on one date column, with sequential scans priced out (a tiny test table). */
  async function planOf(table: 'leads' | 'transactions', field: string): Promise<string> {
    return server.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain select extract(month from ${sql.ref(field)}),
          count(*) from ${sql.table(table)}
        where ${sql.ref(field)} >= make_timestamp(${YEAR}::int, 1, 1, 0, 0, 0)
          and ${sql.ref(field)} < make_timestamp(${YEAR + 1}::int, 1, 1, 0, 0, 0)
        group by 1`.execute(trx);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }

  it('reads one year of each date by an index range, not the whole table', async () => {
    expect(await planOf('transactions', 'created_at')).toContain('transactions_created_idx');
    expect(await planOf('leads', 'created_at')).toContain('leads_created_idx');
    expect(await planOf('leads', 'customer_set_date')).toContain('leads_customer_set_date_idx');
    expect(await planOf('leads', 'first_fund_date')).toContain('leads_first_fund_date_idx');
  });
});

describe('POST /report/monthly/transactions', () => {
  it('lists the transactions of a zero-prefixed month with their lead info, newest first', async () => {
    const answer = okAnswer<DrillAnswer>(
      await drill(server.users.admin.token, { month: `${YEAR}-03`, type: 'YATIRIM' }),
    );
    expect(answer.total).toBe(4);
    expect(answer.results.map((row) => row.amount)).toEqual(['12345678901234.37', '0.20', '50.00', '0.10']);
    const lead = await server.db
      .selectFrom('leads')
      .select(['id', 'name', 'phone'])
      .where('id', '=', foreignLead)
      .executeTakeFirstOrThrow();
    expect(answer.results[0]?.lead).toMatchObject({ id: lead.id, name: lead.name, phone: lead.phone });
  });

  it('shows at most the drill-down limit and says how many there are', async () => {
    const answer = okAnswer<DrillAnswer>(
      await drill(server.users.admin.token, { month: `${YEAR}-05`, type: 'YATIRIM' }),
    );
    expect(answer.total).toBe(DRILL_DOWN_LIMIT + 5);
    expect(answer.results).toHaveLength(DRILL_DOWN_LIMIT);
  });

  it('masks the T.C. as the lead screen does: the full number never leaves the server', async () => {
    const tc = '34567890182';
    await server.db.updateTable('leads').set({ tc }).where('id', '=', foreignLead).execute();
    const response = await drill(server.users.admin.token, { month: `${YEAR}-03`, type: 'YATIRIM' });
    expect(response.body).not.toContain(tc);
    const answer = okAnswer<DrillAnswer>(response);
    const row = answer.results.find((item) => item.customer_id === foreignLead);
    expect(row?.lead.tc).toBe('34•••••••82');
  });

  it('needs the month zero-prefixed', async () => {
    expect(
      failureMessage(await drill(server.users.admin.token, { month: `${YEAR}-3`, type: 'YATIRIM' }), 400),
    ).toContain(periodicReportMessages.monthInvalid);
  });

  it("never lists another team's transactions to a restricted user", async () => {
    const answer = okAnswer<DrillAnswer>(
      await drill(server.users.sales.token, { month: `${YEAR}-03`, type: 'YATIRIM' }),
    );
    expect(answer.total).toBe(2);
    expect(answer.results.every((row) => row.customer_id === ownLead)).toBe(true);
  });
});

describe('POST /report/monthly/export', () => {
  it('writes the report the screen shows as an xlsx SheetJS reads', async () => {
    const { token } = server.users.admin;
    const answer = okAnswer<ExportAnswer>(
      await postForm(server.app, '/api/report/monthly/export', { year: YEAR }, token),
    );
    const file = answer.excelFiles[0];
    expect(file?.name).toMatch(/^aylik-rapor-2035-.*\.xlsx$/);
    const download = await get(server.app, `/api${String(file?.url)}`, token);
    expect(download.statusCode).toBe(200);
    const book = XLSX.read(download.rawPayload);
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows[3]?.[0]).toBe(`${YEAR}-03`);
    // Month, leads, conversions, first funds, deposit count, deposit sums per currency (1, 2), ...
    expect(String(rows[0]?.[5])).toContain(periodicReportMessages.monthly.depositSum);
    expect(rows[3]?.slice(4, 7)).toEqual([4, 12345678901234.67, 50]);
    expect(rows[13]?.[0]).toBe(periodicReportMessages.monthly.total);
  });
});
