import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Job } from './job-types';

/** How often the deltas of the monthly totals are folded (migrations 022 and 023). */
export const TRANSACTION_TOTALS_INTERVAL_MS = 10 * 60_000;

export interface TransactionTotalsJobOptions {
  db: Kysely<Database>;
  intervalMs?: number;
}

export interface TransactionTotalsJob extends Job {
  /** Folds the months written since the last run; resolves to the rows it folded. */
  compact(): Promise<number>;
}

/** A totals table of delta rows: the columns that key a total and the ones that are added up. */
interface TotalsTable {
  name: string;
  keys: readonly string[];
  sums: readonly string[];
}

const TOTALS_TABLES: readonly TotalsTable[] = [
  {
    name: 'transaction_month_totals',
    keys: ['month', 'type', 'currency_id', 'status_id', 'agent_id', 'team_id'],
    sums: ['n', 'total'],
  },
  { name: 'lead_month_totals', keys: ['field', 'month', 'agent_id', 'team_id'], sums: ['n'] },
];

/**
 * Every write appends delta rows to the monthly totals; this folds a month's rows into one per key (and
 * drops keys that add up to nothing), so a report reads about one row per key. Folding is one statement
 * per table: the rows it deletes are exactly the ones it adds up, and deltas committed meanwhile are left
 * for the next run, so the totals are right at every moment. Only months with rows newer than the last
 * run's are touched; the marks are this node's own (another node merely folds more).
 */
export function createTransactionTotalsJob(options: TransactionTotalsJobOptions): TransactionTotalsJob {
  const marks = new Map<string, number>();
  async function fold(table: TotalsTable): Promise<number> {
    const name = sql.id(table.name);
    const keys = sql.join(table.keys.map((key) => sql.id(key)));
    const columns = sql.join([...table.keys, ...table.sums].map((column) => sql.id(column)));
    const sums = sql.join(table.sums.map((column) => sql`sum(${sql.id(column)})`));
    const nonZero = sql.join(
      table.sums.map((column) => sql`sum(${sql.id(column)}) <> 0`),
      sql` or `,
    );
    const { rows } = await sql<{ folded: number; top: string | null }>`
      with touched as (
        select distinct month from ${name} where id > ${marks.get(table.name) ?? 0}),
      gone as (
        delete from ${name} where month in (select month from touched) returning ${columns}),
      kept as (
        insert into ${name} (${columns})
        select ${keys}, ${sums} from gone group by ${keys} having ${nonZero}
        returning id)
      select (select count(*) from gone)::int as folded, (select max(id) from kept)::text as top`.execute(
      options.db,
    );
    const row = rows[0];
    if (row?.top) marks.set(table.name, Math.max(marks.get(table.name) ?? 0, Number(row.top)));
    return Number(row?.folded ?? 0);
  }
  async function compact(): Promise<number> {
    let folded = 0;
    for (const table of TOTALS_TABLES) folded += await fold(table);
    return folded;
  }
  return {
    name: 'transaction-totals',
    every: options.intervalMs ?? TRANSACTION_TOTALS_INTERVAL_MS,
    compact,
    run: compact,
  };
}
