/**
 * The importer (see docs/user-guide.md#importing-leads, docs/requirements.md#lead-money-task-and-report-data Import template, Import report row): saved column choices per
 * table, one report row per import, and one row per chunk received, which makes a retried or resumed
 * chunk insert nothing twice (its key is taken in the same transaction as its rows).
 */
export const importerSchema: readonly string[] = [
  `CREATE TABLE import_templates (
    id serial PRIMARY KEY,
    table_name text NOT NULL,
    name text NOT NULL,
    data jsonb NOT NULL,
    status smallint NOT NULL DEFAULT 1,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE UNIQUE INDEX import_templates_name_idx ON import_templates (table_name, name) WHERE status = 1`,
  `CREATE TABLE import_reports (
    id serial PRIMARY KEY,
    excel_id text NOT NULL UNIQUE,
    table_name text NOT NULL,
    file_name text NOT NULL,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    double integer NOT NULL DEFAULT 0,
    double_ids integer[] NOT NULL DEFAULT '{}',
    total integer NOT NULL DEFAULT 0,
    inserted integer NOT NULL DEFAULT 0,
    chunks integer NOT NULL DEFAULT 1,
    chunks_done integer NOT NULL DEFAULT 0,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX import_reports_agent_idx ON import_reports (agent_id, id)`,
  `CREATE TABLE import_chunks (
    report_id integer NOT NULL REFERENCES import_reports(id) ON DELETE CASCADE,
    chunk integer NOT NULL,
    rows integer NOT NULL,
    inserted integer NOT NULL,
    skipped integer NOT NULL,
    digest text NOT NULL,
    PRIMARY KEY (report_id, chunk)
  )`,
];
