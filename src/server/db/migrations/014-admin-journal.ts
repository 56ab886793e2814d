/**
 * docs/admin-guide.md: every admin change is journaled (who, what, on which record, the values before and after),
 * and an account whose password an admin set must change it at its first login.
 */
export const adminJournalSchema: readonly string[] = [
  `CREATE TABLE admin_journal (
    id serial PRIMARY KEY,
    actor_id integer REFERENCES users(id) ON DELETE SET NULL,
    action text NOT NULL,
    target_table text NOT NULL,
    target_id integer,
    "values" jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX admin_journal_target_idx ON admin_journal (target_table, target_id, id)`,
  `ALTER TABLE users ADD COLUMN must_change_password smallint NOT NULL DEFAULT 0
    CHECK (must_change_password IN (0, 1))`,
];
