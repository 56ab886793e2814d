import { sql, type Kysely } from 'kysely';
import type { CellValue } from '../../shared/contract';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import { toCell } from './cells';
import type { TableAccess } from './permission-resolver';
import type { WriteValue } from './record-writer';
import { and, column } from './sql-helpers';

/**
 * The change journal of leads (see docs/requirements.md#lead-workspace-and-work-screens History: agent, created_at, field -> old/new). Every write path
 * that changes lead fields (detail save, inline save, bulk save, conversion) runs its update through
 * `journaledWrite`, inside its own transaction, so the journal row and the change commit or roll back
 * together.
 */

/** The source table whose rows are journaled: leads, and every list over it (customers). */
export const JOURNALED_SOURCE = 'leads';
/** Conversion is one-way (see docs/requirements.md#task-customer-and-money-states) and has its own call; plain edits may not change this field. */
export const CUSTOMER_FLAG = 'is_customer';

export type JournalValue = CellValue | (string | number)[];
export type JournalChanges = Record<string, { old: JournalValue; new: JournalValue }>;

/** A database value as the journal keeps it: the API's cell form, lists (multi-selects) as lists. */
export function journalValue(value: unknown): JournalValue {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? item : String(item)));
  return toCell(value);
}

/** The fields of `names` whose values differ between the two snapshots of one row. */
export function diffRow(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  names: readonly string[],
): JournalChanges {
  const changes: JournalChanges = {};
  for (const name of names) {
    const old = journalValue(before[name]);
    const now = journalValue(after[name]);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[name] = { old, new: now };
  }
  return changes;
}

type Snapshot = Map<number, Record<string, unknown>>;

async function snapshot(
  trx: Kysely<Database>,
  access: TableAccess,
  ids: readonly number[],
  names: readonly string[],
  lock: boolean,
): Promise<Snapshot> {
  const where = and([sql<boolean>`${column('id')} = any(${ids}::int8[])`, access.scope]);
  // Locked in id order, like bulk-store's lockRowsInScope, so concurrent writers cannot deadlock.
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(['id', ...names].map(column))}
    from ${sql.id(access.table.sourceTable)} where ${where}
    order by ${column('id')} ${lock ? sql`for update` : sql``}`.execute(trx);
  return new Map(rows.map((row) => [Number(row.id), row]));
}

export interface JournaledWriteOptions {
  /** Who made the change (lead_journal.agent_id). */
  agentId: number;
  /** Only the conversion call may change is_customer. */
  allowCustomerFlag?: boolean;
}

/** Plain edits may not change is_customer in either direction; sending the current value is fine. */
function checkCustomerFlag(before: Snapshot, values: ReadonlyMap<string, WriteValue>): void {
  if (!values.has(CUSTOMER_FLAG)) return;
  const wanted = values.get(CUSTOMER_FLAG);
  for (const row of before.values()) {
    if (Number(row[CUSTOMER_FLAG]) !== Number(wanted)) throw DomainError.invalid(messages.customerFlagLocked);
  }
}

/**
 * Runs `write` (which sets `values` on the rows `ids`) and journals what it changed, in the caller's
 * transaction: the rows are read (and locked) before and read again after, and one lead_journal row per
 * lead holds only the fields whose values differ. Nothing changed, nothing written. Tables over other
 * sources pass straight through.
 */
export async function journaledWrite<T>(
  trx: Kysely<Database>,
  access: TableAccess,
  ids: readonly number[],
  values: ReadonlyMap<string, WriteValue>,
  options: JournaledWriteOptions,
  write: () => Promise<T>,
): Promise<T> {
  const names = [...values.keys()];
  if (access.table.sourceTable !== JOURNALED_SOURCE || ids.length === 0 || names.length === 0) {
    return write();
  }
  const before = await snapshot(trx, access, ids, names, true);
  if (!options.allowCustomerFlag) checkCustomerFlag(before, values);
  const result = await write();
  // Without the scope: a row the write moved out of the user's rows was refused by the write itself.
  const after = await snapshot(
    trx,
    { ...access, scope: sql<boolean>`true` },
    [...before.keys()],
    names,
    false,
  );
  const entries: { lead_id: number; agent_id: number; values: string }[] = [];
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) continue;
    const changes = diffRow(old, now, names);
    if (Object.keys(changes).length > 0) {
      entries.push({ lead_id: id, agent_id: options.agentId, values: JSON.stringify(changes) });
    }
  }
  if (entries.length > 0) await trx.insertInto('lead_journal').values(entries).execute();
  return result;
}
