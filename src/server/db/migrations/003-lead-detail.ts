/**
 * The lead detail workspace (see docs/user-guide.md#the-lead-workspace): the change journal of leads, reminders as notifications, lead
 * remitters (third parties), the note's chosen agents, and what makes the duplicate search fast on a
 * million leads (a normalised phone array and indexes on e-mail and tc).
 */

/**
 * normalizePhone() of src/shared/domain/phone.ts in SQL, character for character: ASCII digits only,
 * one leading 90 dropped, then one leading 0. '[^0-9]' rather than '\D' because PostgreSQL's \d may
 * match other scripts' digits under some locales, and JavaScript's \d matches ASCII only.
 */
export const normalizePhoneSql = (column: string): string =>
  `regexp_replace(regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^90', ''), '^0', '')`;

export const leadDetailSchema: readonly string[] = [
  // "values" is a reserved word in SQL; the spec names the column so, hence the quotes.
  `CREATE TABLE lead_journal (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    "values" jsonb NOT NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_journal_lead_idx ON lead_journal (lead_id, id)`,

  // The agents a note's reminder went to (see docs/requirements.md#records-notes-and-settings Note: agents).
  `ALTER TABLE lead_notes ADD COLUMN agents integer[]`,

  // completed: 0 open, 1 done, 2 overdue (see docs/requirements.md#notification-and-list-states). One row per reminded user.
  `CREATE TABLE notifications (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    lead_id integer REFERENCES leads(id) ON DELETE CASCADE,
    lead_name text,
    title text NOT NULL,
    body text NOT NULL,
    start timestamp,
    completed smallint NOT NULL DEFAULT 0 CHECK (completed IN (0, 1, 2)),
    completed_agent_name text,
    note_id integer REFERENCES lead_notes(id) ON DELETE CASCADE,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX notifications_user_start_idx ON notifications (user_id, start)`,
  `CREATE INDEX notifications_lead_idx ON notifications (lead_id, id)`,
  `CREATE INDEX notifications_note_idx ON notifications (note_id)`,

  `CREATE TABLE lead_remitters (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id),
    name text,
    tc text,
    city text,
    ilce text,
    email text,
    description text,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_remitters_lead_idx ON lead_remitters (lead_id, id)`,

  // The lead's numbers normalised, empty ones left out: one GIN index answers "shares any number".
  `ALTER TABLE leads ADD COLUMN phones_normalized text[] GENERATED ALWAYS AS (array_remove(ARRAY[
    ${normalizePhoneSql('phone')},
    ${normalizePhoneSql('phone_2')},
    ${normalizePhoneSql('mobile')}
  ], '')) STORED`,
  `CREATE INDEX leads_phones_normalized_idx ON leads USING gin (phones_normalized)`,
  `CREATE INDEX leads_email_lower_idx ON leads (lower(email)) WHERE email IS NOT NULL AND email <> ''`,
  `CREATE INDEX leads_tc_idx ON leads (tc) WHERE tc IS NOT NULL AND tc <> ''`,
];
