import { z } from 'zod';
import { blankToUndefined } from './blank';
import { defineCall, noBody, noParams, SIGNED_IN } from './define';
import { messages } from '../i18n/messages';
import { workflowMessages } from '../i18n/workflow-messages';
import { CALL_LINES } from '../domain/constants';

/** The fast-call lines as the profile sends them. */
const CALL_LINE_VALUES: readonly string[] = CALL_LINES.map((line) => String(line.value));

const optionalPassword = z.preprocess(blankToUndefined, z.string().max(256).optional());

/**
 * POST /auth/save (see docs/requirements.md#records-notes-and-settings Profile form). A key left out changes nothing; dahili and telegram_id sent
 * empty are cleared. The password changes when `new_password` is given (`password` is the current one);
 * all parts are checked first and applied together. `username` is accepted for the spec's form but not
 * changed here (the name belongs to the admin's users table). Refusals of the password part answer
 * 200 with success false (see docs/requirements.md#messages-the-user-reads "Profile save success false").
 */
export const authSave = defineCall({
  method: 'POST',
  path: '/auth/save',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    telegram_id: z
      .string()
      .trim()
      .regex(/^@?[A-Za-z0-9_]{0,64}$/, messages.telegramIdInvalid)
      .optional(),
    theme: z.string().trim().max(50).optional(),
    dahili: z
      .string()
      .trim()
      .regex(/^[0-9]{0,10}$/, messages.dahiliInvalid)
      .optional(),
    username: z.string().trim().max(200).optional(),
    /** The fast-call line of one click on "Ara": '0', '80', '90', or '' for a plain call. */
    default_call_line: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || CALL_LINE_VALUES.includes(value),
        workflowMessages.callDefaultLineInvalid,
      )
      .optional(),
    password: optionalPassword,
    new_password: optionalPassword,
    new_password_2: optionalPassword,
  }),
  result: z.object({
    success: z.boolean(),
    msg: z.string(),
    /** Set when the extension changed: the page reloads (see docs/requirements.md#messages-the-user-reads). */
    dahili: z.boolean().optional(),
    /** Set when the Telegram id changed. */
    telegram: z.boolean().optional(),
    /** Set when the theme changed. */
    theme: z.boolean().optional(),
    /** Set when the password changed (the user's other sessions were revoked). */
    password: z.boolean().optional(),
  }),
});

/** One day of the user's activity (ours: the spec names the columns, a row per day gives them meaning). */
export const activityRowSchema = z.object({
  day: z.string(),
  lead_interaction: z.number(),
  lead_view: z.number(),
  lead_note: z.number(),
  start_action_time: z.string().nullable(),
  last_action_time: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** Days of activity the profile's Etkinliklerim table shows, newest first. */
export const USER_ACTIVITY_DAYS = 30;

/**
 * POST /user/dashboard (ours; docs/requirements.md#records-notes-and-settings User dashboard). Counters: the leads and customers assigned to
 * the user (agent_id or retention_id) inside the user's lead scope, and their average lead-to-customer
 * time in days (one decimal; null without customers). Activity: one row per day of the last 30 with
 * activity: distinct leads the user changed (journal), opened (lead detail) and noted, and the first
 * and last of those actions that day.
 */
export const userDashboard = defineCall({
  method: 'POST',
  path: '/user/dashboard',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({
    leads: z.object({ count: z.number() }),
    customers: z.object({ count: z.number() }),
    customer_average_conversion_time: z.object({ average_conversion_time: z.number().nullable() }),
    activity: z.array(activityRowSchema),
  }),
});
