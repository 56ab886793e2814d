import { useCallback, useState } from 'react';
import { DEFAULT_SORT, type ListFilter, type ListSort } from '../../../../shared/domain';
import { parseFilters } from './search/filter-state';
import { parseColumns } from './view/column-prefs';

/**
 * Per-table UI preferences in localStorage (see docs/requirements.md#records-notes-and-settings: "per-table columns, sort and filters"). Values are
 * parsed defensively: they outlive app versions and can be edited by hand.
 */
export const preferenceKeys = {
  columns: (table: string) => `columns_${table}`,
  sort: (table: string) => `sort_${table}`,
  filters: (table: string) => `filters_${table}`,
  /** One switch for every list: people who want live lists want them everywhere. */
  autoRefresh: 'listAutoRefresh',
};

const FIELD_NAME = /^[a-z][a-z0-9_]{0,62}$/;

function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the preference lasts for this session only.
  }
}

function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

/** A stored sort, or the default id desc (see docs/requirements.md#notification-and-list-states) when there is none or it is damaged. */
export function parseSort(value: unknown): ListSort {
  if (typeof value === 'object' && value !== null) {
    const { name, type } = value as Record<string, unknown>;
    if (typeof name === 'string' && FIELD_NAME.test(name) && (type === 'asc' || type === 'desc')) {
      return { name, type };
    }
  }
  return { ...DEFAULT_SORT };
}

export function readStoredColumns(table: string): string[] | null {
  return parseColumns(readJson(preferenceKeys.columns(table)));
}

export function readStoredSort(table: string): ListSort {
  return parseSort(readJson(preferenceKeys.sort(table)));
}

export function readStoredFilters(table: string): ListFilter[] {
  return parseFilters(readJson(preferenceKeys.filters(table)));
}

export function writeStoredFilters(table: string, filters: readonly ListFilter[]): void {
  if (filters.length === 0) removeKey(preferenceKeys.filters(table));
  else writeJson(preferenceKeys.filters(table), filters);
}

export function readAutoRefresh(): boolean {
  return readJson(preferenceKeys.autoRefresh) === true;
}

/** The table's sort, saved whenever it changes (see docs/requirements.md#notification-and-list-states: "saved per table"). */
export function useStoredSort(table: string): [ListSort, (sort: ListSort) => void] {
  const [sort, setSortState] = useState<ListSort>(() => readStoredSort(table));
  const setSort = useCallback(
    (next: ListSort) => {
      setSortState(next);
      writeJson(preferenceKeys.sort(table), next);
    },
    [table],
  );
  return [sort, setSort];
}

/**
 * The table's chosen columns (null: the defaults), saved whenever they change; setting null forgets the
 * choice ("Varsayılana dön"), so a later change of the defaults reaches this user too.
 */
export function useStoredColumns(table: string): [string[] | null, (columns: string[] | null) => void] {
  const [columns, setColumnsState] = useState<string[] | null>(() => readStoredColumns(table));
  const setColumns = useCallback(
    (next: string[] | null) => {
      setColumnsState(next);
      if (next === null) removeKey(preferenceKeys.columns(table));
      else writeJson(preferenceKeys.columns(table), next);
    },
    [table],
  );
  return [columns, setColumns];
}

/** The "Otomatik yenile" switch (see docs/requirements.md#constants-and-limits: every 60 s when enabled), kept across restarts. */
export function useAutoRefreshPreference(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabledState] = useState(readAutoRefresh);
  const setEnabled = useCallback((next: boolean) => {
    setEnabledState(next);
    writeJson(preferenceKeys.autoRefresh, next);
  }, []);
  return [enabled, setEnabled];
}
