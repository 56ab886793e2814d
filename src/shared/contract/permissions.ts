import { z } from 'zod';
import { defineCall, noBody, noParams } from './define';
import { recordId } from './record-id';
import { ADMIN_ONLY } from './admin';

/**
 * The permission editor's calls (see docs/requirements.md#shell-lists-and-chat /user/permissions/{id}, #records-notes-and-settings "Permission per table", #calls). Only
 * the admin department may call them; everybody else gets 403 (adminMessages.adminOnly).
 */

/** Field lists a table's permission carries (see docs/requirements.md#records-notes-and-settings). */
export const PERMISSION_FIELD_KINDS = ['list', 'read', 'write'] as const;
export type PermissionFieldKind = (typeof PERMISSION_FIELD_KINDS)[number];

const flag = z.union([z.literal(0), z.literal(1)]);

/** A registered table as the editor offers it, with the fields its lists may name. */
export const permissionTableSchema = z.object({
  id: z.number(),
  table: z.string(),
  name: z.string(),
  /** A menu entry naming a screen (a report) has no fields of its own: only its flags matter. */
  url: z.string().nullable(),
  fields: z.array(z.object({ name: z.string(), display_name: z.string() })),
});
export type PermissionTable = z.infer<typeof permissionTableSchema>;

/** GET /permissionsAdmin -> tables: every registered table the editor can grant (see docs/requirements.md#calls). */
export const permissionsAdmin = defineCall({
  method: 'GET',
  path: '/permissionsAdmin',
  encoding: 'none',
  auth: true,
  access: ADMIN_ONLY,
  params: noParams,
  body: noBody,
  result: z.object({ tables: z.array(permissionTableSchema) }),
});

/**
 * One group's permission on one table (see docs/requirements.md#records-notes-and-settings). modules is the spec's comma list; the field lists are
 * the names the group has, every field of the table where it has them all.
 */
export const groupPermissionSchema = z.object({
  id: z.number(),
  name: z.string(),
  table: z.string(),
  show: flag,
  delete: flag,
  update: flag,
  excel_import: flag,
  excel_export: flag,
  extra_sql: z.string(),
  modules: z.string(),
  list_fields: z.array(z.string()),
  read_fields: z.array(z.string()),
  write_fields: z.array(z.string()),
});
export type GroupPermission = z.infer<typeof groupPermissionSchema>;

/**
 * GET /permissions/{userGroupId} -> users.say (how many users the group has), the group, its modules and
 * its permission per registered table (a table without a row: every flag 0, no fields).
 */
export const groupPermissions = defineCall({
  method: 'GET',
  path: '/permissions/{userGroupId}',
  encoding: 'none',
  auth: true,
  access: ADMIN_ONLY,
  notFoundOnInvalidPath: true,
  params: z.object({ userGroupId: recordId }),
  body: noBody,
  result: z.object({
    users: z.object({ say: z.number() }),
    group: z.object({ id: z.number(), name: z.string() }),
    modules: z.array(z.string()),
    tables: z.array(groupPermissionSchema),
  }),
});

const MAX_LIST = 5000;
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(MAX_LIST),
  );

/** 'tableId|action' (see docs/requirements.md#calls root list). */
export const rootEntry = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}\|[a-z_]{1,32}$/, 'Geçersiz yetki girdisi');
/** 'kind|tableId|field' (see docs/requirements.md#calls child list). */
export const childEntry = z
  .string()
  .trim()
  .regex(/^(list|read|write)\|[1-9]\d{0,9}\|[a-z][a-z0-9_]{0,62}$/, 'Geçersiz alan girdisi');

export const EXTRA_SQL_MAX = 2000;

/**
 * POST /permission/save/ (see docs/requirements.md#calls): the whole permission of one group. root holds 'tableId|action'
 * for every flag that is on, child 'kind|tableId|field' for every field of a list; a table absent from
 * both gets every flag 0 and empty lists. extra_sql is per table id (empty: no restriction), modules the
 * group's module values (option list 130). Every restriction is checked with the parser that enforces it
 * before anything is written.
 */
export const permissionSave = defineCall({
  method: 'POST',
  path: '/permission/save/',
  encoding: 'json',
  auth: true,
  access: ADMIN_ONLY,
  params: noParams,
  body: z.object({
    user_group_id: recordId,
    root: listOf(rootEntry),
    child: listOf(childEntry),
    extra_sql: z.record(z.string().regex(/^[1-9]\d{0,9}$/), z.string().max(EXTRA_SQL_MAX)).default({}),
    modules: listOf(z.string().trim().min(1).max(100)),
  }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/**
 * POST /permission/preview/: how many rows of a table the group would see with this restriction (rows
 * inside it for at least one active user of the group). A refused restriction answers 400 with the
 * parser's message, as the save would.
 */
export const permissionPreview = defineCall({
  method: 'POST',
  path: '/permission/preview/',
  encoding: 'json',
  auth: true,
  access: ADMIN_ONLY,
  params: noParams,
  body: z.object({
    user_group_id: recordId,
    table_id: recordId,
    extra_sql: z.string().max(EXTRA_SQL_MAX).default(''),
  }),
  result: z.object({ count: z.number().nullable(), users: z.number(), msg: z.string() }),
});
