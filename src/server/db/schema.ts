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
  source: Generated<'values' | 'users' | 'teams' | 'user_groups' | 'lead_statuses'>;
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
}
