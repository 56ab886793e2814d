/**
 * Saved favourite filters per user and table (see docs/requirements.md#records-notes-and-settings), and the log of every call attempt made through
 * the telephony adapter (see docs/requirements.md#calls "Calls"; docs/user-guide.md#working-with-lists: every attempt is logged, refused ones included).
 */
export const favoritesCallsSchema: readonly string[] = [
  `CREATE TABLE favorite_filters (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    table_name text NOT NULL REFERENCES crm_tables(table_name) ON DELETE CASCADE ON UPDATE CASCADE,
    name text NOT NULL,
    filters jsonb NOT NULL DEFAULT '[]',
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    UNIQUE (user_id, table_name, name)
  )`,
  // lead_id has no foreign key on purpose: the log keeps attempts on ids that do not exist (or that the
  // user may not see) and outlives deleted leads. It is bigint so any id the contract accepts fits.
  `CREATE TABLE call_logs (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    lead_id bigint NOT NULL,
    dahili text,
    number text,
    line_prefix text,
    status text NOT NULL CHECK (status IN ('refused','failed','logged','queued')),
    message text NOT NULL,
    action_id text,
    outcome text,
    outcome_reason integer,
    unique_id text,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_at timestamp
  )`,
  `CREATE INDEX call_logs_lead_idx ON call_logs (lead_id, id)`,
  `CREATE INDEX call_logs_user_idx ON call_logs (user_id, created_at)`,
  // Not unique: ActionIDs are unique per AMI connection only (random prefix), and a log insert must
  // never fail over a collision between server restarts.
  `CREATE INDEX call_logs_action_idx ON call_logs (action_id) WHERE action_id IS NOT NULL`,
];
