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
  /** 1: an admin set the password; every call but the password change is refused (migration 014). */
  must_change_password: Generated<number>;
  /** The fast-call line one click on "Ara" uses ('0', '80', '90'), null: a plain call (migration 029). */
  default_call_line: Generated<string | null>;
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
  /** Days between calls of a lead in this status (migration 016); null: not on the call-period list. */
  call_period_days: Generated<number | null>;
  /** 1: the status a new lead gets when nothing names one; at most one status (migration 029). */
  is_default: Generated<number>;
}
/** What a note's note_status_id names (migration 028); 7 is the chat message. */
export interface LeadNoteStatusesTable {
  id: Generated<number>;
  name: string;
  background: Generated<string>;
  color: Generated<string>;
  sort: Generated<number>;
}
/** A user's arrangement of a table's fields on the generic detail page (migration 028). */
export interface DetailLayoutsTable {
  user_id: number;
  table_name: string;
  /** JSON: [{title, fields: [field names]}]. */
  sections: unknown;
  updated_at: Generated<string>;
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
  /** Option list 146: the status's flow, department -> allowed next statuses (migration 011). */
  flow?: ColumnType<unknown, string | null | undefined, string | null>;
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
  /** NUMERIC(16,2) as its exact decimal text (migration 007); never a float. */
  balance: ColumnType<string | null, string | null | undefined, string | null>;
  /** normalizePhone of phone, phone_2 and mobile, empty ones left out (migration 003, generated). */
  phones_normalized: Generated<string[]>;
}
export interface LeadNotesTable {
  id: Generated<number>;
  /** Empty only for chat messages (note_status_id 7, migration 015). */
  lead_id: number | null;
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
/** completed: 0 open, 1 done, 2 overdue (see docs/requirements.md#notification-and-list-states). */
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
/** Third parties of a lead (see docs/requirements.md#lead-money-task-and-report-data Lead remitter). */
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

export interface LeadPlatformsTable {
  id: Generated<number>;
  customer_id: number;
  login: string;
  type: Generated<'Real' | 'Demo'>;
  whitelabel_id: number | null;
  agent_id: number | null;
  created_at: Timestamp;
}

type Decimal = ColumnType<string, string, string>;
type NullableDecimal = ColumnType<string | null, string | null | undefined, string | null>;

/** Money instructions (see docs/requirements.md#lead-money-task-and-report-data Transaction, migration 011); amounts are NUMERIC, read as text. */
export interface TransactionsTable {
  id: Generated<number>;
  customer_id: number;
  type: string;
  gateway_id: number;
  amount: Decimal;
  currency_id: Generated<number>;
  amount_platform: NullableDecimal;
  platform_currency_id: number | null;
  amount_bank: NullableDecimal;
  bank_currency_id: number | null;
  login: string;
  iban: string | null;
  iban_name: string | null;
  delivery_iban: string | null;
  comment: string | null;
  lead_remitter_id: number | null;
  status_id: Generated<number>;
  insert_user_id: number | null;
  agent_id: number | null;
  retention_id: number | null;
  team_id: number | null;
  finance_approve_date: NullableTimestamp;
  finance_approve_status: number | null;
  risk_approve_date: NullableTimestamp;
  risk_approve_status: number | null;
  created_at: Timestamp;
  /** When the row was really entered; created_at may be back-dated (migration 025). */
  entered_at: Timestamp;
  /** When finance first approved: the money fields are read-only from then on (migration 025). */
  locked_at: NullableTimestamp;
  /** The completed transaction this one reverses. */
  reverses_id: number | null;
}

export interface TransactionJournalTable {
  id: Generated<number>;
  transaction_id: number;
  agent_id: number | null;
  action: string;
  values: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  status_before: number | null;
  status_after: number | null;
}

/** Built-in trading ledger (migration 012): money NUMERIC as strings, tickets bigint. */
type LedgerMoney = ColumnType<string, string | undefined, string>;
type LedgerTicket = ColumnType<string, string | number | undefined, never>;

export interface TradingAccountsTable {
  login: string;
  name: Generated<string>;
  email: string | null;
  phone: string | null;
  group_name: string;
  leverage: Generated<number>;
  balance: LedgerMoney;
  credit: LedgerMoney;
  registration: Timestamp;
  last_access: NullableTimestamp;
  last_pass_change: NullableTimestamp;
}

export interface TradingPositionsTable {
  position: LedgerTicket;
  login: string;
  symbol: string;
  action: number;
  volume: number;
  price_open: string;
  price_current: string;
  price_sl: LedgerMoney;
  price_tp: LedgerMoney;
  storage: LedgerMoney;
  profit: LedgerMoney;
  time_create: Timestamp;
}

export interface TradingOrdersTable {
  order_id: LedgerTicket;
  login: string;
  symbol: string;
  type: number;
  volume_current: number;
  price_order: string;
  time_setup: Timestamp;
}

export interface TradingDealsTable {
  deal: LedgerTicket;
  login: string;
  action: number;
  entry: Generated<number>;
  symbol: Generated<string>;
  volume_closed: Generated<number>;
  price: LedgerMoney;
  profit: LedgerMoney;
  comment: Generated<string>;
  time: Timestamp;
  /** The idempotency key of the CRM's platform operation that booked it (migration 026). */
  reference: string | null;
}

export type PlatformOperationState = 'pending' | 'sending' | 'done' | 'failed';

/** A money move on a trading account, recorded before it is sent (migration 026). */
export interface PlatformOperationsTable {
  id: Generated<number>;
  idempotency_key: string;
  lead_platform_id: number | null;
  login: string;
  customer_id: number;
  direction: 'deposit' | 'withdrawal';
  amount: Decimal;
  currency_id: number | null;
  comment: Generated<string>;
  leverage: number | null;
  state: Generated<PlatformOperationState>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  error_code: string | null;
  platform_code: string | null;
  last_error: string | null;
  ticket: string | null;
  transaction_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The reconciliation's last finding per login (migration 026). */
export interface PlatformReconciliationTable {
  login: string;
  crm_total: Decimal;
  platform_total: Decimal;
  findings: Generated<string>;
  checked_at: Timestamp;
  notified_at: NullableTimestamp;
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
/**
 * refused: stopped by the server's checks; failed: the adapter did not dial; logged: no PBX; queued: PBX
 * took it; pending: sent to the PBX, its answer not (yet) in (migration 009).
 */
export type CallLogStatus = 'refused' | 'failed' | 'logged' | 'queued' | 'pending';
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
  /** The client's id of one click (migration 009): a repeated request replays that attempt. */
  request_id: string | null;
  /** The Turkish outcome text the agent was pushed (migration 009). */
  outcome_message: string | null;
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
  /** YYYY-MM-DD (migration 016). */
  due_date: Generated<string | null>;
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
/** One row per job of the job runner (migration 008); timestamptz, printed in the session's zone. */
export interface JobRunsTable {
  name: string;
  created_at: Timestamp;
  last_started_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
}
export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  body: string;
  /** [{ filename, contentType, base64 }] of a mail with attachments (migration 018). */
  attachments: ColumnType<unknown, string | null | undefined, string | null>;
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

/** Saved column choices of the importer (migration 013). */
export interface ImportTemplatesTable {
  id: Generated<number>;
  table_name: string;
  name: string;
  data: Json<unknown>;
  status: Generated<number>;
  agent_id: number | null;
  created_at: Timestamp;
}
/** One row per import (migration 013): docs/requirements.md#lead-money-task-and-report-data Import report row, plus its progress. */
export interface ImportReportsTable {
  id: Generated<number>;
  excel_id: string;
  table_name: string;
  file_name: string;
  agent_id: number | null;
  double: Generated<number>;
  double_ids: ColumnType<number[], number[] | undefined, number[]>;
  total: Generated<number>;
  inserted: Generated<number>;
  chunks: Generated<number>;
  chunks_done: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What became of rows whose phone a lead already had (migration 029). */
  duplicate_policy: Generated<'skip' | 'import' | 'update'>;
  /** Existing leads whose empty fields the file filled (policy 'update'). */
  updated: Generated<number>;
  /** The owner step chosen before the upload, as the report shows it. */
  owner: ColumnType<unknown, string | null | undefined, string | null>;
}
/** The chunks an import has received (migration 013); the key makes a chunk count once. */
export interface ImportChunksTable {
  report_id: number;
  chunk: number;
  rows: number;
  inserted: number;
  skipped: number;
  /** Existing leads the chunk's duplicated rows filled (migration 030). */
  updated: Generated<number>;
  digest: string;
}
/** One admin change (migration 014): values holds what changed, before and after. */
export interface AdminJournalTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_table: string;
  target_id: number | null;
  values: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface HooksTable {
  id: Generated<number>;
  sort: Generated<number>;
  if_field: string;
  if_value: string;
  then_field: string;
  then_value: string;
  active: Generated<number>;
  skipped_count: Generated<number>;
  last_skipped_at: NullableTimestamp;
  last_skip_reason: string | null;
  created_by: number | null;
  created_at: Timestamp;
}
export interface HookRoundRobinTable {
  team_id: number;
  position: ColumnType<string, string | number | undefined, string | number>;
}
export interface BidTemplatesTable {
  id: Generated<number>;
  name: string;
  questions: Json<unknown>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: NullableTimestamp;
}
export interface BidAnswersTable {
  id: Generated<number>;
  lead_id: number;
  template_id: number;
  agent_id: number | null;
  answers: Json<unknown>;
  /** NUMERIC(16,2) as exact decimal text. */
  total: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}
export interface Database {
  teams: TeamsTable;
  user_groups: UserGroupsTable;
  users: UsersTable;
  sessions: SessionsTable;
  lead_statuses: LeadStatusesTable;
  lead_note_statuses: LeadNoteStatusesTable;
  detail_layouts: DetailLayoutsTable;
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
  lead_platforms: LeadPlatformsTable;
  transactions: TransactionsTable;
  transaction_journal: TransactionJournalTable;
  trading_accounts: TradingAccountsTable;
  trading_positions: TradingPositionsTable;
  trading_orders: TradingOrdersTable;
  trading_deals: TradingDealsTable;
  platform_operations: PlatformOperationsTable;
  platform_reconciliation: PlatformReconciliationTable;
  tasks: TasksTable;
  task_agents: TaskAgentsTable;
  tasks_templates: TasksTemplatesTable;
  lead_files: LeadFilesTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  email_templates: EmailTemplatesTable;
  lead_emails: LeadEmailsTable;
  mail_outbox: MailOutboxTable;
  job_runs: JobRunsTable;
  user_preferences: UserPreferencesTable;
  favorites: FavoritesTable;
  lead_views: LeadViewsTable;
  import_templates: ImportTemplatesTable;
  import_reports: ImportReportsTable;
  import_chunks: ImportChunksTable;
  admin_journal: AdminJournalTable;
  chat_channels: ChatChannelsTable;
  chat_read_markers: ChatReadMarkersTable;
  chat_channel_journal: ChatChannelJournalTable;
  hooks: HooksTable;
  hook_round_robin: HookRoundRobinTable;
  bid_templates: BidTemplatesTable;
  bid_answers: BidAnswersTable;
  periodic_reports: PeriodicReportsTable;
  saved_reports: SavedReportsTable;
}

/** A report e-mailed every `period` days as an xlsx attachment (migration 018). */
export interface PeriodicReportsTable {
  id: Generated<number>;
  name: string;
  type: string;
  table: string;
  data: ColumnType<unknown, string, string>;
  status: Generated<number>;
  period: number;
  receiver: string;
  next_send_date: string;
  user_id: number;
  sending_for: NullableTimestamp;
  locked_until: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  last_sent_at: NullableTimestamp;
  created_at: Timestamp;
  /** The range rule each mail computes its dates from (migration 029); null: the period before the send. */
  range_rule: ColumnType<unknown, string | null | undefined, string | null>;
  /** The range the last mail covered ({ start, end }). */
  last_range: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A chat channel, or a direct conversation of two users (direct_low < direct_high), migration 015. */
export interface ChatChannelsTable {
  id: Generated<number>;
  name: string | null;
  kind: 'channel' | 'direct';
  archived: Generated<number>;
  direct_low: number | null;
  direct_high: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** The newest message id a user has seen in a channel (unread counts), migration 015. */
export interface ChatReadMarkersTable {
  channel_id: number;
  user_id: number;
  last_read_id: number;
}

/** A rename or archiving of a channel: field -> { old, new }, migration 015. */
export interface ChatChannelJournalTable {
  id: Generated<number>;
  channel_id: number;
  agent_id: number | null;
  values: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** A saved report form (see docs/requirements.md#lead-money-task-and-report-data Saved report), migration 017. */
export interface SavedReportsTable {
  id: Generated<number>;
  name: string;
  table_name: string;
  report_values: ColumnType<unknown, string, string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_by: number | null;
  updated_at: NullableTimestamp;
}
