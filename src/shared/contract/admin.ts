import { z } from 'zod';
import { ADMIN_PANEL_DEPARTMENTS, DEPARTMENTS } from '../domain/constants';
import { PASSWORD_MAX_LENGTH } from '../domain/password-policy';
import { adminMessages as adminTexts } from '../i18n/admin-messages';
import { messages } from '../i18n/messages';
import { defineCall, departmentsOnly, noBody, noParams, tableName } from './define';
import { recordId } from './record-id';

/** A counter of the admin panel; null when the user's group may not see that table at all. */
/** The admin panel's calls: permissions, accounts, caches and the journal are the admin department's. */
export const ADMIN_ONLY = departmentsOnly(ADMIN_PANEL_DEPARTMENTS, adminTexts.adminOnly);

const counter = z.object({ count: z.number().nullable() });

/**
 * GET /admin/info (see docs/requirements.md#shell-lists-and-chat /admin, docs/requirements.md#calls "Admin dashboard"): how many users, leads and customers
 * the CRM holds, and the average days from a lead's creation to its becoming a customer (one decimal;
 * null without customers). Counted inside the caller's own table permissions (row restrictions
 * included), in the shape of /user/dashboard. Only the departments of ADMIN_PANEL_DEPARTMENTS may call
 * it; everybody else gets 403 'Yönetim paneli yalnızca yöneticiler içindir'.
 */
export const adminInfo = defineCall({
  method: 'GET',
  path: '/admin/info',
  encoding: 'none',
  auth: true,
  access: departmentsOnly(ADMIN_PANEL_DEPARTMENTS, messages.adminPanelOnly),
  params: noParams,
  body: noBody,
  result: z.object({
    users: counter,
    leads: counter,
    customers: counter,
    customer_average_conversion_time: z.object({ average_conversion_time: z.number().nullable() }),
  }),
});

const adminOk = z.object({ success: z.boolean(), msg: z.string() });

/**
 * POST /admin/resetCache (see docs/requirements.md#lead-workspace-and-work-screens admin sidebar "Reset Cache"): drops the server's caches of the menu
 * tables, fields and option lists and pushes fieldUpdate, so every open client reloads them.
 */
export const adminResetCache = defineCall({
  method: 'POST',
  path: '/admin/resetCache',
  encoding: 'form',
  auth: true,
  access: ADMIN_ONLY,
  params: noParams,
  body: noBody,
  result: adminOk,
});

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  department: z.string(),
  user_group_id: z.number(),
  user_group: z.string().nullable(),
  team_id: z.number().nullable(),
  team: z.string().nullable(),
  dahili: z.string().nullable(),
  telegram_id: z.string().nullable(),
  active: z.number(),
  must_change_password: z.number(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users?user_group_id={id} (see docs/requirements.md#shell-lists-and-chat): the accounts, of one group when named. */
export const adminUsers = defineCall({
  method: 'GET',
  path: '/admin/users',
  encoding: 'none',
  auth: true,
  access: ADMIN_ONLY,
  params: z.object({
    user_group_id: z.preprocess((v) => (v === '' ? undefined : v), recordId.optional()),
  }),
  body: noBody,
  result: z.object({ results: z.array(adminUserSchema) }),
});

const optionalText = (pattern: RegExp, message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().regex(pattern, message));
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional());
/** Empty: the server makes a one-time password and answers it once. */
const adminPassword = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string().max(PASSWORD_MAX_LENGTH),
);

/**
 * POST /admin/users/create: a new account (see docs/admin-guide.md) with department, group, team, dahili and telegram
 * id. The password is the admin's, or made by the server when left empty (answered once, in
 * `password`); either way the user must change it at the first login.
 */
export const adminUserCreate = defineCall({
  method: 'POST',
  path: '/admin/users/create',
  encoding: 'form',
  auth: true,
  access: ADMIN_ONLY,
  params: noParams,
  body: z.object({
    name: z.string().trim().min(1, adminTexts.nameRequired).max(200),
    email: z.string().trim().max(254).pipe(z.email(adminTexts.emailInvalid)),
    department: z.enum(DEPARTMENTS, adminTexts.departmentInvalid),
    user_group_id: recordId,
    team_id: optionalId,
    dahili: optionalText(/^[0-9]{0,10}$/, messages.dahiliInvalid),
    telegram_id: optionalText(/^@?[A-Za-z0-9_]{0,64}$/, messages.telegramIdInvalid),
    password: adminPassword,
  }),
  result: adminOk.extend({ id: z.number(), password: z.string().optional() }),
});

const userIdParams = z.object({ id: recordId });

/** POST /admin/users/{id}/active: 0 deactivates (every session revoked at once), 1 activates again. */
export const adminUserActive = defineCall({
  method: 'POST',
  path: '/admin/users/{id}/active',
  encoding: 'form',
  auth: true,
  access: ADMIN_ONLY,
  notFoundOnInvalidPath: true,
  params: userIdParams,
  body: z.object({ active: z.enum(['0', '1']).transform(Number) }),
  result: adminOk,
});

/**
 * POST /admin/users/{id}/password: a new password, the admin's or a one-time one made by the server
 * (answered once). Every session of the user is revoked and the password must be changed at next login.
 */
export const adminUserPassword = defineCall({
  method: 'POST',
  path: '/admin/users/{id}/password',
  encoding: 'form',
  auth: true,
  access: ADMIN_ONLY,
  notFoundOnInvalidPath: true,
  params: userIdParams,
  body: z.object({ password: adminPassword }).default({ password: '' }),
  result: adminOk.extend({ password: z.string().optional() }),
});

/** POST /admin/users/{id}/team: moves the user to another team (empty: no team). */
export const adminUserTeam = defineCall({
  method: 'POST',
  path: '/admin/users/{id}/team',
  encoding: 'form',
  auth: true,
  access: ADMIN_ONLY,
  notFoundOnInvalidPath: true,
  params: userIdParams,
  body: z.object({ team_id: optionalId }),
  result: adminOk,
});

export const adminJournalEntrySchema = z.object({
  id: z.number(),
  actor: z.string().nullable(),
  action: z.string(),
  target_table: z.string(),
  target_id: z.number().nullable(),
  values: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminJournalEntry = z.infer<typeof adminJournalEntrySchema>;

/** GET /admin/journal: the latest admin changes, newest first (of one target when named). */
export const adminJournal = defineCall({
  method: 'GET',
  path: '/admin/journal',
  encoding: 'none',
  auth: true,
  access: ADMIN_ONLY,
  params: z.object({
    target_table: z.preprocess((v) => (v === '' ? undefined : v), tableName.optional()),
    target_id: optionalId,
  }),
  body: noBody,
  result: z.object({ results: z.array(adminJournalEntrySchema) }),
});
