import { useCallback, useState } from 'react';
import { DEFAULT_SORT, type ListSort } from '../../../../shared/domain';

/**
 * Per-table UI preferences in localStorage (spec 1 §3: "per-table columns, sort and filters"). Values are
 * parsed defensively: they outlive app versions and can be edited by hand.
 */
export const preferenceKeys = {
  columns: (table: string) => `columns_${table}`,
  sort: (table: string) => `sort_${table}`,
  filters: (table: string) => `filters_${table}`,
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

export function readStoredColumns(table: string): string[] | null {
  const value = readJson(preferenceKeys.columns(table));
  if (!Array.isArray(value)) return null;
  const columns = value.filter((item): item is string => typeof item === 'string' && FIELD_NAME.test(item));
  return columns.length > 0 ? columns : null;
}

export function readStoredSort(table: string): ListSort {
  const value = readJson(preferenceKeys.sort(table));
  if (typeof value === 'object' && value !== null) {
    const { name, type } = value as Record<string, unknown>;
    if (typeof name === 'string' && FIELD_NAME.test(name) && (type === 'asc' || type === 'desc')) {
      return { name, type };
    }
  }
  return { ...DEFAULT_SORT };
}

/** The table's sort, saved whenever it changes (spec 1 §4: "saved per table"). */
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
