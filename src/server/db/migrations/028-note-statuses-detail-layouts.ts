/**
 * Two tables a client of the API reads (see docs/api-conformance.md):
 * - lead_note_statuses: what a note's note_status_id names. A detail table: POST /table/lead_note_statuses
 *   answers its rows without a body. Status 7 is the chat message, a fixed number of the API.
 * - detail_layouts: a table's fields arranged into sections for the generic detail page
 *   (/edit/{table}/{id}), one layout per user and table.
 */
export const noteStatusesDetailLayoutsSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS lead_note_statuses (
    id serial PRIMARY KEY,
    name text NOT NULL,
    background text NOT NULL DEFAULT '#E5E8EB',
    color text NOT NULL DEFAULT '#1C2127',
    sort integer NOT NULL DEFAULT 0
  )`,
  `INSERT INTO lead_note_statuses (id, name, background, color, sort) VALUES
    (1, 'Not', '#E5E8EB', '#1C2127', 10),
    (2, 'Aktivite', '#D1F0E0', '#0F5132', 20),
    (7, 'Sohbet Mesajı', '#DCE8F8', '#184A90', 70)
    ON CONFLICT (id) DO NOTHING`,
  `SELECT setval(pg_get_serial_sequence('lead_note_statuses', 'id'),
    greatest((SELECT max(id) FROM lead_note_statuses), 7))`,
  `CREATE TABLE IF NOT EXISTS detail_layouts (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    table_name text NOT NULL,
    sections jsonb NOT NULL,
    updated_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    PRIMARY KEY (user_id, table_name)
  )`,
];
