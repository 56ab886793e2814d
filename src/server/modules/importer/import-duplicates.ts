import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { JOURNALED_SOURCE } from '../../engine/lead-journal';
import type { TableAccess } from '../../engine/permission-resolver';
import type { RecordHooks } from '../../engine/record-hooks';
import type { WriteValue } from '../../engine/record-writer';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser, FieldDefinition } from '../../engine/types';

/** A duplicated row of the file and the existing lead its phone matched. */
export interface DuplicateRow {
  leadId: number;
  row: readonly WriteValue[];
}

const empty = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * The duplicate policy "update" (see docs/user-guide.md#importing-leads): each existing lead a duplicated
 * row matched gets the file's values in the fields it has empty, never over a value it holds. Only leads
 * of the user's rows (the match was made among them) and only the file's columns, which the user may
 * write; the ownership hook runs as on any save (an agent filled in brings their team) and each changed
 * lead gets one journal entry. Of several rows matching one lead, the first fills a field. Answers the
 * leads changed. Inside the chunk's transaction.
 */
export async function fillEmptyFields(
  trx: Kysely<Database>,
  options: {
    user: EngineUser;
    access: TableAccess;
    hooks: RecordHooks;
    fields: readonly FieldDefinition[];
    duplicates: readonly DuplicateRow[];
    castType: (dataType: string) => RawBuilder<unknown>;
  },
): Promise<number> {
  const { user, access, hooks, fields, duplicates, castType } = options;
  if (duplicates.length === 0 || fields.length === 0) return 0;
  const source = access.table.sourceTable;
  const ids = [...new Set(duplicates.map((item) => item.leadId))];
  const extra = access.table.columns.has('team_id') ? ['team_id'] : [];
  const names = [...new Set([...fields.map((field) => field.name), ...extra])];
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${column('id')} as id, ${sql.join(names.map(column))}
    from ${sql.id(source)}
    where ${and([sql<boolean>`${column('id')} = any(${ids}::int8[])`, access.scope])}
    for update`.execute(trx);
  const current = new Map(rows.map((row) => [Number(row.id), row]));
  const changed = new Set<number>();
  for (const { leadId, row } of duplicates) {
    const before = current.get(leadId);
    if (!before) continue;
    const values = new Map<string, WriteValue>();
    fields.forEach((field, index) => {
      const value = row[index] ?? null;
      if (!empty(value) && empty(before[field.name])) values.set(field.name, value);
    });
    if (values.size === 0) continue;
    await hooks.beforeWrite({
      trx,
      user,
      access,
      mode: 'update',
      ids: [leadId],
      values,
      given: new Set(values.keys()),
    });
    const entries = [...values].filter(([name]) => access.table.columns.has(name));
    const assignments = entries.map(([name, value]) => {
      const info = access.table.columns.get(name);
      const text = value === null ? null : String(value);
      return sql`${column(name)} = ${text}::${castType(info?.dataType ?? 'text')}`;
    });
    await sql`update ${sql.id(source)} set ${sql.join(assignments)} where ${column('id')} = ${leadId}`.execute(
      trx,
    );
    if (source === JOURNALED_SOURCE) {
      const journal: Record<string, { old: unknown; new: WriteValue }> = {};
      for (const [name, value] of entries) journal[name] = { old: before[name] ?? null, new: value };
      await trx
        .insertInto('lead_journal')
        .values({ lead_id: leadId, agent_id: user.id, values: JSON.stringify(journal) })
        .execute();
    }
    // A later row matching the same lead sees the fields this one filled.
    for (const [name, value] of entries) before[name] = value;
    changed.add(leadId);
  }
  return changed.size;
}
