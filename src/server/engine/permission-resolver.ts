import type { Kysely, Selectable } from 'kysely';
import type { PermissionAction } from '../../shared/domain/constants';
import { messages } from '../../shared/i18n/messages';
import type { Database, PermissionsTable } from '../db/schema';
import { HttpError } from '../http-error';
import type { TableRegistry } from './registry';
import { compileBaseFilter, compileRowRestriction, RowRestrictionError } from './row-restriction';
import { restrictionMessages } from './row-restriction-parser';
import { and, type Condition } from './sql-helpers';
import type { EngineUser, FieldDefinition, TableDefinition } from './types';

export type PermissionRow = Selectable<PermissionsTable>;
export type Flag = 0 | 1;
export type TableFlags = Readonly<Record<PermissionAction, Flag>>;

/** Everything one user may do with one table, resolved once per request. */
export interface TableAccess {
  table: TableDefinition;
  flags: TableFlags;
  /** id first, then registry order. */
  listable: readonly FieldDefinition[];
  readable: readonly FieldDefinition[];
  writable: readonly FieldDefinition[];
  listableNames: ReadonlySet<string>;
  readableNames: ReadonlySet<string>;
  writableNames: ReadonlySet<string>;
  /** The group's row restriction alone (null: none); an update must keep the row inside it. */
  restriction: Condition | null;
  /** The restriction as the admin wrote it (validated), for deriving insert defaults. */
  restrictionText: string | null;
  /** Base filter AND row restriction: part of every query on this table. */
  scope: Condition;
  modules: readonly string[];
}

const flag = (value: number): Flag => (value === 1 ? 1 : 0);

export function flagsOf(row: PermissionRow): TableFlags {
  return {
    show: flag(row.show),
    delete: flag(row.delete),
    update: flag(row.update),
    excel_import: flag(row.excel_import),
    excel_export: flag(row.excel_export),
  };
}

/**
 * Never listed, read or written through the generic engine, whatever the permission row says: password
 * components belong to the auth screens, which hash what they write.
 */
function isSecret(field: FieldDefinition): boolean {
  return field.component === 'password';
}

/** null = every registry field; names that are not registered fields are ignored. id is always listable. */
function pickFields(
  table: TableDefinition,
  names: readonly string[] | null,
  alwaysId: boolean,
): FieldDefinition[] {
  const allowed = names === null ? null : new Set(names);
  const picked = table.fields.filter(
    (field) =>
      !isSecret(field) && (allowed === null || allowed.has(field.name) || (alwaysId && field.name === 'id')),
  );
  const id = picked.find((field) => field.name === 'id');
  return id ? [id, ...picked.filter((field) => field !== id)] : picked;
}

/** Keys and database-filled columns cannot be written, even when write_fields is null (= all). */
function isWritable(field: FieldDefinition): boolean {
  return field.name !== 'id' && !field.column.generated;
}

const namesOf = (fields: readonly FieldDefinition[]): ReadonlySet<string> =>
  new Set(fields.map((f) => f.name));

export async function loadPermissionRow(
  db: Kysely<Database>,
  userGroupId: number,
  tableName: string,
): Promise<PermissionRow | undefined> {
  return db
    .selectFrom('permissions')
    .selectAll()
    .where('user_group_id', '=', userGroupId)
    .where('table_name', '=', tableName)
    .executeTakeFirst();
}

export async function loadPermissionRows(
  db: Kysely<Database>,
  userGroupId: number,
): Promise<PermissionRow[]> {
  return db.selectFrom('permissions').selectAll().where('user_group_id', '=', userGroupId).execute();
}

function tableNotFound(): HttpError {
  return HttpError.notFound(messages.tableNotFound);
}

/**
 * The user's access to a table. A table that is not registered, has no permission row for the user's
 * group, or has show = 0 answers 404 'Böyle bir tablo yok veya görme yetkiniz yok': the same answer for
 * "missing" and "forbidden", so table names cannot be probed. No department bypasses this; admins get
 * everything only because their group's rows say so.
 *
 * A stored restriction that no longer passes validation closes the table (403) rather than opening it.
 */
export async function resolveTableAccess(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  tableName: string,
): Promise<TableAccess> {
  const table = await registry.getTable(tableName);
  if (!table) throw tableNotFound();
  const row = await loadPermissionRow(db, user.user_group_id, table.name);
  if (!row || row.show !== 1) throw tableNotFound();
  return buildAccess(table, row, user);
}

/** The columns a row restriction of `table` may name (what the permission editor validates against). */
export function restrictionColumns(table: TableDefinition): string[] {
  return table.fields.filter((field) => !isSecret(field)).map((field) => field.name);
}

export async function buildAccess(
  table: TableDefinition,
  row: PermissionRow,
  user: EngineUser,
): Promise<TableAccess> {
  const listable = pickFields(table, row.list_fields, true);
  const readable = pickFields(table, row.read_fields, true);
  const writable = pickFields(table, row.write_fields, false).filter(isWritable);

  const conditions: Condition[] = [];
  if (table.baseFilter !== null && table.baseFilter.trim() !== '') {
    // Our own text (seed/migrations); if it is broken that is a server bug, not a user error.
    conditions.push(await compileBaseFilter(table.baseFilter, table.columns.keys()));
  }
  let restriction: Condition | null = null;
  const extraSql = row.extra_sql?.trim() ?? '';
  if (extraSql !== '') {
    try {
      // Registered, non-secret fields only: a column like password_hash can never be probed through it.
      restriction = await compileRowRestriction(extraSql, restrictionColumns(table), user);
    } catch (error) {
      if (error instanceof RowRestrictionError) throw HttpError.forbidden(restrictionMessages.invalidStored);
      throw error;
    }
    conditions.push(restriction);
  }

  return {
    table,
    flags: flagsOf(row),
    listable,
    readable,
    writable,
    listableNames: namesOf(listable),
    readableNames: namesOf(readable),
    writableNames: namesOf(writable),
    restriction,
    restrictionText: restriction ? extraSql : null,
    scope: and(conditions),
    modules: row.modules,
  };
}

/** 403 'Bu işlem için yetkiniz yok' unless the table flag is set. */
export function requireFlag(access: TableAccess, action: PermissionAction): void {
  if (access.flags[action] !== 1) throw HttpError.forbidden(messages.forbidden);
}
