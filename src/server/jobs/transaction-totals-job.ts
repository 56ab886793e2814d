import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Job } from './job-types';

/** How often the deltas of transaction_month_totals are folded (migration 022). */
export const TRANSACTION_TOTALS_INTERVAL_MS = 10 * 60_000;

export interface TransactionTotalsJobOptions {
  db: Kysely<Database>;
  intervalMs?: number;
}

export interface TransactionTotalsJob extends Job {
  /** Folds the months written since the last run; resolves to the rows it folded. */
  compact(): Promise<number>;
}

/**
 * Every write to a transaction appends delta rows to transaction_month_totals; this folds a month's rows
 * into one per key (and drops keys that add up to nothing), so a report reads about one row per key.
 * Folding is one statement: the rows it deletes are exactly the ones it adds up, and deltas committed
 * meanwhile are left for the next run, so the totals are right at every moment. Only months with rows
 * newer than the last run's are touched; the mark is this node's own (another node merely folds more).
 */
export function createTransactionTotalsJob(options: TransactionTotalsJobOptions): TransactionTotalsJob {
  let mark = 0;
  async function compact(): Promise<number> {
    const { rows } = await sql<{ folded: number; top: string | null }>`
      with touched as (
        select distinct month from transaction_month_totals where id > ${mark}),
      gone as (
        delete from transaction_month_totals where month in (select month from touched)
        returning month, type, currency_id, status_id, agent_id, team_id, n, total),
      kept as (
        insert into transaction_month_totals (month, type, currency_id, status_id, agent_id, team_id, n, total)
        select month, type, currency_id, status_id, agent_id, team_id, sum(n), sum(total) from gone
        group by 1, 2, 3, 4, 5, 6
        having sum(n) <> 0 or sum(total) <> 0
        returning id)
      select (select count(*) from gone)::int as folded, (select max(id) from kept)::text as top`.execute(
      options.db,
    );
    const row = rows[0];
    if (row?.top) mark = Math.max(mark, Number(row.top));
    return Number(row?.folded ?? 0);
  }
  return {
    name: 'transaction-totals',
    every: options.intervalMs ?? TRANSACTION_TOTALS_INTERVAL_MS,
    compact,
    run: compact,
  };
}
