import { sql, type Kysely } from 'kysely';
import { FILTER_TYPES } from '../../../shared/domain/filters';
import { MAX_REPORT_RANGE_DAYS } from '../../../shared/domain/report-keys';
import { format } from '../../../shared/i18n/messages';
import { reportBuilderMessages } from '../../../shared/i18n/report-builder-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { FilterCondition } from '../../engine/filter-compiler';
import type { TableAccess } from '../../engine/permission-resolver';
import { InvalidValueError, parseDate } from '../../engine/values';

/** The columns that lead an index of a table: a filter on one of them reads a part of the table. */
export interface IndexCatalog {
  leadingColumns(sourceTable: string): Promise<ReadonlySet<string>>;
}

/** Indexes change only with migrations, so each table's are read once per server. */
export function createIndexCatalog(db: Kysely<Database>): IndexCatalog {
  const cache = new Map<string, Promise<ReadonlySet<string>>>();
  return {
    leadingColumns(sourceTable) {
      let found = cache.get(sourceTable);
      if (!found) {
        found = sql<{ name: string }>`select distinct a.attname as name from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
            where i.indrelid = to_regclass(${sourceTable}::text) and i.indpred is null`
          .execute(db)
          .then(({ rows }) => new Set(rows.map((row) => row.name)));
        // A failed lookup is not remembered: the next report asks again.
        found.catch(() => cache.delete(sourceTable));
        cache.set(sourceTable, found);
      }
      return found;
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(raw: string): number | null {
  try {
    const [year, month, day] = parseDate(raw).day.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day) / DAY_MS;
  } catch (error) {
    if (error instanceof InvalidValueError) return null;
    throw error;
  }
}

const present = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

/**
 * Whether one filter of the report's own table reads a bounded part of it through an index: a closed
 * date range of at most MAX_REPORT_RANGE_DAYS on an indexed date column, or equal / multiple choice on
 * an indexed column. A longer range is refused on its own (its message says how long it may be).
 */
function bounds(filter: FilterCondition, access: TableAccess, indexed: ReadonlySet<string>): boolean {
  const field = access.table.fieldsByName.get(filter.name);
  if (!field || !indexed.has(field.name)) return false;
  const { value } = filter;
  if (filter.type === FILTER_TYPES.between) {
    if (field.column.kind !== 'date' && field.column.kind !== 'timestamp') return false;
    if (typeof value !== 'object' || Array.isArray(value)) return false;
    const range = value as { start?: string | undefined; end?: string | undefined };
    if (!present(range.start) || !present(range.end)) return false;
    const start = dayNumber(range.start);
    const end = dayNumber(range.end);
    if (start === null || end === null) return false;
    if (end - start + 1 > MAX_REPORT_RANGE_DAYS) {
      throw DomainError.invalid(format(reportBuilderMessages.rangeTooLong, { days: MAX_REPORT_RANGE_DAYS }));
    }
    return true;
  }
  if (filter.type === FILTER_TYPES.equal) return typeof value === 'string' && present(value);
  if (filter.type === FILTER_TYPES.multipleChoice) {
    const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    return items.some((item) => typeof item === 'string' && present(item));
  }
  return false;
}

/**
 * Refuses (400, in Turkish) an aggregate that would read the whole table: one filter of the report's
 * own table must bound it through an index. The message names the fields that would.
 */
export async function requireBounded(
  catalog: IndexCatalog,
  access: TableAccess,
  filters: readonly FilterCondition[],
): Promise<void> {
  const indexed = await catalog.leadingColumns(access.table.sourceTable);
  if (filters.some((filter) => bounds(filter, access, indexed))) return;
  const usable = access.listable
    .filter((field) => indexed.has(field.name) && access.readableNames.has(field.name))
    .map((field) => field.displayName);
  throw DomainError.invalid(
    format(reportBuilderMessages.unbounded, { days: MAX_REPORT_RANGE_DAYS, fields: usable.join(', ') }),
  );
}
