import type { CallBody, CallResult, PermissionFieldKind } from '../../../../shared/contract';
import { PERMISSION_ACTIONS, type PermissionAction } from '../../../../shared/domain/constants';

/** One table's row of the editor: its flags, its three field lists and its row restriction. */
export interface TableForm {
  id: number;
  table: string;
  name: string;
  flags: Record<PermissionAction, 0 | 1>;
  fields: Record<PermissionFieldKind, string[]>;
  extra_sql: string;
}

/** The whole permission of a group as the editor holds it until Kaydet. */
export interface PermissionForm {
  modules: string[];
  tables: TableForm[];
}

type GroupAnswer = CallResult<'groupPermissions'>;

/** GET /permissions/{id} as the editor's form (also how "copy from another group" takes its values). */
export function formFromAnswer(answer: GroupAnswer): PermissionForm {
  return {
    modules: [...answer.modules],
    tables: answer.tables.map((table) => ({
      id: table.id,
      table: table.table,
      name: table.name,
      flags: Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, table[action]])) as Record<
        PermissionAction,
        0 | 1
      >,
      fields: {
        list: [...table.list_fields],
        read: [...table.read_fields],
        write: [...table.write_fields],
      },
      extra_sql: table.extra_sql,
    })),
  };
}

/** The spec's POST /permission/save/ body: root 'tableId|action', child 'kind|tableId|field'. */
export function saveBody(userGroupId: number, form: PermissionForm): CallBody<'permissionSave'> {
  const root: string[] = [];
  const child: string[] = [];
  const extra: Record<string, string> = {};
  for (const table of form.tables) {
    for (const action of PERMISSION_ACTIONS)
      if (table.flags[action] === 1) root.push(`${table.id}|${action}`);
    for (const kind of ['list', 'read', 'write'] as const) {
      for (const field of table.fields[kind]) child.push(`${kind}|${table.id}|${field}`);
    }
    extra[String(table.id)] = table.extra_sql;
  }
  return { user_group_id: userGroupId, root, child, extra_sql: extra, modules: form.modules };
}

/**
 * Another group's permission taken into this form: matched by table name (ids are the same registry, but
 * a table the other answer lacks keeps this group's row).
 */
export function copyInto(current: PermissionForm, other: PermissionForm): PermissionForm {
  const byName = new Map(other.tables.map((table) => [table.table, table]));
  return {
    modules: [...other.modules],
    tables: current.tables.map((table) => {
      const source = byName.get(table.table);
      return source ? { ...source, id: table.id, name: table.name } : table;
    }),
  };
}

export function withFlag(
  form: PermissionForm,
  tableId: number,
  action: PermissionAction,
  on: boolean,
): PermissionForm {
  return {
    ...form,
    tables: form.tables.map((table) =>
      table.id === tableId ? { ...table, flags: { ...table.flags, [action]: on ? 1 : 0 } } : table,
    ),
  };
}

/** Toggles one field of a list, keeping the table's field order (`order`). */
export function withField(
  form: PermissionForm,
  tableId: number,
  kind: PermissionFieldKind,
  field: string,
  on: boolean,
  order: readonly string[],
): PermissionForm {
  return {
    ...form,
    tables: form.tables.map((table) => {
      if (table.id !== tableId) return table;
      const chosen = new Set(table.fields[kind]);
      if (on) chosen.add(field);
      else chosen.delete(field);
      return { ...table, fields: { ...table.fields, [kind]: order.filter((name) => chosen.has(name)) } };
    }),
  };
}

export function withAllFields(
  form: PermissionForm,
  tableId: number,
  kind: PermissionFieldKind,
  names: readonly string[],
): PermissionForm {
  return {
    ...form,
    tables: form.tables.map((table) =>
      table.id === tableId ? { ...table, fields: { ...table.fields, [kind]: [...names] } } : table,
    ),
  };
}

export function withExtraSql(form: PermissionForm, tableId: number, text: string): PermissionForm {
  return {
    ...form,
    tables: form.tables.map((table) => (table.id === tableId ? { ...table, extra_sql: text } : table)),
  };
}

export function withModule(
  form: PermissionForm,
  module: string,
  on: boolean,
  order: readonly string[],
): PermissionForm {
  const chosen = new Set(form.modules);
  if (on) chosen.add(module);
  else chosen.delete(module);
  return { ...form, modules: order.filter((value) => chosen.has(value)) };
}

/** Whether the form differs from what was loaded (Kaydet is offered then, and leaving warns). */
export function isChanged(form: PermissionForm, loaded: PermissionForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(loaded);
}
