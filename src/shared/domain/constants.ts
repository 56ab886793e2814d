/** Business constants of docs/requirements.md#constants-and-limits and docs/requirements.md#constants-and-limits. */
import { callLineLabels } from '../i18n/domain-texts';
import { departmentLabels, messages } from '../i18n/messages';

// ---- Lists -----------------------------------------------------------------

export const PAGE_SIZE_OPTIONS = [5, 10, 15, 25, 50, 100, 250, 500] as const;
/** Some screens (workspaces, report builder) drop the two smallest sizes. */
export const WORKSPACE_PAGE_SIZE_OPTIONS = [15, 25, 50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const WORKSPACE_PAGE_SIZE = 50;
export const DEFAULT_SORT: Readonly<ListSort> = { name: 'id', type: 'desc' };
/**
 * A list counts its matches up to this many; beyond it the total is shown as "10.000+" until the user
 * asks for the exact figure. Counting every one of 500,000 matches costs more than the page itself
 * (see docs/user-guide.md#working-with-lists: every filter under 50 ms on 1,000,000 leads); nobody pages through 10,000 rows by hand.
 */
export const LIST_COUNT_CAP = 10_000;

/** Columns shown before the user picks any; id is always the first column. */
export const DEFAULT_COLUMNS: Record<string, readonly string[]> = {
  leads: ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'],
  customers: ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'],
};
export const MOBILE_DEFAULT_COLUMNS: readonly string[] = ['id', 'name'];
/** Tables without their own default start from id alone. */
export const FALLBACK_DEFAULT_COLUMNS: readonly string[] = ['id'];

export function defaultColumnsFor(table: string, mobile = false): readonly string[] {
  if (mobile) return MOBILE_DEFAULT_COLUMNS;
  return Object.hasOwn(DEFAULT_COLUMNS, table)
    ? (DEFAULT_COLUMNS[table] ?? FALLBACK_DEFAULT_COLUMNS)
    : FALLBACK_DEFAULT_COLUMNS;
}

/** Id cannot be removed or moved in display settings (see docs/requirements.md#filters-and-list-input), so force it first. */
export function withIdFirst(columns: readonly string[]): string[] {
  return ['id', ...columns.filter((column) => column !== 'id')];
}

// ---- Calls -----------------------------------------------------------------

/** Lines ("hat") of the fast call; the value is sent as the line prefix. */
export const CALL_LINES = [
  { label: callLineLabels[0], value: 0 },
  { label: callLineLabels[80], value: 80 },
  { label: callLineLabels[90], value: 90 },
] as const;
export type CallLine = (typeof CALL_LINES)[number]['value'];

// ---- Timing ----------------------------------------------------------------

export const LOGIN_VALIDATION_INTERVAL_MS = 3_600_000;
export const AUTO_REFRESH_MS = 60_000;
export const CHAT_REFRESH_MS = 30_000;
export const SEARCH_PANEL_HIDE_MS = 5_000;
export const FIRST_FUND_REFRESH_MS = 600_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SURVEY_RELOAD_DELAY_MS = 1_000;
export const TOAST_MS = { short: 2000, success: 3000, error: 5000 } as const;

// ---- Notes, reminders, notifications, chat ----------------------------------

export const NOTE_QUALITY_DEFAULT = 5;
export const NOTE_NOTIFICATION_DEFAULT = 1;
export const UPCOMING_REMINDERS_LIMIT = 10;
/** Chat messages are lead notes with this note_status_id. */
export const CHAT_NOTE_STATUS_ID = 7;
export const NOTIFICATION_COMPLETED = { open: 0, done: 1, overdue: 2 } as const;
/** Notifications with this title have no complete action (see docs/requirements.md#notification-and-list-states). */
export const PLATFORM_LOGIN_NOTIFICATION_TITLE = messages.platformLogin;
export const BULK_TYPES = { edit: 1, delete: 2 } as const;
/** Excel upload progress counts as finished from this percentage. */
export const UPLOAD_DONE_PERCENT = 99;

// ---- Option lists and metadata -----------------------------------------------

export const OPTION_LIST_IDS = {
  agents: 15,
  leadStatuses: 16,
  userGroups: 26,
  agentSelector: 32,
  countries: 37,
  teams: 58,
  fileCategories: 108,
  emailTemplates: 128,
  modules: 130,
  occupations: 141,
  transactionStatuses: 146,
  currencies: 148,
  whitelabels: 154,
  gateways: 199,
  /** Ours (no list of the specs names departments): the Turkish labels of users.department. */
  departments: 260,
} as const;

/** Field component names of docs/requirements.md#records-notes-and-settings. */
export const COMPONENT_TYPES = [
  'string',
  'json',
  'name',
  'birthday',
  'date',
  'icon',
  'color',
  'modal',
  'clickShow',
  'permissionModal',
  'leadDetailModal',
  'id',
  'lead_id',
  'textField',
  'leadStatus',
  'selectbox',
  'status',
  'integer',
  'double',
  'email',
  'password',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** A component's number (field metadata's component_id): its place in the spec's list, from 1. */
export function componentIdOf(component: ComponentType): number {
  return COMPONENT_TYPES.indexOf(component) + 1;
}

/** Menu locations: 1 main menu, 2-4 admin sidebar, 4 also the Raporlar menu. */
export const MENU_LOCATIONS = { main: 1, accountManagement: 2, salesProcess: 3, reports: 4 } as const;

// ---- Roles and permissions -------------------------------------------------

export const DEPARTMENTS = ['admin', 'sales_manager', 'finance', 'risk', 'sales', 'retention'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/**
 * Who may enter /admin (see docs/requirements.md#shell-lists-and-chat leaves the rule open: "Admin panel entry rule: not shown"). docs/admin-guide.md:
 * the admin department only, since the panel grants permissions, accounts and passwords; every admin
 * call enforces it on the server.
 */
/** A list's sort order (filters.ts reads and writes it). */
export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  name: string;
  type: SortDirection;
}

/** Every department has its Turkish label in i18n/messages.ts (a compile-time check). */
const _everyDepartmentLabelled: Readonly<Record<Department, string>> = departmentLabels;

export const ADMIN_PANEL_DEPARTMENTS: readonly Department[] = ['admin'];

export function mayEnterAdminPanel(department: string): boolean {
  return (ADMIN_PANEL_DEPARTMENTS as readonly string[]).includes(department);
}

export const PERMISSION_ACTIONS = ['show', 'delete', 'update', 'excel_import', 'excel_export'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

// ---- Money (see docs/requirements.md#constants-and-limits) -------------------------------------------------------

export const TRANSACTION_LIST_LIMIT = 500;
export const DRILL_DOWN_LIMIT = 100;
export const SAVED_REPORT_LIST_LIMIT = 500;
export const TRANSACTION_TYPES = { deposit: 'YATIRIM', withdrawal: 'ÇEKİM' } as const;
export const TRANSACTION_STATUS = {
  default: 1,
  depositStart: 2,
  withdrawalStart: 5,
  financeWithdrawal: 14,
  riskWithdrawal: 16,
} as const;
export const GATEWAYS = { bankTransfer: 1, creditCard: 2, cryptoWallet: 5 } as const;
export const DEFAULT_CURRENCY_ID = 1;
export const DEFAULT_BANK_CURRENCY_ID = 6;
export const DEFAULT_PLATFORM_CURRENCY_ID = 1;
export const IBAN_LENGTH = 26;
export const DEFAULT_LEVERAGE = 100;
/** Platform volumes arrive in thousandths of a lot. */
export const PLATFORM_VOLUME_DIVISOR = 1000;
export const PLATFORM_TYPES = ['Demo', 'Real'] as const;

// ---- Import and reports (see docs/requirements.md#constants-and-limits) ------------------------------------------

export const IMPORT_RECOMMENDED_MAX_ROWS = 1000;
export const IMPORT_PREVIEW_ROWS = 4;
export const IMPORT_CHANNEL_ID_MAX_LENGTH = 164;
export const IMPORT_CHANNEL_RANDOM_LENGTH = 11;
export const REPORT_TYPES = ['list', 'daily', 'monthly', 'custom'] as const;
export const REPORT_VALUE_TYPES = ['COUNT', 'SUM'] as const;
export const REPORT_CHART_TYPES = ['pie', 'bar'] as const;
/** Period in days of a periodic (e-mailed) report. */
export const REPORT_PERIODS = { daily: 1, weekly: 7, monthly: 30 } as const;
export const UTM_REPORT_KEYS = ['utm_source', 'utm_campaign', 'country_id', 'agent_id'] as const;

/** The lists whose records are leads (customers are leads with is_customer 1): they open in the workspace. */
export const LEAD_LIST_TABLES: ReadonlySet<string> = new Set(['leads', 'customers']);

/** Where a record opens for the person who works it (docs/user-guide.md#kayitlari-acmak). */
export function recordPath(table: string, id: number | string): string {
  return LEAD_LIST_TABLES.has(table)
    ? `/leadDetail/${encodeURIComponent(String(id))}`
    : `/edit/${encodeURIComponent(table)}/${encodeURIComponent(String(id))}`;
}
