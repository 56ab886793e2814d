/**
 * Chat (see docs/requirements.md#shell-lists-and-chat /chat, #records-notes-and-settings Channel): channels and direct conversations, each user's read marker per
 * channel, and the messages themselves as lead notes with note_status_id 7 (see docs/requirements.md#constants-and-limits). A message belongs
 * to no lead, so lead_notes.lead_id may be empty for chat messages only. The generic notes list (Notlar)
 * never shows them: its base filter leaves note_status_id 7 out, so no generic read or write reaches them.
 */
export const chatSchema: readonly string[] = [
  `CREATE TABLE chat_channels (
    id serial PRIMARY KEY,
    name text,
    kind text NOT NULL DEFAULT 'channel' CHECK (kind IN ('channel','direct')),
    archived smallint NOT NULL DEFAULT 0 CHECK (archived IN (0,1)),
    direct_low integer REFERENCES users(id) ON DELETE CASCADE,
    direct_high integer REFERENCES users(id) ON DELETE CASCADE,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    CHECK (
      (kind = 'channel' AND name IS NOT NULL AND direct_low IS NULL AND direct_high IS NULL)
      OR (kind = 'direct' AND name IS NULL AND direct_low < direct_high)
    ),
    UNIQUE (direct_low, direct_high)
  )`,
  // Channel names are unique whatever their case.
  `CREATE UNIQUE INDEX chat_channels_name_idx ON chat_channels (lower(name)) WHERE kind = 'channel'`,
  `CREATE INDEX chat_channels_high_idx ON chat_channels (direct_high) WHERE kind = 'direct'`,
  `CREATE TABLE chat_read_markers (
    channel_id integer NOT NULL REFERENCES chat_channels(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_read_id integer NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, user_id)
  )`,
  // Renames and archiving by admins: field -> { old, new }, like the lead journal.
  `CREATE TABLE chat_channel_journal (
    id serial PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES chat_channels(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    "values" jsonb NOT NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `ALTER TABLE lead_notes ALTER COLUMN lead_id DROP NOT NULL`,
  `ALTER TABLE lead_notes ADD CONSTRAINT lead_notes_lead_or_chat_check
    CHECK (lead_id IS NOT NULL OR (note_status_id = 7 AND channel_id IS NOT NULL))`,
  `CREATE INDEX lead_notes_chat_idx ON lead_notes (channel_id, id) WHERE note_status_id = 7 AND lead_id IS NULL`,
  // Databases seeded before chat: the notes list leaves chat messages out (new ones get it from the seed).
  `UPDATE crm_tables SET base_filter = 'note_status_id is null or note_status_id <> 7'
    WHERE table_name = 'lead_notes' AND source_table = 'lead_notes' AND base_filter IS NULL`,
];
