/**
 * Work management (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys, docs/requirements.md#lead-workspace-and-work-screens, #lead-money-task-and-report-data): lead-assignment rules (hooks) with a per-team round-robin
 * counter, offer (bid) templates and the answers given for a lead, a call period per lead status, and a
 * due date on tasks for the tasks page's filters.
 */
export const workManagementSchema: readonly string[] = [
  // One rule: if the new lead's field `if_field` equals `if_value`, set `then_field` to `then_value`
  // (then_value 'round_robin:{team}' hands the lead to the team's active agents in turn).
  `CREATE TABLE hooks (
    id serial PRIMARY KEY,
    sort integer NOT NULL DEFAULT 0,
    if_field text NOT NULL,
    if_value text NOT NULL,
    then_field text NOT NULL,
    then_value text NOT NULL,
    active smallint NOT NULL DEFAULT 1,
    skipped_count integer NOT NULL DEFAULT 0,
    last_skipped_at timestamp,
    last_skip_reason text,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX hooks_order_idx ON hooks (sort, id)`,
  // The next turn per team; its row lock serialises concurrent inserts so the spread stays exact.
  `CREATE TABLE hook_round_robin (
    team_id integer PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
    position bigint NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE bid_templates (
    id serial PRIMARY KEY,
    name text NOT NULL,
    questions jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_at timestamp
  )`,
  `CREATE TABLE bid_answers (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    template_id integer NOT NULL REFERENCES bid_templates(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    answers jsonb NOT NULL DEFAULT '[]'::jsonb,
    total numeric(16,2) NOT NULL DEFAULT 0,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX bid_answers_lead_idx ON bid_answers (lead_id, template_id, id)`,
  // Days between calls for a lead in this status; null: leads in it are not on the call-period list.
  `ALTER TABLE lead_statuses ADD COLUMN call_period_days integer CHECK (call_period_days > 0)`,
  `ALTER TABLE tasks ADD COLUMN due_date date`,
  `UPDATE lead_statuses s SET call_period_days = d.days
    FROM (VALUES ('Yeni', 1), ('Ulaşılamadı', 1), ('Tekrar Aranacak', 2), ('İlgileniyor', 3),
      ('Yatırım Bekleniyor', 2), ('Meşgul', 1), ('Sesli Mesaj', 1)) AS d(label, days)
    WHERE s.label = d.label`,
];

/** Call periods of the demo statuses (days), also set on databases seeded before this migration. */
export const DEFAULT_CALL_PERIOD_DAYS: Readonly<Record<string, number>> = {
  Yeni: 1,
  Ulaşılamadı: 1,
  'Tekrar Aranacak': 2,
  İlgileniyor: 3,
  'Yatırım Bekleniyor': 2,
  Meşgul: 1,
  'Sesli Mesaj': 1,
};
