/**
 * The report builder (see docs/user-guide.md#reports, docs/requirements.md#lead-money-task-and-report-data "Saved report"): saved report forms, and an index so that a
 * report on transactions over a date range reads that range instead of the whole table.
 */
export const reportBuilderSchema: readonly string[] = [
  `CREATE TABLE saved_reports (
    id serial PRIMARY KEY,
    name text NOT NULL,
    table_name text NOT NULL,
    report_values jsonb NOT NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_by integer REFERENCES users(id) ON DELETE SET NULL,
    updated_at timestamp
  )`,
  `CREATE INDEX saved_reports_table_idx ON saved_reports (table_name, id)`,
  `CREATE INDEX IF NOT EXISTS transactions_created_idx ON transactions (created_at)`,
];
