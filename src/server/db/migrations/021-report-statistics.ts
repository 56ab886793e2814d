/**
 * Statistics the report queries need (issue #15). The monthly report and the report builder group a
 * year of transactions by month: without statistics on the month expression PostgreSQL guesses one group
 * per row, sorts every transaction to disk and never aggregates in parallel (1 s on a million rows);
 * with them it hashes the rows into their few dozen groups in parallel workers.
 */
export const reportStatisticsSchema: readonly string[] = [
  `CREATE STATISTICS IF NOT EXISTS transactions_month_stats
    ON (extract(month from created_at)::int), type, currency_id FROM transactions`,
  `ANALYZE transactions`,
];
