import { z } from 'zod';
import { callOutcomeStatusSchema } from './calls';

/**
 * socket.io between the CRM server and its clients (the desktop main process, the web edition).
 * Connect to the server's origin with path '/socket.io' and `auth: { token }` (the same bearer token
 * as the HTTP calls). A refused handshake answers connect_error with message 'unauthorized'.
 * Each socket joins its user's room; events flow server -> client only.
 */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_UNAUTHORIZED = 'unauthorized';
/**
 * A valid session whose password an admin set: no pushes until the user chose their own (the app shows
 * the password change); not a reason to end the session.
 */
export const SOCKET_PASSWORD_CHANGE_REQUIRED = 'password-change-required';

export const REALTIME_EVENTS = {
  notification: 'notification',
  importProgress: 'importProgress',
  fieldUpdate: 'fieldUpdate',
  callOutcome: 'callOutcome',
  transactionUpdate: 'transactionUpdate',
  chatMessage: 'chatMessage',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** Room of one user; the server joins every authenticated socket to its user's room. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * A notification row as pushed. completed 0: it fell due now (or was created for now, e.g. Platform
 * Girişi): show it (native notification in the desktop app). completed 2: it just turned overdue;
 * completed 1: the user completed it in another window. 1 and 2 are updates of a row the client may
 * already show (update by id; a client that never saw it may show an overdue one once). docs/requirements.md#calls names
 * title, body, leadName, lead_id; id, start and completed are ours.
 */
export const notificationEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  leadName: z.string().nullable(),
  lead_id: z.number().nullable(),
  start: z.string().nullable(),
  completed: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** Excel upload progress of one upload id (finished at 99 % or more, docs/requirements.md#notification-and-list-states). */
export const importProgressEventSchema = z.object({
  uploadId: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ImportProgressEvent = z.infer<typeof importProgressEventSchema>;

/** Option lists changed: reload the one named, or all of them when neither key is set. */
export const fieldUpdateEventSchema = z.object({
  table: z.string().optional(),
  optionListId: z.number().optional(),
});
export type FieldUpdateEvent = z.infer<typeof fieldUpdateEventSchema>;

/**
 * What became of the agent's call (the PBX's OriginateResponse), pushed to the agent who clicked: id is
 * the call's row in the lead's call history (POST /calls/{lead_id}); message is Turkish, ready to show.
 */
export const callOutcomeEventSchema = z.object({
  id: z.number(),
  lead_id: z.number(),
  leadName: z.string().nullable(),
  status: callOutcomeStatusSchema,
  message: z.string(),
});
export type CallOutcomeEvent = z.infer<typeof callOutcomeEventSchema>;

/** A money instruction changed (created or a workflow step): workspaces and the lead tab reload it. */
export const transactionUpdateEventSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  status_id: z.number(),
  action: z.string(),
});
export type TransactionUpdateEvent = z.infer<typeof transactionUpdateEventSchema>;
/**
 * Something changed in a chat channel: a new message (message_id) or the channel itself (message_id null:
 * added, renamed, archived). Sent to whoever may read the channel (a direct conversation: its two users);
 * it carries no text, the client reloads what it shows through the chat calls.
 */
export const chatMessageEventSchema = z.object({
  channel_id: z.number(),
  message_id: z.number().nullable(),
  from_user_id: z.number().nullable(),
  /** The sender's name, for the toast and the native notification of a message (null for channel changes). */
  from_user_name: z.string().nullable().default(null),
  /** A direct conversation: its receiver is told outside the chat screen (docs/user-guide.md#notifications). */
  direct: z.boolean().default(false),
  /** Users a channel message mentions with `@Name`; each of them is told like a direct message. */
  mentioned_user_ids: z.array(z.number()).default([]),
});
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

/** Payload schema per event, for the one validation point of each receiving runtime. */
export const realtimeEventSchemas = {
  notification: notificationEventSchema,
  importProgress: importProgressEventSchema,
  fieldUpdate: fieldUpdateEventSchema,
  callOutcome: callOutcomeEventSchema,
  transactionUpdate: transactionUpdateEventSchema,
  chatMessage: chatMessageEventSchema,
} as const;

/** Typed socket.io event map (server -> client), usable as socket.io's ServerToClientEvents. */
export interface RealtimeServerToClient {
  notification: (payload: NotificationEvent) => void;
  importProgress: (payload: ImportProgressEvent) => void;
  fieldUpdate: (payload: FieldUpdateEvent) => void;
  callOutcome: (payload: CallOutcomeEvent) => void;
  transactionUpdate: (payload: TransactionUpdateEvent) => void;
  chatMessage: (payload: ChatMessageEvent) => void;
}
