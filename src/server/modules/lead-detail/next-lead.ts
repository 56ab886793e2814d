import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract } from '../../../shared/contract';
import { DEFAULT_SORT } from '../../../shared/domain/constants';
import type { Database } from '../../db/schema';
import { compileOrderBy, listWhere } from '../../engine/list-query';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column, type Condition } from '../../engine/sql-helpers';
import { sortKey } from '../../engine/text-collation';
import type { EngineUser } from '../../engine/types';

type NextLeadBody = z.output<(typeof contract)['nextLead']['body']>;

export interface NextLeadService {
  /** POST /nextLead/{x}: the lead after x in the list's order, inside scope and filters; null at the end. */
  next(user: EngineUser, current: number, body: NextLeadBody): Promise<CallResult<'nextLead'>>;
}

/**
 * "After x" in ORDER BY key dir, id dir (list-query's order; PostgreSQL puts NULLs last ascending and
 * first descending). `value` is x's own sort value read in SQL, so it compares with the column's type.
 */
function afterCondition(
  col: RawBuilder<unknown>,
  dir: 'asc' | 'desc',
  current: number,
  valueIsNull: boolean,
  value: Condition,
): Condition {
  const id = column('id');
  if (dir === 'desc') {
    if (valueIsNull) return sql<boolean>`((${col} is null and ${id} < ${current}) or ${col} is not null)`;
    return sql<boolean>`(${col} < ${value} or (${col} = ${value} and ${id} < ${current}))`;
  }
  if (valueIsNull) return sql<boolean>`(${col} is null and ${id} > ${current})`;
  return sql<boolean>`(${col} > ${value} or (${col} = ${value} and ${id} > ${current}) or ${col} is null)`;
}

export function createNextLeadService(db: Kysely<Database>, registry: TableRegistry): NextLeadService {
  return {
    async next(user, current, body) {
      const access = await resolveTableAccess(db, registry, user, body?.table ?? 'leads');
      const sort = body?.sort ?? DEFAULT_SORT;
      // The same checks as the list: filters on listable fields only, sort on a listable sortable one.
      const orderBy = compileOrderBy(access, sort);
      const where = listWhere(access, body?.filters ?? []);
      const source = sql.id(access.table.sourceTable);
      const currentRow = await selectRow(db, access, current, ['id', sort.name]);
      // The key the list orders by (Turkish collation, folded name), so "after" means what the list shows.
      const sortField = access.table.fieldsByName.get(sort.name);
      const key = sortField ? sortKey(sortField) : column(sort.name);
      if (!currentRow) throw recordNotFound();

      const after =
        sort.name === 'id'
          ? sort.type === 'asc'
            ? sql<boolean>`${column('id')} > ${current}`
            : sql<boolean>`${column('id')} < ${current}`
          : afterCondition(
              key,
              sort.type,
              current,
              currentRow[sort.name] === null || currentRow[sort.name] === undefined,
              sql<boolean>`(select ${key} from ${source} where ${column('id')} = ${current})`,
            );
      const { rows } = await sql<{ id: number }>`select ${column('id')} from ${source}
        where ${and([where, after])} order by ${orderBy} limit 1`.execute(db);
      const found = rows[0];
      return { id: found ? Number(found.id) : null };
    },
  };
}
