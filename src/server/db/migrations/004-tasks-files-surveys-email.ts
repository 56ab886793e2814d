/**
 * The lead detail's tasks, files, surveys and e-mails (see docs/requirements.md#lead-workspace-and-work-screens, #lead-money-task-and-report-data, #task-customer-and-money-states, #calls; docs/user-guide.md#the-lead-workspace).
 *
 * E-mail templates get their own table (name, subject, body) and option list 128 reads its labels from
 * it (source 'email_templates'), so a template offered in the list always has a body to send. Templates
 * an older database kept as plain option values are carried over with an empty body, which the seed
 * fills in for the names it knows.
 */
export const tasksFilesSurveysEmailSchema: readonly string[] = [
  // parent_id 0 is the top level (see docs/requirements.md#lead-money-task-and-report-data), so it is no foreign key; subtasks are removed with their
  // parent by the service.
  `CREATE TABLE tasks (
    id serial PRIMARY KEY,
    title text NOT NULL,
    description text,
    status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
    parent_id integer NOT NULL DEFAULT 0,
    lead_id integer REFERENCES leads(id) ON DELETE CASCADE,
    complete_date timestamp,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX tasks_lead_idx ON tasks (lead_id, parent_id) WHERE lead_id IS NOT NULL`,
  `CREATE INDEX tasks_parent_idx ON tasks (parent_id) WHERE parent_id <> 0`,
  `CREATE INDEX tasks_creator_idx ON tasks (created_by)`,
  `CREATE TABLE task_agents (
    task_id integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (task_id, user_id)
  )`,
  `CREATE INDEX task_agents_user_idx ON task_agents (user_id)`,
  `CREATE TABLE tasks_templates (
    id serial PRIMARY KEY,
    name text NOT NULL,
    tasks jsonb NOT NULL DEFAULT '[]'
  )`,

  // Bytes live on disk (<dataDir>/files/<lead_id>/<stored_name>); mime is what the bytes were checked as.
  `CREATE TABLE lead_files (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    file_name text NOT NULL,
    stored_name text NOT NULL UNIQUE,
    mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png')),
    size integer NOT NULL,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    file_category_id integer,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_files_lead_idx ON lead_files (lead_id, id)`,

  `CREATE TABLE questions (
    id serial PRIMARY KEY,
    name text NOT NULL,
    data jsonb NOT NULL DEFAULT '[]',
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE TABLE answers (
    id serial PRIMARY KEY,
    question_id integer NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    answers jsonb NOT NULL DEFAULT '[]',
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX answers_lead_idx ON answers (lead_id, question_id, id)`,

  `CREATE TABLE email_templates (
    id serial PRIMARY KEY,
    name text NOT NULL,
    subject text NOT NULL DEFAULT '',
    body text NOT NULL DEFAULT ''
  )`,
  `INSERT INTO email_templates (id, name, subject, body)
    SELECT value::integer, label, label, '' FROM option_values
    WHERE list_id = 128 AND value ~ '^[1-9][0-9]{0,8}$'`,
  `SELECT setval(pg_get_serial_sequence('email_templates', 'id'),
    GREATEST((SELECT max(id) FROM email_templates), 1), (SELECT count(*) > 0 FROM email_templates))`,
  `ALTER TABLE option_lists DROP CONSTRAINT IF EXISTS option_lists_source_check`,
  `ALTER TABLE option_lists ADD CONSTRAINT option_lists_source_check
    CHECK (source IN ('values','users','teams','user_groups','lead_statuses','email_templates'))`,
  `UPDATE option_lists SET source = 'email_templates' WHERE id = 128`,
  `DELETE FROM option_values WHERE list_id = 128`,

  // subject/body/to_address are rendered when queued: what goes out is what the agent chose then.
  // locked_until claims a row for one sender (several server nodes), attempts counts failed sends.
  `CREATE TABLE lead_emails (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    template_id integer REFERENCES email_templates(id) ON DELETE SET NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    agent_id integer REFERENCES users(id) ON DELETE SET NULL,
    start timestamp NOT NULL,
    "end" timestamp,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    error text,
    attempts integer NOT NULL DEFAULT 0,
    locked_until timestamp,
    sent_at timestamp,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_emails_lead_idx ON lead_emails (lead_id, id)`,
  `CREATE INDEX lead_emails_due_idx ON lead_emails (start) WHERE status = 'queued'`,
  // The embedded default mail adapter's "sent" folder.
  `CREATE TABLE mail_outbox (
    id serial PRIMARY KEY,
    "to" text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
];
