import { filterTypeLabels } from '../i18n/domain-texts';
import type { ComponentType, SortDirection } from './constants';

/** List filters and sorting of docs/requirements.md#filters-and-list-input (operator types 1-12). */

export const FILTER_TYPES = {
  equal: 1,
  contains: 2,
  notContains: 3,
  greater: 4,
  less: 5,
  greaterOrEqual: 6,
  lessOrEqual: 7,
  startsWith: 8,
  endsWith: 9,
  between: 10,
  multipleChoice: 11,
  multipleExclude: 12,
} as const;

export type FilterTypeName = keyof typeof FILTER_TYPES;
export type FilterType = (typeof FILTER_TYPES)[FilterTypeName];

export const FILTER_TYPE_LABELS: Readonly<Record<FilterType, string>> = filterTypeLabels;

/** Type 10 carries a range, 11 and 12 a list, the rest a single value. */
export type FilterValue = string | string[] | { start: string; end: string };

export interface ListFilter {
  name: string;
  type: FilterType;
  value: FilterValue;
}

export type { ListSort, SortDirection } from './constants';

export type FilterInputKind = 'multi' | 'text' | 'range' | 'component';

const FILTER_TYPE_VALUES: ReadonlySet<number> = new Set(Object.values(FILTER_TYPES));

/** Narrows untrusted input (URL query, stored JSON) to a known operator. */
export function isFilterType(value: unknown): value is FilterType {
  return typeof value === 'number' && FILTER_TYPE_VALUES.has(value);
}

/** Which input the search panel shows for an operator (see docs/requirements.md#filters-and-list-input). */
export function filterInputKind(type: FilterType): FilterInputKind {
  switch (type) {
    case FILTER_TYPES.multipleChoice:
    case FILTER_TYPES.multipleExclude:
      return 'multi';
    case FILTER_TYPES.contains:
    case FILTER_TYPES.notContains:
    case FILTER_TYPES.startsWith:
    case FILTER_TYPES.endsWith:
      return 'text';
    case FILTER_TYPES.between:
      return 'range';
    default:
      return 'component';
  }
}

/** Whitespace-only counts as empty; a range is empty only when both ends are (half-open ranges are allowed). */
export function isFilterValueEmpty(filter: Pick<ListFilter, 'value'>): boolean {
  const { value } = filter;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((item) => item.trim() === '');
  return value.start.trim() === '' && value.end.trim() === '';
}

/**
 * Adds the filter, or replaces the one with the same name and operator in place.
 * An empty value leaves the list as it is: docs/requirements.md#filters-and-list-input adds a filter only with a value.
 */
export function addFilter(list: readonly ListFilter[], filter: ListFilter): ListFilter[] {
  if (isFilterValueEmpty(filter)) return [...list];
  const index = list.findIndex((item) => item.name === filter.name && item.type === filter.type);
  if (index === -1) return [...list, filter];
  return list.map((item, i) => (i === index ? filter : item));
}

/** Escapes LIKE wildcards so user text matches literally; use with ESCAPE '\'. */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function toggleSortDirection(direction: SortDirection): SortDirection {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** What a field holds, as far as searching is concerned. */
export type SearchFieldKind = 'option' | 'number' | 'date' | 'text';

const NUMBER_COMPONENTS: ReadonlySet<ComponentType> = new Set(['id', 'lead_id', 'integer', 'double']);
const DATE_COMPONENTS: ReadonlySet<ComponentType> = new Set(['date', 'birthday']);
const OPTION_COMPONENTS: ReadonlySet<ComponentType> = new Set(['selectbox', 'status', 'leadStatus']);

/** A field is a choice when it has an option list, whatever component draws it. */
export function searchFieldKind(component: ComponentType, optionListId: number | null): SearchFieldKind {
  if (OPTION_COMPONENTS.has(component) || (optionListId !== null && optionListId > 0)) return 'option';
  if (NUMBER_COMPONENTS.has(component)) return 'number';
  if (DATE_COMPONENTS.has(component)) return 'date';
  return 'text';
}

/** The operator a search-panel row starts with: what people look for most in such a field. */
export function defaultFilterType(kind: SearchFieldKind): FilterType {
  switch (kind) {
    case 'option':
      return FILTER_TYPES.multipleChoice;
    case 'number':
      return FILTER_TYPES.equal;
    case 'date':
      return FILTER_TYPES.between;
    case 'text':
      return FILTER_TYPES.contains;
  }
}
