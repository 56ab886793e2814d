import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TableAccess } from './permission-resolver';
import { coerceWriteValue, requiredField, type WriteValue } from './record-writer';
import { equalityDefaults, type ColumnDefault } from './row-restriction';
import type { EngineUser, FieldDefinition, TableDefinition } from './types';

/**
 * Values a new row gets when the form leaves them out, so that it lands inside the table and inside the
 * user's rows: the base filter's and the restriction's `column = value` terms (customers:
 * is_customer = 1; sales: team_id = own team; retention: retention_id = self), then the user as owner
 * (agent_id) and their team.
 */
export async function insertDefaults(
  user: EngineUser,
  access: TableAccess,
): Promise<Map<string, ColumnDefault>> {
  const defaults = new Map<string, ColumnDefault>();
  const sources = [access.table.baseFilter, ...access.restrictionTexts].filter(
    (text): text is string => text !== null && text.trim() !== '',
  );
  for (const text of sources) {
    for (const [name, value] of await equalityDefaults(text, user)) defaults.set(name, value);
  }
  if (!defaults.has('agent_id')) defaults.set('agent_id', user.id);
  if (!defaults.has('team_id') && user.team_id !== null) defaults.set('team_id', user.team_id);
  return defaults;
}

/** A column that is not a registered field still gets its value checked against its type. */
function fieldFor(table: TableDefinition, name: string): FieldDefinition | undefined {
  const registered = table.fieldsByName.get(name);
  if (registered) return registered;
  const column = table.columns.get(name);
  if (!column) return undefined;
  return {
    id: 0,
    name,
    displayName: name,
    component: 'string',
    category: '',
    optionListId: null,
    showInsert: 0,
    searchColumn: null,
    sort: 0,
    column,
  };
}

/** Fills the columns the inputs left empty; only real, settable columns of the source table. */
export function applyDefaults(
  table: TableDefinition,
  values: Map<string, WriteValue>,
  defaults: ReadonlyMap<string, ColumnDefault>,
): void {
  for (const [name, value] of defaults) {
    const field = fieldFor(table, name);
    const given = values.get(name);
    if (!field || field.column.generated || value === null || (given !== undefined && given !== null))
      continue;
    values.set(name, coerceWriteValue(field, typeof value === 'boolean' ? Number(value) : value));
  }
}

/** NOT NULL columns without a default must be given: a Turkish 400 naming them rather than a 500. */
export function checkRequired(table: TableDefinition, values: ReadonlyMap<string, WriteValue>): void {
  const [first] = missingRequired(table, values);
  if (first !== undefined) throw requiredField(first);
}

/** The labels of the columns the table cannot do without that `values` leaves empty. */
export function missingRequired(table: TableDefinition, values: ReadonlyMap<string, WriteValue>): string[] {
  const labels: string[] = [];
  for (const column of table.columns.values()) {
    if (column.nullable || column.hasDefault || column.generated) continue;
    const value = values.get(column.name);
    if (value === undefined || value === null) {
      labels.push(table.fieldsByName.get(column.name)?.displayName ?? column.name);
    }
  }
  return labels;
}

/**
 * The author columns a new row gets from the session: insert_agent_id / created_by the user's id,
 * agent_name their name as it is now. Only columns the source table has.
 */
export async function authorValues(
  db: Kysely<Database>,
  user: EngineUser,
  table: TableDefinition,
): Promise<Map<string, WriteValue>> {
  const values = new Map<string, WriteValue>();
  for (const name of ['insert_agent_id', 'created_by']) {
    if (table.columns.has(name)) values.set(name, user.id);
  }
  if (table.columns.has('agent_name')) {
    const row = await db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirst();
    values.set('agent_name', row?.name ?? null);
  }
  return values;
}
