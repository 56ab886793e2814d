import { sql } from 'kysely';
import { escapeLikePattern, FILTER_TYPES, isFilterType, type FilterType } from '../../shared/domain/filters';
import { foldTurkish } from '../../shared/domain/turkish-fold';
import { format, messages } from '../../shared/i18n/messages';
import { DomainError } from '../domain-errors';
import { and, column, foldedText, likePattern, or, type Condition } from './sql-helpers';
import type { FieldDefinition, TableDefinition } from './types';
import { coerceScalar, InvalidValueError, nextDay, parseDate, type SqlScalar } from './values';

/** A filter as the contract's filterSchema hands it over (see docs/requirements.md#filters-and-list-input): value shape depends on the type. */
export interface FilterCondition {
  name: string;
  type: number;
  value: string | readonly string[] | { start?: string | undefined; end?: string | undefined };
}

export interface FilterContext {
  table: TableDefinition;
  /** Fields the user may list; filtering on anything else would reveal hidden data, so it is refused. */
  listable: ReadonlySet<string>;
}

/** The most values one IN list takes; the contract allows 500 per filter. */
const MAX_LIST_VALUES = 500;

function invalidFilter(label: string): DomainError {
  return DomainError.invalid(format(messages.invalidFilter, { field: label }));
}

type Range = { start?: string | undefined; end?: string | undefined };

function isRange(value: FilterCondition['value']): value is Range {
  return typeof value === 'object' && !Array.isArray(value);
}

function scalarOf(value: FilterCondition['value']): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A single scalar also counts as a one-item list: URL multi-search sends `?status_id=3`. */
function listOf(value: FilterCondition['value']): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

const isBlank = (text: string | undefined): boolean => text === undefined || text.trim() === '';

const TEXT_TYPES: ReadonlySet<FilterType> = new Set([
  FILTER_TYPES.contains,
  FILTER_TYPES.notContains,
  FILTER_TYPES.startsWith,
  FILTER_TYPES.endsWith,
]);

/** Kinds compared as values; json, arrays and unknown types only take the text operators. */
const COMPARABLE = new Set(['integer', 'decimal', 'text', 'date', 'timestamp', 'boolean']);

function textCondition(field: FieldDefinition, type: FilterType, text: string): Condition {
  const escaped = escapeLikePattern(foldTurkish(text));
  const pattern =
    type === FILTER_TYPES.startsWith
      ? `${escaped}%`
      : type === FILTER_TYPES.endsWith
        ? `%${escaped}`
        : `%${escaped}%`;
  // The folded shadow column carries a trigram index; other columns are folded on the fly.
  const target = field.searchColumn ? column(field.searchColumn) : foldedText(column(field.name));
  const match = likePattern(target, pattern);
  if (type !== FILTER_TYPES.notContains) return match;
  // "Does not contain" keeps rows with no value at all: an empty cell contains nothing.
  return or([sql<boolean>`${column(field.name)} is null`, sql<boolean>`not (${match})`]);
}

/**
 * A timestamp compared with a bare day means that whole day: `= 2025-03-01` is the day's 24 hours,
 * `<= 2025-03-01` runs to its end, `> 2025-03-01` starts the next day.
 */
function comparison(field: FieldDefinition, type: FilterType, raw: string): Condition {
  const ref = column(field.name);
  if (field.column.kind === 'timestamp') {
    const date = parseDate(raw);
    if (date.dateOnly) {
      const next = `${nextDay(date.day)} 00:00:00`;
      switch (type) {
        case FILTER_TYPES.equal:
          return and([sql<boolean>`${ref} >= ${date.dateTime}`, sql<boolean>`${ref} < ${next}`]);
        case FILTER_TYPES.greater:
          return sql<boolean>`${ref} >= ${next}`;
        case FILTER_TYPES.lessOrEqual:
          return sql<boolean>`${ref} < ${next}`;
        default:
          break;
      }
    }
  }
  const value: SqlScalar = coerceScalar(field.column, raw);
  switch (type) {
    case FILTER_TYPES.equal:
      return sql<boolean>`${ref} = ${value}`;
    case FILTER_TYPES.greater:
      return sql<boolean>`${ref} > ${value}`;
    case FILTER_TYPES.less:
      return sql<boolean>`${ref} < ${value}`;
    case FILTER_TYPES.greaterOrEqual:
      return sql<boolean>`${ref} >= ${value}`;
    default:
      return sql<boolean>`${ref} <= ${value}`;
  }
}

/** Type 10: either end may be missing; a bare-day end on a timestamp includes that whole day. */
function between(field: FieldDefinition, range: Range): Condition | null {
  const parts: Condition[] = [];
  if (!isBlank(range.start)) parts.push(comparison(field, FILTER_TYPES.greaterOrEqual, range.start ?? ''));
  if (!isBlank(range.end)) parts.push(comparison(field, FILTER_TYPES.lessOrEqual, range.end ?? ''));
  return parts.length === 0 ? null : and(parts);
}

function inList(field: FieldDefinition, type: FilterType, items: readonly string[]): Condition | null {
  const present = [...new Set(items.filter((item) => !isBlank(item)))];
  if (present.length === 0) return null;
  if (present.length > MAX_LIST_VALUES) throw new InvalidValueError('list');
  const values = present.map((item) => coerceScalar(field.column, item));
  const ref = column(field.name);
  if (type === FILTER_TYPES.multipleChoice) return sql<boolean>`${ref} in (${sql.join(values)})`;
  // "Multiple exclude" keeps rows with no value: NOT IN alone would drop them (NULL is never "not in").
  return or([sql<boolean>`${ref} is null`, sql<boolean>`${ref} not in (${sql.join(values)})`]);
}

function compileOne(filter: FilterCondition, field: FieldDefinition, type: FilterType): Condition | null {
  const { value } = filter;
  if (type === FILTER_TYPES.between) {
    if (!isRange(value)) throw new InvalidValueError('shape');
    return between(field, value);
  }
  if (type === FILTER_TYPES.multipleChoice || type === FILTER_TYPES.multipleExclude) {
    const items = listOf(value);
    if (!items) throw new InvalidValueError('shape');
    return inList(field, type, items);
  }
  const text = scalarOf(value);
  if (text === undefined) throw new InvalidValueError('shape');
  // docs/requirements.md#filters-and-list-input: a filter exists only with a value, so an empty one filters nothing.
  if (isBlank(text)) return null;
  if (TEXT_TYPES.has(type)) return textCondition(field, type, text);
  return comparison(field, type, text);
}

/**
 * One list filter (types 1-12) as a parameterised condition on the table's source, or null when its
 * value is empty. The field must be registered and listable; the value must fit the column.
 * Throws DomainError 400 'Geçersiz filtre: {field}' otherwise.
 */
export function compileFilter(filter: FilterCondition, context: FilterContext): Condition | null {
  const field = context.table.fieldsByName.get(filter.name);
  if (!field || !context.listable.has(field.name)) throw invalidFilter(filter.name);
  const type = filter.type;
  if (!isFilterType(type)) throw invalidFilter(field.displayName);
  if (!TEXT_TYPES.has(type) && !COMPARABLE.has(field.column.kind)) throw invalidFilter(field.displayName);
  try {
    return compileOne(filter, field, type);
  } catch (error) {
    if (error instanceof InvalidValueError) throw invalidFilter(field.displayName);
    throw error;
  }
}

/** Every filter ANDed (docs/requirements.md#filters-and-list-input: filters narrow); empty ones are dropped. */
export function compileFilters(filters: readonly FilterCondition[], context: FilterContext): Condition[] {
  const conditions: Condition[] = [];
  for (const filter of filters) {
    const condition = compileFilter(filter, context);
    if (condition) conditions.push(condition);
  }
  return conditions;
}
