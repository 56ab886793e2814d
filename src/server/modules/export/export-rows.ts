import { sql, type Kysely } from 'kysely';
import { DEFAULT_SORT } from '../../../shared/domain/constants';
import type { SortDirection } from '../../../shared/domain/filters';
import type { Database } from '../../db/schema';
import { compileOrderBy } from '../../engine/list-query';
import type { TableAccess } from '../../engine/permission-resolver';
import { and, column, type Condition } from '../../engine/sql-helpers';

/**
 * Reads the rows of an export in batches without OFFSET (which rescans every skipped row and would make
 * a million-row export quadratic) and without a long transaction (PGlite has one connection: a cursor
 * held for a minute would stall every other request).
 *
 * - Sorted by id (the default): keyset batches `id < last ORDER BY id DESC LIMIT n`, walking the
 *   primary key once.
 * - Sorted by another field: the ids in that order first (one sort, at most maxRows + 1 integers), then
 *   the rows in batches of those ids.
 *
 * Every batch repeats the full WHERE (base filter, row restriction, the user's filters), so a row that
 * changed or left the user's scope since the export started is skipped, never leaked.
 */

export const EXPORT_BATCH_SIZE = 5_000;

export interface ExportRowSource {
  /** Rows that match, counted up to maxRows + 1 (more than maxRows means "too many"). */
  total: number;
  /** The matching rows in the requested order, `names` columns only, one batch at a time. */
  batches(): AsyncGenerator<readonly Record<string, unknown>[]>;
}

export interface ExportRowRequest {
  /** Columns to read (already checked to be listable). */
  names: readonly string[];
  where: Condition;
  sort?: { name: string; type: SortDirection } | undefined;
  maxRows: number;
  batchSize?: number;
}

/**
 * Yields batches while the next one is already being read, so the database works while the caller turns
 * the current batch into XML (with a pool the two really overlap; PGlite simply queues). At most two
 * batches are held at once. `next` gets the batch just read and answers the following one, or null.
 */
async function* readAhead<T>(
  first: () => Promise<T | null>,
  next: (previous: T) => Promise<T | null> | null,
): AsyncGenerator<T> {
  let pending: Promise<T | null> | null = first();
  while (pending) {
    const batch: T | null = await pending;
    if (batch === null) return;
    pending = next(batch);
    // If the consumer stops early, a read still in flight must not surface as an unhandled rejection.
    pending?.catch(() => undefined);
    yield batch;
  }
}

async function boundedCount(
  db: Kysely<Database>,
  access: TableAccess,
  where: Condition,
  limit: number,
): Promise<number> {
  const source = sql.id(access.table.sourceTable);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from
    (select 1 from ${source} where ${where} limit ${limit}) as matching`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

function byIdKeyset(
  db: Kysely<Database>,
  access: TableAccess,
  request: ExportRowRequest,
  direction: SortDirection,
  total: number,
): ExportRowSource {
  const source = sql.id(access.table.sourceTable);
  const batchSize = request.batchSize ?? EXPORT_BATCH_SIZE;
  // The key is read even when the user did not pick the id column, and dropped again by the caller.
  const names = request.names.includes('id') ? request.names : ['id', ...request.names];
  const columns = sql.join(names.map(column));
  const order = direction === 'asc' ? sql`${column('id')} asc` : sql`${column('id')} desc`;
  return {
    total,
    batches() {
      // Never more than counted: rows added while the export runs do not change its length.
      let sent = 0;
      const read = async (last: number | null): Promise<Record<string, unknown>[] | null> => {
        const after: Condition | null =
          last === null
            ? null
            : direction === 'asc'
              ? sql<boolean>`${column('id')} > ${last}`
              : sql<boolean>`${column('id')} < ${last}`;
        const where = and(after ? [request.where, after] : [request.where]);
        const limit = Math.min(batchSize, total - sent);
        if (limit <= 0) return null;
        const { rows } = await sql<Record<string, unknown>>`select ${columns} from ${source}
          where ${where} order by ${order} limit ${limit}`.execute(db);
        sent += rows.length;
        return rows.length === 0 ? null : rows;
      };
      return readAhead(
        () => read(null),
        (rows) => (rows.length < batchSize ? null : read(Number(rows[rows.length - 1]?.id))),
      );
    },
  };
}

async function byIdList(
  db: Kysely<Database>,
  access: TableAccess,
  request: ExportRowRequest,
): Promise<ExportRowSource> {
  const source = sql.id(access.table.sourceTable);
  const batchSize = request.batchSize ?? EXPORT_BATCH_SIZE;
  // compileOrderBy checks the field (registered, listable, sortable) and adds id as the tie-breaker.
  const orderBy = compileOrderBy(access, request.sort);
  const { rows: idRows } = await sql<{ id: number }>`select ${column('id')} from ${source}
    where ${request.where} order by ${orderBy} limit ${request.maxRows + 1}`.execute(db);
  const ids = idRows.map((row) => Number(row.id));
  const names = request.names.includes('id') ? request.names : ['id', ...request.names];
  const columns = sql.join(names.map(column));
  const read = async (start: number): Promise<{ start: number; rows: Record<string, unknown>[] } | null> => {
    if (start >= ids.length) return null;
    const chunk = ids.slice(start, start + batchSize);
    const { rows } = await sql<Record<string, unknown>>`select ${columns} from ${source}
      where ${and([request.where, sql<boolean>`${column('id')} in (${sql.join(chunk)})`])}`.execute(db);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const ordered: Record<string, unknown>[] = [];
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) ordered.push(row);
    }
    return { start, rows: ordered };
  };
  return {
    total: ids.length,
    async *batches() {
      for await (const batch of readAhead(
        () => read(0),
        (previous) => read(previous.start + batchSize),
      )) {
        yield batch.rows;
      }
    },
  };
}

/** Counts the matching rows and prepares the batches; reads nothing more when there are too many. */
export async function openExportRows(
  db: Kysely<Database>,
  access: TableAccess,
  request: ExportRowRequest,
): Promise<ExportRowSource> {
  const sort = request.sort ?? DEFAULT_SORT;
  if (sort.name !== 'id') return byIdList(db, access, { ...request, sort });
  // Same validation as any other sort (id must be listable, which it always is).
  compileOrderBy(access, sort);
  const total = await boundedCount(db, access, request.where, request.maxRows + 1);
  return byIdKeyset(db, access, request, sort.type, total);
}
