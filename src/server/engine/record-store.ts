import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import { integerRange } from './columns';
import { CUSTOMER_ID_COLUMN, lockParentLead } from './lead-children';
import { recordNotFound } from './record-store-errors';
import type { TableAccess } from './permission-resolver';
import { and, column, type Condition } from './sql-helpers';
import type { WriteValue } from './record-writer';

export { recordNotFound };

/**
 * Whether `id` can be a value of the table's id column at all. The API takes any positive integer; one
 * beyond an integer column's range would make PostgreSQL fail the query (a 500) instead of finding nothing.
 */
export function isPossibleId(access: TableAccess, id: number): boolean {
  const idColumn = access.table.columns.get('id');
  if (!Number.isSafeInteger(id)) return false;
  return idColumn?.kind !== 'integer' || Math.abs(id) <= integerRange(idColumn.dataType);
}

/** One row by id inside the user's scope, only the named columns; undefined when missing or outside. */
export async function selectRow(
  db: Kysely<Database>,
  access: TableAccess,
  id: number,
  names: readonly string[],
  extra: readonly Condition[] = [],
): Promise<Record<string, unknown> | undefined> {
  if (!isPossibleId(access, id)) return undefined;
  const where = and([sql<boolean>`${column('id')} = ${id}`, access.scope, ...extra]);
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(names.map(column))}
    from ${sql.id(access.table.sourceTable)} where ${where} limit 1`.execute(db);
  return rows[0];
}

/**
 * A write that sets a child row's lead (lead_id, or customer_id for money rows) is a write to that lead
 * too: it must be inside the user's leads scope (404 otherwise, as for a missing lead), locked until the
 * transaction ends.
 */
export async function lockNewParent(
  trx: Kysely<Database>,
  access: TableAccess,
  values: ReadonlyMap<string, WriteValue>,
): Promise<void> {
  if (access.parent && values.has(access.parent.column)) {
    await lockParentLead(trx, access.parent, values.get(access.parent.column));
  }
}

async function isInside(
  trx: Kysely<Database>,
  access: TableAccess,
  id: number,
  condition: Condition,
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select ${column('id')} from ${sql.id(access.table.sourceTable)}
    where ${and([sql<boolean>`${column('id')} = ${id}`, condition])}`.execute(trx);
  return rows.length > 0;
}

/**
 * Updates one row the user may see, inside the caller's transaction: the row is locked (FOR UPDATE) so
 * the scope check and the write see the same row, and after the write it must still be inside the
 * group's row restriction — an agent cannot move a lead out of their own team. Throws 404 / 403.
 */
export async function updateRow(
  trx: Kysely<Database>,
  access: TableAccess,
  id: number,
  values: ReadonlyMap<string, WriteValue>,
): Promise<void> {
  if (!isPossibleId(access, id)) throw recordNotFound();
  const source = sql.id(access.table.sourceTable);
  const where = and([sql<boolean>`${column('id')} = ${id}`, access.scope]);
  if (access.parent?.column === CUSTOMER_ID_COLUMN && access.parent.leads) {
    // Money rows: their totals trigger locks their lead (migration 022), so the lead is locked first, the
    // order a lead's delete takes (lead, then its rows); the other order could deadlock with it.
    await sql`select 1 from ${sql.id(access.parent.leads.sourceTable)} where ${column('id')} = (
      select ${column(CUSTOMER_ID_COLUMN)} from ${source} where ${column('id')} = ${id}) for share`.execute(
      trx,
    );
  }
  const locked = await sql<{
    id: number;
  }>`select ${column('id')} from ${source} where ${where} for update`.execute(trx);
  if (locked.rows.length === 0) throw recordNotFound();

  // Nothing to write: the lock above still answered 404 for a row the user may not see.
  if (values.size === 0) return;
  await lockNewParent(trx, access, values);
  const assignments = [...values].map(([name, value]) => sql`${column(name)} = ${value}`);
  const updatedAt = access.table.columns.get('updated_at');
  if (updatedAt && !updatedAt.generated && !values.has('updated_at') && updatedAt.kind === 'timestamp') {
    // Same wall-clock form as the column defaults (migration 001).
    assignments.push(sql`${column('updated_at')} = date_trunc('second', localtimestamp)`);
  }
  await sql`update ${source} set ${sql.join(assignments)} where ${column('id')} = ${id}`.execute(trx);

  if (access.restriction && !(await isInside(trx, access, id, access.restriction))) {
    throw DomainError.forbidden(messages.forbidden);
  }
}

/**
 * Inserts one row inside the caller's transaction and checks that it lands inside the user's scope
 * (base filter and row restriction); otherwise 403 and the caller's transaction rolls back.
 */
export async function insertRow(
  trx: Kysely<Database>,
  access: TableAccess,
  values: ReadonlyMap<string, WriteValue>,
): Promise<number> {
  await lockNewParent(trx, access, values);
  const source = sql.id(access.table.sourceTable);
  const names = [...values.keys()];
  const inserted =
    names.length === 0
      ? await sql<{ id: number }>`insert into ${source} default values returning ${column('id')}`.execute(trx)
      : await sql<{ id: number }>`insert into ${source} (${sql.join(names.map(column))})
          values (${sql.join([...values.values()])}) returning ${column('id')}`.execute(trx);
  const id = Number(inserted.rows[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error(`insert into ${access.table.sourceTable} returned no id`);
  if (!(await isInside(trx, access, id, access.scope))) throw DomainError.forbidden(messages.forbidden);
  return id;
}
