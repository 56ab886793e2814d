import { TURKISH_FOLD_FROM, TURKISH_FOLD_TO } from '../../../shared/domain/turkish-fold';

/** The folded search column is computed by the database itself, with the same mapping as foldTurkish(). */
const fold = (column: string): string =>
  `lower(translate(coalesce(${column}, ''), '${TURKISH_FOLD_FROM}', '${TURKISH_FOLD_TO}') COLLATE "C")`;

export const initialSchema: readonly string[] = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE TABLE teams (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
  )`,
  `CREATE TABLE user_groups (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
  )`,
  `CREATE TABLE users (
    id serial PRIMARY KEY,
    name text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    department text NOT NULL CHECK (department IN ('admin','sales_manager','finance','risk','sales','retention')),
    user_group_id integer NOT NULL REFERENCES user_groups(id),
    team_id integer REFERENCES teams(id),
    dahili text,
    telegram_id text,
    theme text,
    active smallint NOT NULL DEFAULT 1,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE TABLE sessions (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    remember smallint NOT NULL DEFAULT 0,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    expires_at timestamp NOT NULL,
    revoked_at timestamp
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
  `CREATE TABLE lead_statuses (
    id serial PRIMARY KEY,
    label text NOT NULL,
    background text NOT NULL DEFAULT '#e1e8ed',
    color text NOT NULL DEFAULT '#1c2127',
    sort integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE option_lists (
    id integer PRIMARY KEY,
    name text NOT NULL,
    source text NOT NULL DEFAULT 'values' CHECK (source IN ('values','users','teams','user_groups','lead_statuses'))
  )`,
  `CREATE TABLE option_values (
    id serial PRIMARY KEY,
    list_id integer NOT NULL REFERENCES option_lists(id) ON DELETE CASCADE,
    value text NOT NULL,
    label text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    UNIQUE (list_id, value)
  )`,
  `CREATE TABLE crm_tables (
    id serial PRIMARY KEY,
    table_name text NOT NULL UNIQUE,
    source_table text NOT NULL,
    base_filter text,
    name text NOT NULL,
    icon text,
    location smallint NOT NULL DEFAULT 1 CHECK (location BETWEEN 1 AND 4),
    url text,
    sort integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE crm_fields (
    id serial PRIMARY KEY,
    table_name text NOT NULL REFERENCES crm_tables(table_name) ON DELETE CASCADE,
    name text NOT NULL,
    display_name text NOT NULL,
    component text NOT NULL,
    category text NOT NULL DEFAULT 'Genel',
    option_list_id integer REFERENCES option_lists(id),
    show_insert smallint NOT NULL DEFAULT 0,
    search_column text,
    sort integer NOT NULL DEFAULT 0,
    UNIQUE (table_name, name)
  )`,
  `CREATE TABLE permissions (
    id serial PRIMARY KEY,
    user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
    table_name text NOT NULL REFERENCES crm_tables(table_name) ON DELETE CASCADE,
    show smallint NOT NULL DEFAULT 0,
    "delete" smallint NOT NULL DEFAULT 0,
    "update" smallint NOT NULL DEFAULT 0,
    excel_import smallint NOT NULL DEFAULT 0,
    excel_export smallint NOT NULL DEFAULT 0,
    list_fields text[],
    read_fields text[],
    write_fields text[],
    extra_sql text,
    modules text[] NOT NULL DEFAULT '{}',
    UNIQUE (user_group_id, table_name)
  )`,
  `CREATE TABLE leads (
    id serial PRIMARY KEY,
    name text NOT NULL,
    name_folded text GENERATED ALWAYS AS (${fold('name')}) STORED,
    phone text,
    phone_2 text,
    mobile text,
    email text,
    address text,
    city text,
    ilce text,
    tc text,
    occupation_id integer,
    country_id integer,
    is_customer smallint NOT NULL DEFAULT 0,
    status_id integer REFERENCES lead_statuses(id),
    utm_source text,
    utm_campaign text,
    agent_id integer REFERENCES users(id),
    team_id integer REFERENCES teams(id),
    retention_id integer REFERENCES users(id),
    retention_md_id integer REFERENCES users(id),
    birthday date,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp),
    updated_at timestamp,
    last_activity timestamp,
    last_note_date timestamp,
    first_deposit_at timestamp,
    last_deposit_at timestamp,
    customer_set_date timestamp,
    first_fund_date timestamp
  )`,
  `CREATE INDEX leads_name_folded_trgm ON leads USING gin (name_folded gin_trgm_ops)`,
  `CREATE INDEX leads_status_idx ON leads (status_id, id)`,
  `CREATE INDEX leads_agent_idx ON leads (agent_id, id)`,
  `CREATE INDEX leads_team_idx ON leads (team_id, id)`,
  `CREATE INDEX leads_phone_idx ON leads (phone)`,
  `CREATE INDEX leads_created_idx ON leads (created_at)`,
  `CREATE INDEX leads_customer_idx ON leads (is_customer, id)`,
  `CREATE TABLE lead_notes (
    id serial PRIMARY KEY,
    lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    body text NOT NULL,
    quality smallint NOT NULL DEFAULT 5,
    notification smallint NOT NULL DEFAULT 1,
    minute integer,
    start timestamp,
    "end" timestamp,
    channel_id integer,
    note_status_id integer,
    insert_agent_id integer REFERENCES users(id),
    agent_name text,
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_notes_lead_idx ON lead_notes (lead_id, id)`,
];
