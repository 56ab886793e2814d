/**
 * Platform operations: every money move on a trading account (risk's deposit or withdrawal, the funding
 * of a completed deposit) is written here first, in the database transaction of its journal entry, and
 * sent to the trading platform afterwards by a job (see docs/money.md#platform-operations). The
 * idempotency key travels to the platform with the operation (in the deal's comment, and in the built-in
 * ledger's own `reference` column), so a retry after an unknown outcome finds the deal instead of booking
 * it twice. next_attempt_at is timestamptz: backoff and leases are elapsed time, whatever the zone does.
 *
 * A deposit is funded at most once: one operation per transaction that has not failed (a failed one
 * funded nothing, so risk may try again).
 */
export const platformOperationsSchema: readonly string[] = [
  `CREATE TABLE platform_operations (
    id serial PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    lead_platform_id integer REFERENCES lead_platforms(id) ON DELETE SET NULL,
    login text NOT NULL,
    customer_id integer NOT NULL REFERENCES leads(id),
    direction text NOT NULL CHECK (direction IN ('deposit', 'withdrawal')),
    amount numeric NOT NULL CHECK (amount > 0),
    currency_id integer,
    comment text NOT NULL DEFAULT '',
    leverage integer CHECK (leverage > 0),
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'done', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    error_code text,
    platform_code text,
    last_error text,
    ticket text,
    transaction_id integer REFERENCES transactions(id),
    created_by integer REFERENCES users(id),
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  // The worker's queue: only operations still on their way are indexed.
  `CREATE INDEX platform_operations_due_idx ON platform_operations (next_attempt_at, id)
    WHERE state IN ('pending', 'sending')`,
  `CREATE INDEX platform_operations_login_idx ON platform_operations (login, id)`,
  `CREATE INDEX platform_operations_created_idx ON platform_operations (created_at)`,
  `CREATE UNIQUE INDEX platform_operations_funding_uq ON platform_operations (transaction_id)
    WHERE transaction_id IS NOT NULL AND state <> 'failed'`,
  // The ledger honours the key as MT5 does through the comment: a reference is booked once.
  `ALTER TABLE trading_deals ADD COLUMN reference text`,
  `CREATE UNIQUE INDEX trading_deals_reference_uq ON trading_deals (reference) WHERE reference IS NOT NULL`,
  // What the reconciliation last found per login, so a lasting difference is told to risk once.
  `CREATE TABLE platform_reconciliation (
    login text PRIMARY KEY,
    crm_total numeric NOT NULL,
    platform_total numeric NOT NULL,
    findings text NOT NULL DEFAULT '',
    checked_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    notified_at timestamp
  )`,
];
