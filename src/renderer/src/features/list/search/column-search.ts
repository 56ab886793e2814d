import { FILTER_TYPES, type FilterType, type ListFilter } from '../../../../../shared/domain';
import type { SearchFieldKind } from './filter-state';

/** The search row under the header waits this long after the last key before it filters. */
export const COLUMN_SEARCH_DEBOUNCE_MS = 400;

/**
 * Text columns (dates included: people type "2025-03" to get a month) search with "contains"; choices and
 * numbers with "equal", where a partial match would mean nothing.
 */
export function columnSearchType(kind: SearchFieldKind): FilterType {
  return kind === 'option' || kind === 'number' ? FILTER_TYPES.equal : FILTER_TYPES.contains;
}

/** What the column's search box shows: the value of the field's filter with the column-search operator. */
export function columnSearchText(filters: readonly ListFilter[], name: string, type: FilterType): string {
  const filter = filters.find((item) => item.name === name && item.type === type);
  return filter && typeof filter.value === 'string' ? filter.value : '';
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The value a typed text becomes, or null when it cannot be searched in this column: the server refuses
 * "abc" for a number column with 400, so the list would only show an error. A Turkish decimal comma is
 * sent as a dot. '' means "no search" and removes the column's filter.
 */
export function columnSearchValue(kind: SearchFieldKind, text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || kind !== 'number') return trimmed;
  return NUMBER.test(trimmed) ? trimmed.replace(',', '.') : null;
}
