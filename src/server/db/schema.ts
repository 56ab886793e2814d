import type { ColumnType, Generated } from 'kysely';

/** Timestamps travel as 'YYYY-MM-DD HH:mm:ss' strings: the driver's date parsing is switched off. */
type Timestamp = ColumnType<string, string | undefined, string>;
type NullableTimestamp = ColumnType<string | null, string | null | undefined, string | null>;

export interface TeamsTable {
  id: Generated<number>;
  name: string;
}
export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
}
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  department: string;
  user_group_id: number;
  team_id: number | null;
  dahili: string | null;
  telegram_id: string | null;
  theme: string | null;
  active: Generated<number>;
  created_at: Timestamp;
}
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  remember: Generated<number>;
  created_at: Timestamp;
  expires_at: string;
  revoked_at: NullableTimestamp;
}
export interface LeadStatusesTable {
  id: Generated<number>;
  label: string;
  background: Generated<string>;
  color: Generated<string>;
  sort: Generated<number>;
}
export interface OptionListsTable {
  id: number;
  name: string;
  source: Generated<'values' | 'users' | 'teams' | 'user_groups' | 'lead_statuses' | 'email_templates'>;
}
export interface OptionValuesTable {
  id: Generated<number>;
  list_id: number;
  value: string;
  label: string;
  sort: Generated<number>;
}
export interface CrmTablesTable {
  id: Generated<number>;
  table_name: string;
  source_table: string;
  /** A fixed condition written by us (migrations/seed), never by users: e.g. customers = leads with is_customer = 1. */
  base_filter: string | null;
  name: string;
  icon: string | null;
  location: number;
  url: string | null;
  sort: Generated<number>;
}
export interface CrmFieldsTable {
  id: Generated<number>;
  table_name: string;
  name: string;
  display_name: string;
  component: string;
  category: Generated<string>;
  option_list_id: number | null;
  show_insert: Generated<number>;
  /** A folded shadow column used for text filters (leads.name -> name_folded). */
  search_column: string | null;
  sort: Generated<number>;
}
export interface PermissionsTable {
  id: Generated<number>;
  user_group_id: number;
  table_name: string;
  show: Generated<number>;
  delete: Generated<number>;
  update: Generated<number>;
  excel_import: Generated<number>;
  excel_export: Generated<number>;
  /** null means every field of the table */
  list_fields: string[] | null;
  read_fields: string[] | null;
  write_fields: string[] | null;
  extra_sql: string | null;
  modules: Generated<string[]>;
}
export interface LeadsTable {
  id: Generated<number>;
  name: string;
  name_folded: Generated<string>;
  phone: string | null;
  phone_2: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  ilce: string | null;
  tc: string | null;
  occupation_id: number | null;
  country_id: number | null;
  is_customer: Generated<number>;
  status_id: number | null;
  utm_source: string | null;
  utm_campaign: string | null;
  agent_id: number | null;
  team_id: number | null;
  retention_id: number | null;
  retention_md_id: number | null;
  birthday: string | null;
  created_at: Timestamp;
  updated_at: NullableTimestamp;
  last_activity: NullableTimestamp;
  last_note_date: NullableTimestamp;
  first_deposit_at: NullableTimestamp;
  last_deposit_at: NullableTimestamp;
  customer_set_date: NullableTimestamp;
  first_fund_date: NullableTimestamp;
  /** normalizePhone of phone, phone_2 and mobile, empty ones left out (migration 003, generated). */
  phones_normalized: Generated<string[]>;
}
export interface LeadNotesTable {
  id: Generated<number>;
  lead_id: number;
  body: string;
  quality: Generated<number>;
  notification: Generated<number>;
  minute: number | null;
  start: NullableTimestamp;
  end: NullableTimestamp;
  channel_id: number | null;
  note_status_id: number | null;
  insert_agent_id: number | null;
  agent_name: string | null;
  /** The users the note's reminder went to (migration 003). */
  agents: number[] | null;
  created_at: Timestamp;
}

/** One change of a lead: field -> { old, new } of the changed fields only (migration 003). */
export interface LeadJournalTable {
  id: Generated<number>;
  lead_id: number;
  agent_id: number | null;
  values: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}
/** completed: 0 open, 1 done, 2 overdue (spec 1 §4). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  lead_id: number | null;
  lead_name: string | null;
  title: string;
  body: string;
  start: NullableTimestamp;
  completed: Generated<number>;
  completed_agent_name: string | null;
  note_id: number | null;
  created_at: Timestamp;
  /** When the reminder scheduler pushed it over socket.io (migration 005); null: not yet. */
  pushed_at: NullableTimestamp;
}
/** Third parties of a lead (spec 2 §3 Lead remitter). */
export interface LeadRemittersTable {
  id: Generated<number>;
  lead_id: number;
  agent_id: number | null;
  name: string | null;
  tc: string | null;
  city: string | null;
  ilce: string | null;
  email: string | null;
  description: string | null;
  created_at: Timestamp;
}

export interface FavoriteFiltersTable {
  id: Generated<number>;
  user_id: number;
  table_name: string;
  name: string;
  /** The list filters as the contract's filterSchema outputs them; JSON text on write. */
  filters: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
/** refused: stopped by the server's checks; failed: the adapter did not dial; logged: no PBX; queued: PBX took it. */
export type CallLogStatus = 'refused' | 'failed' | 'logged' | 'queued';
export interface CallLogsTable {
  id: Generated<number>;
  user_id: number;
  /** As requested; no foreign key, so refused attempts and deleted leads stay in the log. */
  lead_id: number;
  dahili: string | null;
  number: string | null;
  /** '' for /makecall, the hat of /makeFastCall ('0', '80', '90'; as sent when refused). */
  line_prefix: string | null;
  status: CallLogStatus;
  message: string;
  action_id: string | null;
  outcome: string | null;
  outcome_reason: number | null;
  unique_id: string | null;
  created_at: Timestamp;
  updated_at: NullableTimestamp;
}

/** jsonb columns: objects on read, JSON text on write. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface TasksTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  status: Generated<number>;
  /** 0 for a top-level task. */
  parent_id: Generated<number>;
  lead_id: number | null;
  complete_date: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
}
export interface TaskAgentsTable {
  task_id: number;
  user_id: number;
}
export interface TasksTemplatesTable {
  id: Generated<number>;
  name: string;
  tasks: Json<unknown>;
}
export interface LeadFilesTable {
  id: Generated<number>;
  lead_id: number;
  file_name: string;
  stored_name: string;
  mime: string;
  size: number;
  agent_id: number | null;
  file_category_id: number | null;
  created_at: Timestamp;
}
export interface QuestionsTable {
  id: Generated<number>;
  name: string;
  data: Json<unknown>;
  created_at: Timestamp;
}
export interface AnswersTable {
  id: Generated<number>;
  question_id: number;
  lead_id: number;
  agent_id: number | null;
  answers: Json<unknown>;
  created_at: Timestamp;
}
export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: Generated<string>;
  body: Generated<string>;
}
export type LeadEmailStatus = 'queued' | 'sent' | 'failed';
export interface LeadEmailsTable {
  id: Generated<number>;
  lead_id: number;
  template_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  agent_id: number | null;
  start: string;
  end: NullableTimestamp;
  status: Generated<LeadEmailStatus>;
  error: string | null;
  attempts: Generated<number>;
  locked_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}
export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** UI preferences per user (migration 005): the contract's preferencesSchema, partial, as jsonb. */
export interface UserPreferencesTable {
  user_id: number;
  data: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}
/** Favourite pages of the shell (migration 005); url is an app route. */
export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  url: string;
  created_at: Timestamp;
}
/** Leads a user opened, one row per user, lead and day (migration 005). */
export interface LeadViewsTable {
  user_id: number;
  lead_id: number;
  day: string;
  first_at: string;
  last_at: string;
}

export interface Database {
  teams: TeamsTable;
  user_groups: UserGroupsTable;
  users: UsersTable;
  sessions: SessionsTable;
  lead_statuses: LeadStatusesTable;
  option_lists: OptionListsTable;
  option_values: OptionValuesTable;
  crm_tables: CrmTablesTable;
  crm_fields: CrmFieldsTable;
  permissions: PermissionsTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  favorite_filters: FavoriteFiltersTable;
  call_logs: CallLogsTable;
  lead_journal: LeadJournalTable;
  notifications: NotificationsTable;
  lead_remitters: LeadRemittersTable;
  tasks: TasksTable;
  task_agents: TaskAgentsTable;
  tasks_templates: TasksTemplatesTable;
  lead_files: LeadFilesTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  email_templates: EmailTemplatesTable;
  lead_emails: LeadEmailsTable;
  mail_outbox: MailOutboxTable;
  user_preferences: UserPreferencesTable;
  favorites: FavoritesTable;
  lead_views: LeadViewsTable;
}
