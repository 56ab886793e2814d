import { IconNames, type IconName } from '@blueprintjs/icons';
import type { MenuTable } from '../../../shared/contract';
import { MENU_LOCATIONS } from '../../../shared/domain';
import { workflowMessages } from '../../../shared/i18n/workflow-messages';
import type { NamedRoute } from '../routing/feature-routes';
import { registeredNamedRoutes } from '../routing/feature-registry';

export function listPath(table: string): string {
  return `/list/${encodeURIComponent(table)}`;
}

/**
 * Named routes a menu entry's `url` may point at (see docs/requirements.md#shell-lists-and-chat: "an entry with a url opens the named route"),
 * as the registered features declare them (routing/feature-registry.ts). Only screens this version really
 * has are listed. An entry whose url names a screen that does not exist yet is not shown at all (see docs/operations.md#security):
 * it is a screen, never a list of its table, and the server refuses it as a table.
 */
function allNamedRoutes(): Readonly<Record<string, NamedRoute>> {
  return registeredNamedRoutes();
}

function routeName(url: string): string {
  return url
    .trim()
    .replace(/^#?\/+/, '')
    .replace(/\/+$/, '');
}

function namedRoute(url: string): NamedRoute | undefined {
  const name = routeName(url);
  const routes = allNamedRoutes();
  return Object.hasOwn(routes, name) ? routes[name] : undefined;
}

/** Whether this version can open the entry: a table's list, or a named screen it has. */
export function hasScreen(entry: MenuTable): boolean {
  return !entry.url || namedRoute(entry.url) !== undefined;
}

/** Where an entry leads: its named screen when it has a url, else the list of its table. */
export function menuTarget(entry: MenuTable): string {
  const build = entry.url ? namedRoute(entry.url) : undefined;
  return build ? build(entry) : listPath(entry.table);
}

/** Entries the user may open, for one menu location, in the server's order. */
export function menuEntries(tables: readonly MenuTable[], location: number): MenuTable[] {
  return tables.filter((entry) => entry.location === location && entry.show === 1 && hasScreen(entry));
}

export const mainMenuEntries = (tables: readonly MenuTable[]): MenuTable[] =>
  menuEntries(tables, MENU_LOCATIONS.main);
/** The import report's route (importer feature) and the table whose excel_import opens it. */
const IMPORT_REPORT_URL = 'report/import';
const IMPORT_TABLE = 'leads';

/**
 * The Raporlar entries: the server's, and "Yükleme Raporu" for users who may import leads
 * (excel_import), unless the server already lists it (see docs/user-guide.md#importing-leads).
 */
export function reportMenuEntries(tables: readonly MenuTable[]): MenuTable[] {
  const entries = menuEntries(tables, MENU_LOCATIONS.reports);
  const leads = tables.find((entry) => entry.table === IMPORT_TABLE);
  const listed = entries.some((entry) => entry.url !== null && routeName(entry.url) === IMPORT_REPORT_URL);
  if (!leads || leads.excel_import !== 1 || listed || namedRoute(IMPORT_REPORT_URL) === undefined)
    return entries;
  return [
    ...entries,
    {
      id: -1,
      table: 'import_report',
      name: workflowMessages.importReportMenu,
      icon: 'import',
      location: MENU_LOCATIONS.reports,
      url: IMPORT_REPORT_URL,
      show: 1,
      delete: 0,
      update: 0,
      excel_import: 1,
      excel_export: 0,
    },
  ];
}

/**
 * The administration entries (locations 2 and 3: accounts and the sales process) the user's group may
 * show, for the menu's Yönetim section and the admin sidebar (docs/user-guide.md#administration-menu).
 */
export const administrationEntries = (tables: readonly MenuTable[]): MenuTable[] => [
  ...menuEntries(tables, MENU_LOCATIONS.accountManagement),
  ...menuEntries(tables, MENU_LOCATIONS.salesProcess),
];

/** Tables with a screen of their own in the admin area rather than the generic admin table (admins only). */
const ADMIN_SCREENS: Readonly<Record<string, string>> = {
  users: '/admin/users',
  permissions: '/user/permissions',
};

/**
 * Where an administration entry leads: its named url, else the admin table (/admin/{table}). For admins
 * the users and permissions tables open their own screens; others get the table as their group shows it.
 */
export function adminTarget(entry: MenuTable, administers: boolean): string {
  if (entry.url) return menuTarget(entry);
  const own = administers ? ADMIN_SCREENS[entry.table] : undefined;
  return own ?? `/admin/${encodeURIComponent(entry.table)}`;
}

const KNOWN_ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

/** Menu icons are stored as names; anything Blueprint does not know gets a neutral table icon. */
export function menuIcon(name: string | null): IconName {
  const trimmed = name?.trim() ?? '';
  return KNOWN_ICONS.has(trimmed) ? (trimmed as IconName) : 'th-list';
}
