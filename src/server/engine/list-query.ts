import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecordRow } from '../../shared/contract';
import { DEFAULT_SORT, LIST_COUNT_CAP } from '../../shared/domain/constants';
import { FILTER_TYPES, type SortDirection } from '../../shared/domain/filters';
import { foldTurkish } from '../../shared/domain/turkish-fold';
import { format, messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import { toRecordRow } from './cells';
import { compileFilters, type FilterCondition } from './filter-compiler';
import type { TableAccess } from './permission-resolver';
import { LEADS_TABLE } from './lead-children';
import { scopePinsColumn } from './pinned-columns';
import { and, column, type Condition } from './sql-helpers';
import { sortKey } from './text-collation';
import type { FieldDefinition } from './types';

export interface ListRequest {
  page: number;
  limit: number;
  sort?: { name: string; type: SortDirection } | undefined;
  filters: readonly FilterCondition[];
  /** Requested columns; unknown or hidden names are dropped, undefined means every listable field. */
  fields?: readonly string[] | undefined;
  /** Count every match instead of stopping at LIST_COUNT_CAP. */
  exact_total?: boolean | undefined;
}

export interface ListPage {
  results: RecordRow[];
  /** Exact, or LIST_COUNT_CAP when `capped`. */
  total: number;
  /** The count stopped at LIST_COUNT_CAP: there are more matches than `total`. */
  capped: boolean;
  /** The columns of `results`, id first. */
  fields: string[];
}

/** Kinds with a meaningful order; sorting json or arrays would be a surprise, not a feature. */
const SORTABLE = new Set(['integer', 'decimal', 'text', 'date', 'timestamp', 'boolean']);

/** Requested ∩ listable in the requested order, id always first; nothing requested = all listable. */
export function selectFields(
  access: TableAccess,
  requested: readonly string[] | undefined,
): FieldDefinition[] {
  const byName = new Map(access.listable.map((field) => [field.name, field]));
  const names = requested ?? access.listable.map((field) => field.name);
  const picked: FieldDefinition[] = [];
  const seen = new Set<string>();
  for (const name of ['id', ...names]) {
    const field = byName.get(name);
    if (field && !seen.has(name)) {
      seen.add(name);
      picked.push(field);
    }
  }
  return picked;
}

/**
 * ORDER BY on one listable, sortable field, then id in the same direction so pages never overlap or skip
 * rows that tie on the sort value. Default id desc (see docs/requirements.md#notification-and-list-states).
 */
export function compileOrderBy(access: TableAccess, sort: ListRequest['sort']): RawBuilder<unknown> {
  const wanted = sort ?? DEFAULT_SORT;
  const field = access.table.fieldsByName.get(wanted.name);
  if (!field || !access.listableNames.has(field.name) || !SORTABLE.has(field.column.kind)) {
    throw DomainError.invalid(format(messages.invalidField, { field: wanted.name }));
  }
  const direction = wanted.type === 'asc' ? sql`asc` : sql`desc`;
  if (field.name === 'id') return sql`${column('id')} ${direction}`;
  return sql`${sortKey(field)} ${direction}, ${column('id')} ${direction}`;
}

/** The WHERE of a list: the table's scope (base filter and row restriction) and the user's filters. */
export function listWhere(access: TableAccess, filters: readonly FilterCondition[]): Condition {
  const compiled = compileFilters(filters, { table: access.table, listable: access.listableNames });
  return and([access.scope, ...compiled]);
}

/**
 * The count of a list: exact up to LIST_COUNT_CAP, then "more than the cap". Stopping early keeps the
 * cost of a filter that matches half a million rows at that of 10,001 rows.
 */
function countQuery(
  source: RawBuilder<unknown>,
  where: Condition,
  exact: boolean,
): RawBuilder<{ total: number }> {
  if (exact) return sql<{ total: number }>`select count(*)::int as total from ${source} where ${where}`;
  return sql<{ total: number }>`select count(*)::int as total from (
      select 1 from ${source} where ${where} limit ${LIST_COUNT_CAP + 1}) as capped`;
}

/** Shortest folded text a trigram index can look up (shorter patterns yield no trigram). */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * Whether a filter searches inside a folded name ("contains", "ends with") that its trigram index can
 * answer. For such a count the planner prefers walking the small prefix index and testing LIKE on every
 * entry (~520,000 entries to find 10,001 "öztürk"s on 1,000,000 leads, ~45 ms on PGlite) over the
 * trigram bitmap that visits only the candidates (~11 ms): its cost model underrates the LIKE tests.
 */
function searchesInsideNames(access: TableAccess, filters: readonly FilterCondition[]): boolean {
  return filters.some((filter) => {
    if (filter.type !== FILTER_TYPES.contains && filter.type !== FILTER_TYPES.endsWith) return false;
    const field = access.table.fieldsByName.get(filter.name);
    return (
      field?.searchColumn != null &&
      typeof filter.value === 'string' &&
      foldTurkish(filter.value).trim().length >= TRIGRAM_MIN_LENGTH
    );
  });
}

/**
 * Runs the count; for a search inside names without index-only scans, so the trigram index is used,
 * unless the leads are pinned to one team: then leads_team_status_created_name_idx (migration 024) is
 * read alone, testing the name in its entries (an index-only scan), which stays fast at 10,000,000 leads
 * where the trigram bitmap ANDed with the team's does not.
 */
async function runCount(
  db: Kysely<Database>,
  query: RawBuilder<{ total: number }>,
  avoidIndexOnly: boolean,
): Promise<number> {
  if (!avoidIndexOnly) return Number((await query.execute(db)).rows[0]?.total ?? 0);
  // SET LOCAL ends with the transaction: the connection goes back to the pool with its usual plans.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_indexonlyscan = off`.execute(trx);
    return Number((await query.execute(trx)).rows[0]?.total ?? 0);
  });
}

/** The column leading the leads index that carries the folded name (migration 024). */
const NAME_INDEX_LEAD = 'team_id';

/** Whether the count should keep away from index-only scans (see runCount). */
async function countAvoidsIndexOnly(
  access: TableAccess,
  filters: readonly FilterCondition[],
): Promise<boolean> {
  if (!searchesInsideNames(access, filters)) return false;
  if (access.table.sourceTable !== LEADS_TABLE) return true;
  return !(await scopePinsColumn(access, NAME_INDEX_LEAD, filters));
}

/**
 * Whether the filters pin the record's id to one value: then at most one row matches, and the first
 * page holds every match, so it is its own count (one lookup by id, e.g. a deep link or a pasted
 * number, then costs one query instead of two).
 */
function pinsOneRecord(filters: readonly FilterCondition[]): boolean {
  return filters.some(
    (filter) =>
      filter.name === 'id' &&
      filter.type === FILTER_TYPES.equal &&
      typeof filter.value === 'string' &&
      filter.value.trim() !== '',
  );
}

/**
 * One page plus its total under the same WHERE: two queries, started together (a pool runs them in
 * parallel, PGlite's driver queues them on its single connection).
 * The page is a deferred join: the page's ids first, then their columns. The id query can often be
 * answered from an index alone (leads (id, created_at) for a date filter), where the full row query
 * would read every skipped row from the table: for matches far down the id order (leads older than a
 * year, newest first) that is the difference between ~5 ms and ~80 ms on 1,000,000 leads.
 */
export async function runListQuery(
  db: Kysely<Database>,
  access: TableAccess,
  request: ListRequest,
): Promise<ListPage> {
  const fields = selectFields(access, request.fields);
  const names = fields.map((field) => field.name);
  const where = listWhere(access, request.filters);
  const orderBy = compileOrderBy(access, request.sort);
  const source = sql.id(access.table.sourceTable);
  const offset = (request.page - 1) * request.limit;

  const pageIsCount = request.page === 1 && pinsOneRecord(request.filters);
  const avoidIndexOnly = !pageIsCount && (await countAvoidsIndexOnly(access, request.filters));
  const [page, counted] = await Promise.all([
    sql<Record<string, unknown>>`select ${sql.join(names.map(column))} from ${source}
      where ${column('id')} in (select ${column('id')} from ${source} where ${where}
        order by ${orderBy} limit ${request.limit} offset ${offset})
      order by ${orderBy}`.execute(db),
    pageIsCount
      ? null
      : runCount(db, countQuery(source, where, request.exact_total === true), avoidIndexOnly),
  ]);
  const total = counted ?? page.rows.length;
  const capped = request.exact_total !== true && total > LIST_COUNT_CAP;
  return {
    results: page.rows.map((row) => toRecordRow(row, names)),
    total: capped ? LIST_COUNT_CAP : total,
    capped,
    fields: names,
  };
}
