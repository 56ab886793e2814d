/**
 * A true, append-only journal of money instructions, and reversals (docs/money.md, sections "Journal" and
 * "Immutability and reversal").
 *
 * - Each journal row states the status before and after its step. The creation row is written by the
 *   database itself when a transaction is inserted (whichever path inserts it), with the status it was
 *   created with; rows of transactions made before this migration get a creation row whose status is the
 *   one their first recorded step started from (else the status they have).
 * - The journal refuses UPDATE and DELETE: only the cascade of its transaction's own delete (a nested
 *   trigger, depth > 1) may remove rows. TRUNCATE stays the database owner's tool (`seed --reset`).
 * - `entered_at` keeps when a row was really entered; `created_at` may be back-dated within bounds.
 * - `locked_at` marks when finance first approved: from then on the money fields are read-only.
 * - `reverses_id` links a reversing transaction to the completed one it corrects (one reversal each).
 */
export const transactionLedgerRulesSchema: readonly string[] = [
  `ALTER TABLE transaction_journal ADD COLUMN IF NOT EXISTS status_before integer`,
  `ALTER TABLE transaction_journal ADD COLUMN IF NOT EXISTS status_after integer`,
  `ALTER TABLE transactions ADD COLUMN IF NOT EXISTS entered_at timestamp`,
  `UPDATE transactions SET entered_at = created_at WHERE entered_at IS NULL`,
  `ALTER TABLE transactions ALTER COLUMN entered_at SET DEFAULT date_trunc('second', localtimestamp)`,
  `ALTER TABLE transactions ALTER COLUMN entered_at SET NOT NULL`,
  // Set when finance first approves, never cleared: the money fields stay locked even if a later step
  // (a risk cancellation, a reopening) takes the approval status back.
  `ALTER TABLE transactions ADD COLUMN IF NOT EXISTS locked_at timestamp`,
  `UPDATE transactions SET locked_at = coalesce(finance_approve_date, created_at)
    WHERE finance_approve_status = 1 AND locked_at IS NULL`,
  `ALTER TABLE transactions ADD COLUMN IF NOT EXISTS reverses_id integer REFERENCES transactions(id)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS transactions_reverses_idx ON transactions (reverses_id)
    WHERE reverses_id IS NOT NULL`,
  // Steps recorded before: their status change, where they made one, else the status they kept.
  `UPDATE transaction_journal j SET
      status_before = coalesce((j.values->'status_id'->>'old')::integer, t.status_id),
      status_after = coalesce((j.values->'status_id'->>'new')::integer, t.status_id)
    FROM transactions t WHERE t.id = j.transaction_id AND j.status_before IS NULL`,
  `INSERT INTO transaction_journal (transaction_id, agent_id, action, values, created_at, status_before, status_after)
    SELECT t.id, t.insert_user_id, 'create',
      jsonb_build_object(
        'type', jsonb_build_object('old', null, 'new', t.type),
        'amount', jsonb_build_object('old', null, 'new', t.amount::text),
        'currency_id', jsonb_build_object('old', null, 'new', t.currency_id::text),
        'login', jsonb_build_object('old', null, 'new', t.login)),
      t.created_at, null,
      coalesce((select (j.values->'status_id'->>'old')::integer from transaction_journal j
        where j.transaction_id = t.id and j.values ? 'status_id' order by j.id limit 1), t.status_id)
    FROM transactions t
    WHERE NOT EXISTS (select 1 from transaction_journal j where j.transaction_id = t.id and j.action = 'create')`,
  `CREATE OR REPLACE FUNCTION transaction_journal_create() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_journal (transaction_id, agent_id, action, values, status_before, status_after)
        SELECT n.id, n.insert_user_id, 'create',
          jsonb_build_object(
            'type', jsonb_build_object('old', null, 'new', n.type),
            'amount', jsonb_build_object('old', null, 'new', n.amount::text),
            'currency_id', jsonb_build_object('old', null, 'new', n.currency_id::text),
            'login', jsonb_build_object('old', null, 'new', n.login),
            'status_id', jsonb_build_object('old', null, 'new', n.status_id::text))
          || CASE WHEN n.reverses_id IS NULL THEN '{}'::jsonb
            ELSE jsonb_build_object('reverses_id', jsonb_build_object('old', null, 'new', n.reverses_id::text)) END
          || CASE WHEN n.created_at < n.entered_at - interval '1 minute'
            THEN jsonb_build_object('created_at', jsonb_build_object('old', n.entered_at::text, 'new', n.created_at::text))
            ELSE '{}'::jsonb END,
          null, n.status_id
        FROM new_rows n;
      RETURN NULL;
    END $$`,
  `DROP TRIGGER IF EXISTS transaction_journal_create ON transactions`,
  `CREATE TRIGGER transaction_journal_create AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_journal_create()`,
  `CREATE OR REPLACE FUNCTION transaction_journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'transaction_journal is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`,
  `DROP TRIGGER IF EXISTS transaction_journal_append_only ON transaction_journal`,
  `CREATE TRIGGER transaction_journal_append_only BEFORE UPDATE OR DELETE ON transaction_journal
    FOR EACH ROW EXECUTE FUNCTION transaction_journal_append_only()`,
];
