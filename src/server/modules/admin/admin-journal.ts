import type { Kysely } from 'kysely';
import type { AdminJournalEntry } from '../../../shared/contract';
import type { Database } from '../../db/schema';

/** What an admin change records: who, what, on which record, and the values (before/after where known). */
export interface AdminChange {
  actorId: number;
  action: string;
  targetTable: string;
  targetId: number | null;
  values: Record<string, unknown>;
}

/** Writes one journal entry; call it inside the transaction of the change it describes. */
export async function journalAdminChange(db: Kysely<Database>, change: AdminChange): Promise<void> {
  await db
    .insertInto('admin_journal')
    .values({
      actor_id: change.actorId,
      action: change.action,
      target_table: change.targetTable,
      target_id: change.targetId,
      values: JSON.stringify(change.values),
    })
    .execute();
}

export interface JournalQuery {
  targetTable?: string;
  targetId?: number;
  limit?: number;
}

const DEFAULT_LIMIT = 200;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The latest entries, newest first, with the actor's name. */
export async function listAdminJournal(
  db: Kysely<Database>,
  query: JournalQuery = {},
): Promise<AdminJournalEntry[]> {
  let select = db
    .selectFrom('admin_journal as j')
    .leftJoin('users as u', 'u.id', 'j.actor_id')
    .select([
      'j.id',
      'u.name as actor',
      'j.action',
      'j.target_table',
      'j.target_id',
      'j.values',
      'j.created_at',
    ])
    .orderBy('j.id', 'desc')
    .limit(query.limit ?? DEFAULT_LIMIT);
  if (query.targetTable !== undefined) select = select.where('j.target_table', '=', query.targetTable);
  if (query.targetId !== undefined) select = select.where('j.target_id', '=', query.targetId);
  const rows = await select.execute();
  return rows.map((row) => ({ ...row, values: asRecord(row.values) }));
}
