import {
  addFilter,
  filterInputKind,
  isFilterType,
  isFilterValueEmpty,
  type FilterInputKind,
  type FilterType,
  type FilterValue,
  type ListFilter,
} from '../../../../../shared/domain';

/**
 * The list's filters as one pure reducer, so the search panel, the column search row, the active-filter
 * tags, favourites and the URL all change them the same way (and the rules are unit-tested in Node).
 */
export type FilterAction =
  /** Adds or replaces (same field and operator) one filter; an empty value changes nothing (see docs/requirements.md#filters-and-list-input). */
  | { type: 'add'; filter: ListFilter }
  /** Removes the field's filter with that operator, or every filter of the field when none is given. */
  | { type: 'remove'; name: string; filterType?: FilterType }
  /** The search panel's rows the person changed: each replaces all filters of its field. */
  | { type: 'applyRows'; rows: readonly ListFilter[] }
  /** The column search row: replaces the field's column-search filter; empty text removes it. */
  | { type: 'columnSearch'; name: string; filterType: FilterType; value: string }
  /** Favourite applied, URL multi-search, stored state: the whole list at once. */
  | { type: 'replace'; filters: readonly ListFilter[] }
  | { type: 'clear' };

export function removeFilter(list: readonly ListFilter[], name: string, type?: FilterType): ListFilter[] {
  return list.filter((item) => item.name !== name || (type !== undefined && item.type !== type));
}

export function filtersReducer(state: readonly ListFilter[], action: FilterAction): ListFilter[] {
  switch (action.type) {
    case 'add':
      return addFilter(state, action.filter);
    case 'remove':
      return removeFilter(state, action.name, action.filterType);
    case 'applyRows': {
      let next = [...state];
      for (const row of action.rows) {
        const index = next.findIndex((item) => item.name === row.name);
        const without = removeFilter(next, row.name);
        if (isFilterValueEmpty(row)) {
          next = without;
        } else if (index === -1) {
          next = [...without, row];
        } else {
          // Keep the field where its first filter was, so the tags above the table do not jump around;
          // nothing before that first filter belongs to the field, so the index holds in `without` too.
          next = [...without.slice(0, index), row, ...without.slice(index)];
        }
      }
      return next;
    }
    case 'columnSearch': {
      const filter: ListFilter = { name: action.name, type: action.filterType, value: action.value.trim() };
      if (isFilterValueEmpty(filter)) return removeFilter(state, action.name, action.filterType);
      return addFilter(state, filter);
    }
    case 'replace':
      return dedupeFilters(action.filters.filter((filter) => !isFilterValueEmpty(filter)));
    case 'clear':
      return [];
  }
}

/** One filter per field and operator; the later one wins, as addFilter would have done. */
function dedupeFilters(filters: readonly ListFilter[]): ListFilter[] {
  return filters.reduce<ListFilter[]>((list, filter) => addFilter(list, filter), []);
}

/**
 * Drops filters on fields the user may not list (a stored filter after a permission change, an old
 * favourite): the server would refuse the whole list with "Geçersiz filtre". An empty set means "not
 * known yet" and keeps everything; the same array comes back when nothing was dropped.
 */
export function keepKnownFilters(filters: ListFilter[], knownFields: ReadonlySet<string>): ListFilter[] {
  if (knownFields.size === 0) return filters;
  const kept = filters.filter((filter) => knownFields.has(filter.name));
  return kept.length === filters.length ? filters : kept;
}

// ---- Field kinds -------------------------------------------------------------------------------------

// The field kinds and each kind's first operator are the server's too (GET /fields answers `filter`).
export { defaultFilterType, searchFieldKind, type SearchFieldKind } from '../../../../../shared/domain';

/** First item of a list, or the start (else end) of a range: the best single value to keep. */
function firstText(value: FilterValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item) => item.trim() !== '') ?? '';
  return value.start.trim() !== '' ? value.start : value.end;
}

/**
 * Reshapes a value when the operator changes its input kind (see docs/requirements.md#filters-and-list-input: type 10 takes start and end,
 * 11 and 12 a list, the rest one value), keeping what the person already entered where it fits.
 */
export function coerceFilterValue(value: FilterValue, kind: FilterInputKind): FilterValue {
  switch (kind) {
    case 'multi':
      if (Array.isArray(value)) return value;
      if (typeof value === 'string') return value.trim() === '' ? [] : [value];
      return firstText(value) === '' ? [] : [firstText(value)];
    case 'range':
      if (typeof value === 'object' && !Array.isArray(value)) return value;
      return { start: firstText(value), end: '' };
    case 'text':
    case 'component':
      return firstText(value);
  }
}

export function emptyFilterValue(type: FilterType): FilterValue {
  return coerceFilterValue('', filterInputKind(type));
}

// ---- Stored filters ----------------------------------------------------------------------------------

const FIELD_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** The contract's limits (records.ts filterSchema, listQuerySchema). */
const MAX_FILTERS = 50;
const MAX_TEXT = 500;
const MAX_ITEMS = 500;

function parseText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length > MAX_TEXT) return null;
  return value;
}

function parseValue(type: FilterType, value: unknown): FilterValue | null {
  const kind = filterInputKind(type);
  if (kind === 'range') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { start, end } = value as Record<string, unknown>;
    const from = start === undefined || start === null ? '' : parseText(start);
    const to = end === undefined || end === null ? '' : parseText(end);
    return from === null || to === null ? null : { start: from, end: to };
  }
  if (kind === 'multi') {
    // A single value counts as a one-item list, as the server reads it.
    const items = Array.isArray(value) ? value : [value];
    if (items.length > MAX_ITEMS) return null;
    const texts = items.map(parseText);
    return texts.every((item): item is string => item !== null) ? texts : null;
  }
  return parseText(value);
}

/**
 * Filters from untrusted JSON (localStorage, a saved favourite, an old app version): anything that is not
 * a known field name, operator and value shape is dropped rather than sent to the server.
 */
export function parseFilters(value: unknown): ListFilter[] {
  if (!Array.isArray(value)) return [];
  const filters: ListFilter[] = [];
  for (const item of value.slice(0, MAX_FILTERS)) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const type = typeof record.type === 'string' ? Number(record.type) : record.type;
    if (typeof record.name !== 'string' || !FIELD_NAME.test(record.name) || !isFilterType(type)) continue;
    const parsed = parseValue(type, record.value);
    if (parsed === null) continue;
    filters.push({ name: record.name, type, value: parsed });
  }
  return filtersReducer([], { type: 'replace', filters });
}
