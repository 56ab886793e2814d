import type { ListFilter, ListSort } from '../../../../shared/domain';
import { parseSort } from './list-preferences';
import { parseFilters } from './search/filter-state';

/**
 * The list on screen as "Sonraki kayıt" must follow it (see docs/requirements.md#lead-workspace-and-work-screens: "next-lead navigation using the
 * current filters"): its table and the filters and sort the person sees, URL multi-search filters
 * included. The stored per-table filters are not enough: a list opened as /list/leads?status_id=3 shows
 * the link's filters without storing them.
 */
export type ListContext = { table: string; filters: ListFilter[]; sort: ListSort };

/** Per window (sessionStorage): each window follows the list it was on; a restart starts from the stored state. */
const CONTEXT_KEY = 'lastListContext';
const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The context from untrusted JSON; null when there is none or it is damaged. */
export function parseListContext(value: unknown): ListContext | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.table !== 'string' || !TABLE_NAME.test(record.table)) return null;
  return { table: record.table, filters: parseFilters(record.filters), sort: parseSort(record.sort) };
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberListContext(context: ListContext, store: Storage | null = sessionStore()): void {
  try {
    store?.setItem(CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Storage full or disabled: next lead falls back to the stored filters of the leads list.
  }
}

export function readListContext(store: Storage | null = sessionStore()): ListContext | null {
  try {
    const raw = store?.getItem(CONTEXT_KEY) ?? null;
    return raw === null ? null : parseListContext(JSON.parse(raw));
  } catch {
    return null;
  }
}
