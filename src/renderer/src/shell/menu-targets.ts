import { IconNames, type IconName } from '@blueprintjs/icons';
import type { MenuTable } from '../../../shared/contract';
import { MENU_LOCATIONS } from '../../../shared/domain';

type RouteBuilder = (entry: MenuTable) => string;

export function listPath(table: string): string {
  return `/list/${encodeURIComponent(table)}`;
}

/**
 * Named routes a menu entry's `url` may point at (spec 1 §2: "an entry with a url opens the named route").
 * Only screens this version really has are listed; a url naming a screen that does not exist yet falls
 * back to the table's list. Later screens add themselves here.
 */
const NAMED_ROUTES: Readonly<Record<string, RouteBuilder>> = {
  home: () => '/',
  dashboard: () => '/',
  list: (entry) => listPath(entry.table),
};

function routeName(url: string): string {
  return url
    .trim()
    .replace(/^#?\/+/, '')
    .replace(/\/+$/, '');
}

export function menuTarget(entry: MenuTable): string {
  if (entry.url) {
    const name = routeName(entry.url);
    const build = Object.hasOwn(NAMED_ROUTES, name) ? NAMED_ROUTES[name] : undefined;
    if (build) return build(entry);
  }
  return listPath(entry.table);
}

/** Entries the user may open, for one menu location, in the server's order. */
export function menuEntries(tables: readonly MenuTable[], location: number): MenuTable[] {
  return tables.filter((entry) => entry.location === location && entry.show === 1);
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
