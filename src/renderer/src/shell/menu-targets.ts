import { IconNames, type IconName } from '@blueprintjs/icons';
import type { MenuTable } from '../../../shared/contract';
import { MENU_LOCATIONS } from '../../../shared/domain';
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
export const reportMenuEntries = (tables: readonly MenuTable[]): MenuTable[] =>
  menuEntries(tables, MENU_LOCATIONS.reports);

const KNOWN_ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

/** Menu icons are stored as names; anything Blueprint does not know gets a neutral table icon. */
export function menuIcon(name: string | null): IconName {
  const trimmed = name?.trim() ?? '';
  return KNOWN_ICONS.has(trimmed) ? (trimmed as IconName) : 'th-list';
}
