import {
  PERMISSION_FIELD_KINDS,
  type GroupPermission,
  type PermissionFieldKind,
  type PermissionTable,
} from '../../../shared/contract';
import { PERMISSION_ACTIONS, type PermissionAction } from '../../../shared/domain/constants';
import { adminMessages } from '../../../shared/i18n/admin-messages';
import { format } from '../../../shared/i18n/messages';
import { DomainError } from '../../domain-errors';
import type { PermissionRow } from '../../engine/permission-resolver';
import type { TableDefinition } from '../../engine/types';

/**
 * The permission editor's translation between stored permission rows and the spec's shapes: the answer
 * of GET /permissions/{id} and the root/child lists of POST /permission/save/.
 */

/** The fields a list may name: every registered field but passwords, which the engine never serves. */
export function grantableFields(table: TableDefinition): string[] {
  return table.fields.filter((field) => field.component !== 'password').map((field) => field.name);
}

export function editorTable(table: TableDefinition): PermissionTable {
  const names = new Set(grantableFields(table));
  return {
    id: table.id,
    table: table.name,
    name: table.displayName,
    url: table.url,
    fields: table.fields
      .filter((field) => names.has(field.name))
      .map((field) => ({ name: field.name, display_name: field.displayName })),
  };
}

/** A stored list as the editor shows it: null (all) expanded, unknown names left out, registry order. */
function shownList(table: TableDefinition, stored: readonly string[] | null): string[] {
  const all = grantableFields(table);
  if (stored === null) return all;
  const kept = new Set(stored);
  return all.filter((name) => kept.has(name));
}

export function groupPermission(table: TableDefinition, row: PermissionRow | undefined): GroupPermission {
  return {
    id: table.id,
    name: table.displayName,
    table: table.name,
    show: row?.show === 1 ? 1 : 0,
    delete: row?.delete === 1 ? 1 : 0,
    update: row?.update === 1 ? 1 : 0,
    excel_import: row?.excel_import === 1 ? 1 : 0,
    excel_export: row?.excel_export === 1 ? 1 : 0,
    extra_sql: row?.extra_sql ?? '',
    modules: (row?.modules ?? []).join(','),
    list_fields: row ? shownList(table, row.list_fields) : [],
    read_fields: row ? shownList(table, row.read_fields) : [],
    write_fields: row ? shownList(table, row.write_fields) : [],
  };
}

/** What a save asks for one table, before the restriction is checked. */
export interface RequestedPermission {
  table: TableDefinition;
  flags: Record<PermissionAction, 0 | 1>;
  fields: Record<PermissionFieldKind, string[]>;
  extraSql: string | null;
}

const isAction = (value: string): value is PermissionAction =>
  (PERMISSION_ACTIONS as readonly string[]).includes(value);

function tableById(tables: ReadonlyMap<number, TableDefinition>, id: string): TableDefinition {
  const table = tables.get(Number(id));
  if (!table) throw DomainError.invalid(format(adminMessages.unknownTable, { table: id }));
  return table;
}

/**
 * The root list ('tableId|action'), the child list ('kind|tableId|field') and the restrictions per table
 * id, as one requested permission per registered table. Unknown tables, actions and fields are refused
 * by name; a table named nowhere gets no flags and empty lists.
 */
export function requestedPermissions(
  tables: readonly TableDefinition[],
  input: { root: readonly string[]; child: readonly string[]; extra_sql: Readonly<Record<string, string>> },
): RequestedPermission[] {
  const byId = new Map(tables.map((table) => [table.id, table]));
  const requested = new Map<number, RequestedPermission>(
    tables.map((table) => [
      table.id,
      {
        table,
        flags: { show: 0, delete: 0, update: 0, excel_import: 0, excel_export: 0 },
        fields: { list: [], read: [], write: [] },
        extraSql: null,
      },
    ]),
  );
  const entryOf = (id: string): RequestedPermission => {
    const table = tableById(byId, id);
    const entry = requested.get(table.id);
    if (!entry) throw DomainError.invalid(format(adminMessages.unknownTable, { table: id }));
    return entry;
  };

  for (const item of input.root) {
    const [id = '', action = ''] = item.split('|');
    const entry = entryOf(id);
    if (!isAction(action)) throw DomainError.invalid(format(adminMessages.unknownAction, { action }));
    entry.flags[action] = 1;
  }
  for (const item of input.child) {
    const [kindText = '', id = '', field = ''] = item.split('|');
    const kind = PERMISSION_FIELD_KINDS.find((name) => name === kindText);
    if (!kind) throw DomainError.invalid(format(adminMessages.unknownAction, { action: kindText }));
    const entry = entryOf(id);
    if (!grantableFields(entry.table).includes(field)) {
      throw DomainError.invalid(
        format(adminMessages.unknownField, { table: entry.table.displayName, field }),
      );
    }
    if (!entry.fields[kind].includes(field)) entry.fields[kind].push(field);
  }
  for (const [id, text] of Object.entries(input.extra_sql)) {
    const entry = entryOf(id);
    const trimmed = text.trim();
    entry.extraSql = trimmed === '' ? null : trimmed;
  }
  return [...requested.values()];
}

/**
 * A list as stored: null when it names every grantable field (so a field registered later is granted
 * too, as the seed's "all" rows are), else the names in registry order.
 */
export function storedList(table: TableDefinition, names: readonly string[]): string[] | null {
  const all = grantableFields(table);
  const chosen = new Set(names);
  if (all.length > 0 && all.every((name) => chosen.has(name))) return null;
  return all.filter((name) => chosen.has(name));
}
