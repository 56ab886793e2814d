/**
 * Periodic e-mailed reports (see docs/user-guide.md#reports, docs/requirements.md#lead-money-task-and-report-data "Periodic report", #calls savePeriod): name, data (which
 * report and its settings), status, type, table, next_send_date, period (days: 1, 7, 30) and receiver
 * (comma-separated addresses). A server job sends each due one as an xlsx attachment. Several nodes share
 * the table: a send is claimed with FOR UPDATE SKIP LOCKED, which in the same statement moves
 * next_send_date past now and records the slot being sent in sending_for (kept until the send succeeds,
 * so a failed or interrupted send is tried again, once, after locked_until). attempts, last_error and
 * last_sent_at are what the admin screen shows.
 */
export const periodicReportsSchema: readonly string[] = [
  `CREATE TABLE periodic_reports (
    id serial PRIMARY KEY,
    name text NOT NULL,
    type text NOT NULL,
    "table" text NOT NULL,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
    period integer NOT NULL CHECK (period IN (1, 7, 30)),
    receiver text NOT NULL,
    next_send_date timestamp NOT NULL,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    sending_for timestamp,
    locked_until timestamp,
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    last_sent_at timestamp,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  // The job asks for active reports whose time has come, oldest first.
  `CREATE INDEX periodic_reports_due_idx ON periodic_reports (next_send_date) WHERE status = 1`,
  // /report/monthly counts one year of each date by month: a range scan each, not the whole table.
  `CREATE INDEX IF NOT EXISTS transactions_created_idx ON transactions (created_at)`,
  `CREATE INDEX IF NOT EXISTS leads_customer_set_date_idx ON leads (customer_set_date)
    WHERE customer_set_date IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS leads_first_fund_date_idx ON leads (first_fund_date)
    WHERE first_fund_date IS NOT NULL`,
  // The outbox (no SMTP_URL) keeps attachments too, so what would have gone out can be read whole.
  `ALTER TABLE mail_outbox ADD COLUMN attachments jsonb`,
];
