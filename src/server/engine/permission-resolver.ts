import type { Kysely, Selectable } from 'kysely';
import type { PermissionAction } from '../../shared/domain/constants';
import { messages } from '../../shared/i18n/messages';
import type { PermissionRowCache } from '../cache/permission-row-cache';
import type { Database, PermissionsTable } from '../db/schema';
import { DomainError } from '../domain-errors';
import { isImportable } from './importable-sources';
import type { TableRegistry } from './registry';
import { compileBaseFilter, compileRowRestriction, RowRestrictionError } from './row-restriction';
import { restrictionMessages } from './row-restriction-parser';
import {
  childCondition,
  leadParentColumn,
  type LeadParentColumn,
  LEADS_TABLE,
  type LeadParentScope,
} from './lead-children';
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
  /**
   * The group's row restriction alone (null: none); an update must keep the row inside it. For an alias
   * (customers over leads) also the restriction of the table it reads.
   */
  restriction: Condition | null;
  /** The restrictions as the admins wrote them (validated), for deriving insert defaults. */
  restrictionTexts: readonly string[];
  /**
   * Base filter AND row restriction (AND, for a lead's child table, "its lead is inside the leads scope";
   * for an alias, the scope of the table it reads): part of every query on this table.
   */
  scope: Condition;
  modules: readonly string[];
  /** For a child table of leads: whose scope a row's lead must be in (reads, and every lead_id written). */
  parent: LeadParentScope | null;
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

/** A table's flags as they take effect: excel_import only where the table takes imports at all. */
export function tableFlags(table: TableDefinition, row: PermissionRow): TableFlags {
  const flags = flagsOf(row);
  return isImportable(table) ? flags : { ...flags, excel_import: 0 };
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

/**
 * Author and actor columns: the server fills them from the session (who wrote a note, who completed a
 * reminder); input can never set them, whatever write_fields or show_insert say.
 */
const SERVER_SET_FIELDS: ReadonlySet<string> = new Set([
  'insert_agent_id',
  'agent_name',
  'created_by',
  'completed_agent_name',
]);

/** Whether input may ever set this field: not the key, not database-filled, not an author column. */
export function isSettable(field: FieldDefinition): boolean {
  return field.name !== 'id' && !field.column.generated && !SERVER_SET_FIELDS.has(field.name);
}

/** Keys, database-filled and author columns cannot be written, even when write_fields is null (= all). */
function isWritable(field: FieldDefinition): boolean {
  return isSettable(field);
}

const namesOf = (fields: readonly FieldDefinition[]): ReadonlySet<string> =>
  new Set(fields.map((f) => f.name));

/*
 * The permission row cache of a server, by its database handle: the rows are read on every call through
 * many modules, which all pass the handle they query with. A transaction's handle is another object, so
 * reads inside a write's transaction always go to the database.
 */
const permissionRowCaches = new WeakMap<Kysely<Database>, PermissionRowCache>();

/** Serves loadPermissionRow(s) on `db` from `cache` until the returned function is called. */
export function usePermissionRowCache(db: Kysely<Database>, cache: PermissionRowCache): () => void {
  permissionRowCaches.set(db, cache);
  return () => {
    if (permissionRowCaches.get(db) === cache) permissionRowCaches.delete(db);
  };
}

export async function loadPermissionRow(
  db: Kysely<Database>,
  userGroupId: number,
  tableName: string,
): Promise<PermissionRow | undefined> {
  const cache = permissionRowCaches.get(db);
  if (cache) return (await cache.rowsOf(userGroupId)).get(tableName);
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
  const cache = permissionRowCaches.get(db);
  if (cache) return [...(await cache.rowsOf(userGroupId)).values()];
  return db.selectFrom('permissions').selectAll().where('user_group_id', '=', userGroupId).execute();
}

function tableNotFound(): DomainError {
  return DomainError.notFound(messages.tableNotFound);
}

/**
 * The tables whose permission rows decide access to `table`: itself, the table an alias reads, and leads
 * for a lead's child table (recursively, for an alias of a child table).
 */
async function relatedTables(registry: TableRegistry, table: TableDefinition): Promise<TableDefinition[]> {
  const found = new Map<string, TableDefinition>();
  const visit = async (current: TableDefinition | undefined): Promise<void> => {
    if (!current || current.url !== null || found.has(current.name)) return;
    found.set(current.name, current);
    if (current.sourceTable !== current.name) await visit(await registry.getTable(current.sourceTable));
    if (leadParentColumn(current) !== null) await visit(await registry.getTable(LEADS_TABLE));
  };
  await visit(table);
  return [...found.values()];
}

/**
 * The user's access to a table. A table that is not registered, has no permission row for the user's
 * group, or has show = 0 answers 404 'Böyle bir tablo yok veya görme yetkiniz yok': the same answer for
 * "missing" and "forbidden", so table names cannot be probed. No department bypasses this; admins get
 * everything only because their group's rows say so.
 *
 * A stored restriction that no longer passes validation closes the table (403) rather than opening it.
 * The permission rows of the table and of those bounding it (alias source, leads) come from the server's
 * permission row cache, else in one query: a list call waits for this before its own queries, so a round
 * trip here is one more in every list.
 */
export async function resolveTableAccess(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  tableName: string,
): Promise<TableAccess> {
  const table = await registry.getTable(tableName);
  // A menu entry with a url names a screen (see docs/requirements.md#shell-lists-and-chat: "opens the named route"), never a table.
  if (!table || table.url !== null) throw tableNotFound();
  const cache = permissionRowCaches.get(db);
  if (cache) return accessWith(registry, user, table, await cache.rowsOf(user.user_group_id));
  const tables = await relatedTables(registry, table);
  const rows = await db
    .selectFrom('permissions')
    .selectAll()
    .where('user_group_id', '=', user.user_group_id)
    .where(
      'table_name',
      'in',
      tables.map((item) => item.name),
    )
    .execute();
  const byTable = new Map(rows.map((row) => [row.table_name, row]));
  return accessWith(registry, user, table, byTable);
}

/** resolveTableAccess over permission rows already loaded (relatedTables of the table asked for). */
async function accessWith(
  registry: TableRegistry,
  user: EngineUser,
  table: TableDefinition,
  rows: ReadonlyMap<string, PermissionRow>,
): Promise<TableAccess> {
  const row = rows.get(table.name);
  if (!row || row.show !== 1) throw tableNotFound();
  const own = await buildAccess(table, row, user);

  // An alias (customers reads leads) is bounded by the table it reads: it can never widen it.
  const source = table.sourceTable !== table.name ? await registry.getTable(table.sourceTable) : undefined;
  if (source && source.url === null) {
    return narrowToSource(own, await accessWith(registry, user, source, rows));
  }
  const parentColumn = leadParentColumn(table);
  if (parentColumn === null) return own;
  const leads = await registry.getTable(LEADS_TABLE);
  return withLeadParent(own, parentColumn, await optionalAccess(registry, user, leads, rows));
}

/** The user's access to a table, or null where it is hidden from them (404). */
async function optionalAccess(
  registry: TableRegistry,
  user: EngineUser,
  table: TableDefinition | undefined,
  rows: ReadonlyMap<string, PermissionRow>,
): Promise<TableAccess | null> {
  if (!table || table.url !== null) return null;
  try {
    return await accessWith(registry, user, table, rows);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return null;
    throw error;
  }
}

/** A lead's child table: its rows are inside the scope only where their lead is (see docs/operations.md#security). */
function withLeadParent(own: TableAccess, column: LeadParentColumn, leads: TableAccess | null): TableAccess {
  const parent: LeadParentScope = {
    column,
    nullable: own.table.columns.get(column)?.nullable ?? true,
    leads: leads && {
      sourceTable: leads.table.sourceTable,
      scope: leads.scope,
      open: isOpenScope(leads),
    },
  };
  const condition = childCondition(parent);
  return { ...own, parent, scope: condition ? and([own.scope, condition]) : own.scope };
}

const keepNames = (fields: readonly FieldDefinition[], allowed: ReadonlySet<string>): FieldDefinition[] =>
  fields.filter((field) => allowed.has(field.name));

/** Flags, fields, rows and modules of an alias, cut down to what its source table allows the user. */
function narrowToSource(own: TableAccess, source: TableAccess): TableAccess {
  const flags = Object.fromEntries(
    Object.entries(own.flags).map(([action, value]) => [
      action,
      value === 1 && source.flags[action as PermissionAction] === 1 ? 1 : 0,
    ]),
  ) as Record<PermissionAction, Flag>;
  const listable = keepNames(own.listable, source.listableNames);
  const readable = keepNames(own.readable, source.readableNames);
  const writable = keepNames(own.writable, source.writableNames);
  const restrictions = [own.restriction, source.restriction].filter(
    (item): item is Condition => item !== null,
  );
  const sourceModules = new Set(source.modules);
  return {
    ...own,
    flags,
    listable,
    readable,
    writable,
    listableNames: namesOf(listable),
    readableNames: namesOf(readable),
    writableNames: namesOf(writable),
    restriction: restrictions.length === 0 ? null : and(restrictions),
    restrictionTexts: [...own.restrictionTexts, ...source.restrictionTexts],
    scope: and([own.scope, source.scope]),
    modules: own.modules.filter((name) => sourceModules.has(name)),
    parent: source.parent,
  };
}

function hasBaseFilter(table: TableDefinition): boolean {
  return table.baseFilter !== null && table.baseFilter.trim() !== '';
}

/** Whether the access reaches every row of its table (no row restriction, no base filter). */
export function isOpenScope(access: TableAccess): boolean {
  return access.restriction === null && !hasBaseFilter(access.table);
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
  if (table.baseFilter !== null && hasBaseFilter(table)) {
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
      if (error instanceof RowRestrictionError)
        throw DomainError.forbidden(restrictionMessages.invalidStored);
      throw error;
    }
    conditions.push(restriction);
  }

  return {
    table,
    flags: tableFlags(table, row),
    listable,
    readable,
    writable,
    listableNames: namesOf(listable),
    readableNames: namesOf(readable),
    writableNames: namesOf(writable),
    restriction,
    restrictionTexts: restriction ? [extraSql] : [],
    scope: and(conditions),
    modules: row.modules,
    parent: null,
  };
}

/** 403 'Bu işlem için yetkiniz yok' unless the table flag is set. */
export function requireFlag(access: TableAccess, action: PermissionAction): void {
  if (access.flags[action] !== 1) throw DomainError.forbidden(messages.forbidden);
}
