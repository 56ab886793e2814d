/**
 * The app shell and real time (see docs/user-guide.md#shell-search-and-reminders): when a reminder was pushed over socket.io, per-user
 * preferences and favourite pages, the lead views of the profile's activity table, and a prefix index
 * for the search suggestions.
 */
export const shellRealtimeSchema: readonly string[] = [
  // Set once the reminder scheduler has pushed the notification (at most once, also across nodes).
  `ALTER TABLE notifications ADD COLUMN pushed_at timestamp`,
  // Reminders already due when this ships are history, not news: no flood of pushes at the first tick.
  `UPDATE notifications SET pushed_at = date_trunc('second', localtimestamp)
    WHERE start IS NULL OR start <= localtimestamp`,
  // The scheduler's two questions ("due and not pushed", "open and long past") read open rows by start.
  `CREATE INDEX notifications_open_start_idx ON notifications (start) WHERE completed = 0`,
  // The drawer: the user's notifications newest first.
  `CREATE INDEX notifications_user_id_idx ON notifications (user_id, id)`,

  `CREATE TABLE user_preferences (
    user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    updated_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,

  `CREATE TABLE favorites (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title text NOT NULL,
    url text NOT NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE UNIQUE INDEX favorites_user_url_key ON favorites (user_id, url)`,

  // One row per user, lead and day: enough for "viewed leads" per day without growing per click.
  `CREATE TABLE lead_views (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    day date NOT NULL,
    first_at timestamp NOT NULL,
    last_at timestamp NOT NULL,
    PRIMARY KEY (user_id, day, lead_id)
  )`,
  `CREATE INDEX lead_views_lead_idx ON lead_views (lead_id)`,

  // The profile's activity reads a user's journal entries and notes by time.
  `CREATE INDEX lead_journal_agent_idx ON lead_journal (agent_id, created_at)`,
  `CREATE INDEX lead_notes_agent_idx ON lead_notes (insert_agent_id, created_at)`,

  // Search suggestions are name prefixes; the trigram index of 001 cannot serve one or two letters.
  `CREATE INDEX leads_name_folded_prefix_idx ON leads (name_folded text_pattern_ops)`,
];
