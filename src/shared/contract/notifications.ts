import { z } from 'zod';
import { defineCall, noBody, noParams, specSuccess, SIGNED_IN } from './define';
import { notificationSchema } from './lead-detail';
import { recordId } from './record-id';
import { messages } from '../i18n/messages';

/** The drawer lists this many notifications, newest first. */
export const NOTIFICATION_LIST_LIMIT = 100;
/** "Yaklaşan 10 Hatırlatma" (see docs/requirements.md#constants-and-limits). */
export const SIDEBAR_NOTE_LIMIT = 10;
/** Title of notifications that cannot be completed (see docs/requirements.md#notification-and-list-states). */
export const PLATFORM_LOGIN_TITLE = messages.platformLogin;

/**
 * POST /notifications: the user's own notifications, newest first (at most 100). `unread` counts the
 * user's open ones (completed 0) whose start has come, for the bell; 'Platform Girişi' ones are not
 * counted (they cannot be completed).
 */
export const notifications = defineCall({
  method: 'POST',
  path: '/notifications',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  // unread is ours (the spec: results); without it the client counts the open ones it has.
  result: z.object({
    success: specSuccess,
    results: z.array(notificationSchema),
    unread: z.number().optional(),
  }),
});

/** POST /completeNotification/{id}: own only (else 404); 'Platform Girişi' ones answer 400. */
export const completeNotification = defineCall({
  method: 'POST',
  path: '/completeNotification/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string(), result: notificationSchema.optional() }),
});

/** A row of "Yaklaşan 10 Hatırlatma" (see docs/requirements.md#records-notes-and-settings Sidebar reminder). */
export const sidebarNoteSchema = z.object({
  lead_id: z.number().nullable(),
  body: z.string(),
  lead_name: z.string().nullable(),
  /** Ours beyond the spec's sidebar reminder (lead_id, body, lead_name). */
  id: z.number().optional(),
  start: z.string().optional(),
});
export type SidebarNote = z.infer<typeof sidebarNoteSchema>;

/** POST /sidebarNotes: the user's next 10 open reminders with a start from now on, soonest first. */
export const sidebarNotes = defineCall({
  method: 'POST',
  path: '/sidebarNotes',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ success: specSuccess, results: z.array(sidebarNoteSchema) }),
});
