/**
 * Statistics the report queries need (see docs/user-guide.md#reports). Reports group a year of rows by month or day: without
 * statistics on that expression PostgreSQL guesses one group per row, sorts every row (to disk, past
 * work_mem) and never aggregates in parallel; with them it hashes the rows into their few dozen groups,
 * in parallel workers. The monthly report groups transactions by extract(month ...); the report builder
 * groups by date_trunc (report-query.ts groupKey), most often on created_at.
 */
export const reportStatisticsSchema: readonly string[] = [
  `CREATE STATISTICS IF NOT EXISTS transactions_month_stats
    ON (extract(month from created_at)::int), type, currency_id FROM transactions`,
  `CREATE STATISTICS IF NOT EXISTS transactions_created_month_stats
    ON (date_trunc('month', created_at)) FROM transactions`,
  `CREATE STATISTICS IF NOT EXISTS transactions_created_day_stats
    ON (date_trunc('day', created_at)) FROM transactions`,
  `CREATE STATISTICS IF NOT EXISTS leads_created_month_stats ON (date_trunc('month', created_at)) FROM leads`,
  `CREATE STATISTICS IF NOT EXISTS leads_created_day_stats ON (date_trunc('day', created_at)) FROM leads`,
  `ANALYZE transactions`,
  `ANALYZE leads`,
];
