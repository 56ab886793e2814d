import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { TableAccess } from './permission-resolver';
import { lockNewParent, recordNotFound } from './record-store';
import type { WriteValue } from './record-writer';
import { and, column, type Condition } from './sql-helpers';

/**
 * Set-based counterparts of record-store's one-row writes, for the bulk calls: one statement per step
 * whatever the number of ids, inside the caller's transaction, with the same rules (scope checked under a
 * row lock, the row restriction re-checked after an update).
 */

/** `id = any(ids)` with the ids as one int8[] parameter: any id the contract accepts compares safely. */
function idIn(ids: readonly number[]): Condition {
  return sql<boolean>`${column('id')} = any(${ids}::int8[])`;
}

/**
 * Locks the rows `ids` inside the user's scope (base filter and row restriction). When any id is missing
 * or outside, the whole request is refused with the same 404 as a single record, so ids cannot be probed
 * and nothing is half-done. Locked in id order so two bulk requests cannot deadlock each other.
 */
export async function lockRowsInScope(
  trx: Kysely<Database>,
  access: TableAccess,
  ids: readonly number[],
): Promise<void> {
  const { rows } = await sql<{ id: number }>`select ${column('id')}
    from ${sql.id(access.table.sourceTable)} where ${and([idIn(ids), access.scope])}
    order by ${column('id')} for update`.execute(trx);
  if (rows.length !== ids.length) throw recordNotFound();
}

/**
 * Sets `values` on every row of `ids` (already locked by lockRowsInScope) and updated_at where the table
 * has one. Afterwards every row must still be inside the group's row restriction (an agent cannot move
 * leads out of their team), else 403 and the caller's transaction rolls back. Returns the rows updated.
 */
export async function updateRows(
  trx: Kysely<Database>,
  access: TableAccess,
  ids: readonly number[],
  values: ReadonlyMap<string, WriteValue>,
): Promise<number> {
  await lockNewParent(trx, access, values);
  const source = sql.id(access.table.sourceTable);
  const assignments = [...values].map(([name, value]) => sql`${column(name)} = ${value}`);
  const updatedAt = access.table.columns.get('updated_at');
  if (updatedAt && !updatedAt.generated && !values.has('updated_at') && updatedAt.kind === 'timestamp') {
    // Same wall-clock form as the column defaults (migration 001) and record-store's updateRow.
    assignments.push(sql`${column('updated_at')} = date_trunc('second', localtimestamp)`);
  }
  const updated = await sql<{ id: number }>`update ${source} set ${sql.join(assignments)}
    where ${idIn(ids)} returning ${column('id')}`.execute(trx);

  if (access.restriction) {
    // `is true`: a restriction that is NULL for a row (e.g. team_id set to empty) does not hold either.
    const { rows } = await sql<{ inside: number }>`select count(*)::int as inside from ${source}
      where ${idIn(ids)} and (${access.restriction}) is true`.execute(trx);
    if (Number(rows[0]?.inside ?? 0) !== ids.length) throw DomainError.forbidden(messages.forbidden);
  }
  return updated.rows.length;
}

/** Deletes the rows `ids` (already locked by lockRowsInScope); returns how many went. */
export async function deleteRows(
  trx: Kysely<Database>,
  access: TableAccess,
  ids: readonly number[],
): Promise<number> {
  const deleted = await sql<{ id: number }>`delete from ${sql.id(access.table.sourceTable)}
    where ${idIn(ids)} returning ${column('id')}`.execute(trx);
  return deleted.rows.length;
}

/**
 * Deletes the rows of `children` whose `parentColumn` is one of `parentIds`, only those inside the
 * user's scope on `children` (a note restriction such as insert_agent_id = {user.id} keeps others' notes).
 * Returns how many went.
 */
export async function deleteChildRows(
  trx: Kysely<Database>,
  children: TableAccess,
  parentColumn: string,
  parentIds: readonly number[],
): Promise<number> {
  const where = and([sql<boolean>`${column(parentColumn)} = any(${parentIds}::int8[])`, children.scope]);
  const deleted = await sql<{ id: number }>`delete from ${sql.id(children.table.sourceTable)}
    where ${where} returning ${column('id')}`.execute(trx);
  return deleted.rows.length;
}

/** PostgreSQL's foreign_key_violation, as pg and PGlite both report it in `code`. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
}
