import { z } from 'zod';
import { defineCall, flagField, noBody, noParams, successAnswer, SIGNED_IN, PUBLIC } from './define';
import { DEPARTMENTS } from '../domain/constants';
import { contractTexts } from '../i18n/domain-texts';

export const department = z.enum(DEPARTMENTS);

/**
 * The current user as GET /permissions, POST /me and GET /user/info answer it. The spec names department,
 * team_id, team and dahili; the rest is ours, so a server of the spec alone may leave it out and the
 * client fills it from the session (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export const meSchema = z.object({
  department,
  team_id: z.number().nullable(),
  team: z.string().nullable(),
  dahili: z.string().nullable(),
  id: z.number().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  user_group_id: z.number().optional(),
  user_group: z.string().nullable().default(null),
  telegram_id: z.string().nullable().default(null),
  theme: z.string().nullable().default(null),
  modules: z.array(z.string()).default([]),
  /** An admin set the password (see docs/admin-guide.md): the app asks for a new one before anything else. */
  must_change_password: z.boolean().optional(),
  /** The line one click on "Ara" calls on ('0', '80', '90'), null: a plain call (docs/user-guide.md#calls). */
  default_call_line: z.string().nullable().optional(),
});
export type Me = z.infer<typeof meSchema>;

export const login = defineCall({
  method: 'POST',
  path: '/auth/login',
  encoding: 'form',
  auth: false,
  access: PUBLIC,
  params: noParams,
  body: z.object({
    email: z.string().trim().min(1, 'E-posta zorunludur').max(254),
    password: z.string().min(1, contractTexts.passwordRequired).max(256),
    /** Not in the spec's body: ours keeps the session 30 days instead of 12 hours. */
    remember: flagField.optional(),
  }),
  result: z.object({ success: z.boolean(), token: z.string().optional(), msg: z.string() }),
});

export const validate = defineCall({
  method: 'POST',
  path: '/auth/validate',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({
    success: z.boolean(),
    msg: z.string().optional(),
    data: z
      .object({
        userName: z.string(),
        userId: z.number(),
        telegram_id: z.string().nullable(),
        theme: z.string().nullable(),
        dahili: z.string().nullable(),
      })
      .optional(),
  }),
});

/** Not in the spec ("Logout call: not shown"): ours revokes the token on the server. */
export const logout = defineCall({
  method: 'POST',
  path: '/auth/logout',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: successAnswer,
});

export const me = defineCall({
  method: 'POST',
  path: '/me',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: meSchema,
});

export const userInfo = defineCall({
  method: 'GET',
  path: '/user/info',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ user: meSchema }),
});

const flag = z.union([z.literal(0), z.literal(1)]);

/** A menu table with the current user's table flags. */
export const menuTableSchema = z.object({
  id: z.number(),
  table: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  location: z.number(),
  url: z.string().nullable(),
  show: flag,
  delete: flag,
  update: flag,
  excel_import: flag,
  excel_export: flag,
});
export type MenuTable = z.infer<typeof menuTableSchema>;

export const permissions = defineCall({
  method: 'GET',
  path: '/permissions',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ tables: z.array(menuTableSchema), me: meSchema }),
});
