import { IconNames, type IconName } from '@blueprintjs/icons';
import type { MenuTable } from '../../../shared/contract';
import { MENU_LOCATIONS } from '../../../shared/domain';
import type { NamedRoute } from '../app/feature-routes';
import { FEATURES } from '../app/features';

export function listPath(table: string): string {
  return `/list/${encodeURIComponent(table)}`;
}

/**
 * Named routes a menu entry's `url` may point at (see docs/requirements.md#shell-lists-and-chat: "an entry with a url opens the named route"),
 * as the features declare them (their index.ts, listed in app/features.ts). Only screens this version really
 * has are listed. An entry whose url names a screen that does not exist yet is not shown at all (see docs/operations.md#security):
 * it is a screen, never a list of its table, and the server refuses it as a table. Gathered on first use,
 * not at module load: features' own files (the admin layout, the shell pieces they use) import this module,
 * so the feature list is still being evaluated when it loads.
 */
let namedRoutes: Readonly<Record<string, NamedRoute>> | undefined;

function allNamedRoutes(): Readonly<Record<string, NamedRoute>> {
  namedRoutes ??= Object.fromEntries(
    FEATURES.flatMap((feature) => Object.entries(feature.namedRoutes ?? {})),
  );
  return namedRoutes;
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
export const reportMenuEntries = (tables: readonly MenuTable[]): MenuTable[] =>
  menuEntries(tables, MENU_LOCATIONS.reports);

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
