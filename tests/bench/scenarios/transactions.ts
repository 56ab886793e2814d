import { sql } from 'kysely';
import { contract, encodeForm, fillPath } from '../../../src/shared/contract';
import { LIST_COUNT_CAP, WORKSPACE_PAGE_SIZE } from '../../../src/shared/domain/constants';
import {
  FINANCE_PENDING_STATUSES,
  PENDING_STATUSES,
  TRANSACTION_COLUMNS,
} from '../../../src/shared/domain/transaction-flow';
import { measure, measurePair } from '../stats';
import { count, ms, type BenchContext, type Section } from './bench-context';
import { LATENCY_COLUMNS, LIST_TARGET, latencyRow } from './latency';
import { planSummary } from './sql-plan';
import type { TableAnswer } from './table-call';

/**
 * docs/performance.md#current-figures: the /transactions pending tab over 1,000,000 transactions, within 2x of the same SQL by hand,
 * and under the lists' p95 target. The call is the screen's own: its page size and columns.
 */
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const BATCH = 100_000;
const PAGE = WORKSPACE_PAGE_SIZE;
const MAX_RATIO = 2;
const COLUMNS: readonly string[] = TRANSACTION_COLUMNS;
const URL = `/api${fillPath(contract.table.path, { table: 'transactions' }).path}`;
/** The same session and permission checks as the list, with no list query: the API's fixed cost. */
const FIELDS_URL = `/api${fillPath(contract.fields.path, { table: 'transactions' }).path}`;

/** Tops the table up to TRANSACTIONS rows spread over the bench's leads and all 16 statuses. */
async function seedTransactions(context: BenchContext): Promise<number> {
  const { db } = context.handle;
  const have = await sql<{ n: number }>`select count(*)::int as n from transactions`.execute(db);
  let rows = Number(have.rows[0]?.n ?? 0);
  const range = await sql<{ lo: number; hi: number }>`select min(id) as lo, max(id) as hi from leads`.execute(
    db,
  );
  const lo = Number(range.rows[0]?.lo ?? 1);
  const span = Math.max(1, Number(range.rows[0]?.hi ?? 1) - lo + 1);
  const t0 = performance.now();
  while (rows < TRANSACTIONS) {
    const size = Math.min(BATCH, TRANSACTIONS - rows);
    // Leads deleted from the middle of the range are skipped by the join.
    await sql`insert into transactions (customer_id, type, gateway_id, amount, currency_id, login, status_id, created_at)
      select l.id, case when g % 3 = 0 then 'ÇEKİM' else 'YATIRIM' end, (array[1,2,5])[1 + g % 3],
        ((g % 100000) / 100.0 + 10)::numeric, 6, (7100000 + g % 50000)::text, 1 + (g * 7) % 16,
        localtimestamp(0) - make_interval(mins => g % 500000)
      from generate_series(${rows + 1}::int, ${rows + size}::int) as g
      join leads l on l.id = ${lo}::int + (g::bigint * 7919 % ${span}::int)::int`.execute(db);
    const now = await sql<{ n: number }>`select count(*)::int as n from transactions`.execute(db);
    const next = Number(now.rows[0]?.n ?? rows);
    if (next === rows) break;
    rows = next;
  }
  await sql`vacuum (analyze) transactions`.execute(db);
  context.log(`transactions: ${count(rows)} satır (${Math.round(performance.now() - t0)} ms)`);
  return rows;
}

function pageSql(statuses: readonly number[]) {
  const list = sql.join(COLUMNS.map((name) => sql.id(name)));
  const where = sql`status_id = any(${[...statuses]}::int[])`;
  return {
    page: sql`select ${list} from transactions where id in (
        select id from transactions where ${where} order by id desc limit ${PAGE})
      order by id desc`,
    count: sql<{ total: number }>`select count(*)::int as total from (
        select 1 from transactions where ${where} limit ${LIST_COUNT_CAP + 1}) as capped`,
  };
}

export async function runTransactionsPending(context: BenchContext): Promise<Section> {
  const total = await seedTransactions(context);
  const auth = { authorization: `Bearer ${context.token}` };
  const headers = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
  const rows = [];
  const notes: string[] = [];
  for (const [name, statuses] of [
    ['Bekleyenler (varsayılan liste 4, 7, 8, 12, 13, 14)', PENDING_STATUSES],
    ['Finansın bekleyenleri (3, 4, 5, 7, 8, 12, 13, 14)', FINANCE_PENDING_STATUSES],
  ] as const) {
    const payload = encodeForm({
      page: 1,
      limit: PAGE,
      sort: { name: 'id', type: 'desc' },
      fields: COLUMNS,
      filters: [{ name: 'status_id', type: 11, value: statuses.map(String) }],
    });
    const call = async (): Promise<TableAnswer> => {
      const response = await context.app.inject({ method: 'POST', url: URL, headers, payload });
      if (response.statusCode !== 200) throw new Error(`transactions list failed: ${response.body}`);
      return JSON.parse(response.body) as TableAnswer;
    };
    const queries = pageSql(statuses);
    const raw = async (): Promise<void> => {
      await Promise.all([queries.page.execute(context.handle.db), queries.count.execute(context.handle.db)]);
    };
    const answer = await call();
    const expected = await queries.page.execute(context.handle.db);
    const same =
      answer.results.map((row) => Number(row.id)).join(',') ===
      expected.rows.map((row) => Number((row as { id: number }).id)).join(',');
    const pair = await measurePair(
      async () => {
        await call();
      },
      raw,
      context.rounds,
    );
    const ratioOk = pair.subject.p95 <= MAX_RATIO * pair.baseline.p95;
    const fast = pair.subject.p95 < LIST_TARGET.maxP95Ms;
    rows.push(
      latencyRow(
        {
          scenario: `/table/transactions: ${name}, ${PAGE} satır, id azalan`,
          matched: answer.total,
          of: total,
          subject: pair.subject,
          baseline: pair.baseline,
        },
        `p95 ≤ ${MAX_RATIO} × SQL p95, ${LIST_TARGET.text}`,
        same && ratioOk && fast,
        same ? undefined : 'API ile elle yazılan SQL farklı satırlar döndürdü',
      ),
    );
    notes.push(
      `${name}: sayfa ${await planSummary(context.handle.db, queries.page)}; sayım ${await planSummary(
        context.handle.db,
        queries.count,
      )}.`,
    );
  }
  // What the API adds to the SQL whatever the list: the session and the permission rows (one round trip
  // each), the contract parse and the JSON. On a loaded machine each round trip waits for a core.
  const fixed = await measure(async () => {
    const response = await context.app.inject({ method: 'GET', url: FIELDS_URL, headers: auth });
    if (response.statusCode !== 200) throw new Error(`fields failed: ${response.body}`);
  }, context.rounds);
  notes.push(
    `API'nin sabit maliyeti (oturum + yetki satırları, /fields/transactions): p50 ${ms(fixed.p50)} ms, ` +
      `p95 ${ms(fixed.p95)} ms.`,
  );
  return { title: 'Para işlemleri: bekleyenler sekmesi', columns: LATENCY_COLUMNS, rows, notes };
}
