import type { MenuTable } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';

/**
 * A title for the favourite star from the route alone: the menu's name for a list, #LEAD{id} for a lead,
 * the screen's name for the rest. Pages may name themselves better (usePageTitle).
 */
export function routeTitle(pathname: string, tables: readonly Pick<MenuTable, 'table' | 'name'>[]): string {
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  const [first, second, third] = parts;
  if (first === undefined) return messages.home;
  const tableName = (table: string): string => tables.find((entry) => entry.table === table)?.name ?? table;
  if (first === 'list' && second !== undefined) return tableName(second);
  if (first === 'leadDetail' && second !== undefined) return format(messages.leadRef, { id: second });
  if ((first === 'edit' || first === 'detail') && second !== undefined && third !== undefined) {
    return `${tableName(second)} #${third}`;
  }
  if (first === 'profile') return messages.profile;
  if (first === 'admin') return messages.adminPanel;
  return parts.join(' / ');
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** What a favourite stores as its url: the hash route's path and query (no hash: tabs are not pages). */
export function favoriteUrl(pathname: string, search: string): string {
  return `${pathname}${search}`;
}
