/**
 * Money instructions (see docs/requirements.md#lead-money-task-and-report-data Transaction): deposits and withdrawals of a customer (customer_id is the
 * lead), exact NUMERIC amounts with currency ids, and the finance and risk approvals. Their journal keeps
 * every step (actor, time, old and new values). Option list 146 values carry their flow (department ->
 * allowed next statuses) as JSON, which admins edit as data.
 */
export const transactionsSchema: readonly string[] = [
  `CREATE TABLE transactions (
    id serial PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    type text NOT NULL,
    gateway_id integer NOT NULL,
    amount numeric NOT NULL CHECK (amount > 0),
    currency_id integer NOT NULL DEFAULT 1,
    amount_platform numeric,
    platform_currency_id integer,
    amount_bank numeric,
    bank_currency_id integer,
    login text NOT NULL,
    iban text,
    iban_name text,
    delivery_iban text,
    comment text,
    lead_remitter_id integer,
    status_id integer NOT NULL DEFAULT 1,
    insert_user_id integer REFERENCES users(id),
    agent_id integer REFERENCES users(id),
    retention_id integer REFERENCES users(id),
    team_id integer REFERENCES teams(id),
    finance_approve_date timestamp,
    finance_approve_status smallint,
    risk_approve_date timestamp,
    risk_approve_status smallint,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  // The workspace tabs list by status, newest first: one range per status, read backwards.
  `CREATE INDEX transactions_status_idx ON transactions (status_id, id)`,
  `CREATE INDEX transactions_customer_idx ON transactions (customer_id, id)`,
  `CREATE TABLE transaction_journal (
    id serial PRIMARY KEY,
    transaction_id integer NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id),
    action text NOT NULL,
    values jsonb NOT NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX transaction_journal_trx_idx ON transaction_journal (transaction_id, id)`,
  `ALTER TABLE option_values ADD COLUMN IF NOT EXISTS flow jsonb`,
];
