import { z } from 'zod';
import { defineCall, noBody, noParams, tableName, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { filterSchema, sortSchema } from './records';
import { stripBidiControls } from '../domain/bidi';
import { format, messages } from '../i18n/messages';
import { integerInput } from './number-inputs';

/**
 * Chat (see docs/requirements.md#shell-lists-and-chat /chat and /chat/ch/{channelId}, #records-notes-and-settings Channel, #calls /chatMessages). Messages are lead notes
 * with note_status_id 7 (see docs/requirements.md#constants-and-limits). Only POST /chatMessages/{table} is the spec's; the other paths are
 * ours. Who may read a channel is the server's decision: every user with the chat menu entry reads the
 * channels, only its two users a direct conversation; a foreign or missing channel answers the same 404.
 */
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_CHANNEL_NAME_MAX = 60;
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;
/** Unread counts stop here; the list shows "99+". */
export const CHAT_UNREAD_CAP = 99;

/**
 * One user's messages in a sliding window; past it a message is refused (429, Retry-After) and the
 * client keeps its text. Counted by the server across nodes (docs/security.md#chat).
 */
export const CHAT_RATE_LIMIT = { messages: 20, windowSeconds: 10 } as const;

/** Names and messages lose bidi controls before anything else (a spoofed "exe.pdf"). */
const withoutBidi = (error: string) => z.string({ error }).transform(stripBidiControls);

const channelName = withoutBidi(messages.chatChannelNameRequired).pipe(
  z
    .string()
    .trim()
    .min(1, messages.chatChannelNameRequired)
    .max(CHAT_CHANNEL_NAME_MAX, format(messages.chatChannelNameTooLong, { max: CHAT_CHANNEL_NAME_MAX })),
);

const messageBody = withoutBidi(messages.chatMessageRequired).pipe(
  z
    .string()
    .trim()
    .min(1, messages.chatMessageRequired)
    .max(CHAT_MESSAGE_MAX, format(messages.chatMessageTooLong, { max: CHAT_MESSAGE_MAX })),
);

/** A form sends an unused optional field as an empty string. */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional());

export const chatChannelSchema = z.object({
  id: z.number(),
  name: z.string(),
  archived: z.union([z.literal(0), z.literal(1)]),
  /** Messages of others after the user's read marker; counting stops past CHAT_UNREAD_CAP ("99+"). */
  unread: z.number(),
  last_message_at: z.string().nullable(),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;

/** A direct conversation, named by the other user. */
export const chatDirectSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  unread: z.number(),
  last_message_at: z.string().nullable(),
});
export type ChatDirect = z.infer<typeof chatDirectSchema>;

/**
 * POST /chat/channels: the channels (archived ones too, for the managers only), the user's direct
 * conversations, and whether the user may rename and archive channels (update flag of the chat entry).
 */
export const chatChannels = defineCall({
  method: 'POST',
  path: '/chat/channels',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({
    channels: z.array(chatChannelSchema),
    directs: z.array(chatDirectSchema),
    can_manage: z.boolean(),
  }),
});

/** POST /chat/users: the colleagues a direct message can go to (active users with chat), by name. */
export const chatUsers = defineCall({
  method: 'POST',
  path: '/chat/users',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }),
});

/** POST /chat/channel/add {name}: anyone with chat may open a channel; names are unique. */
export const chatChannelAdd = defineCall({
  method: 'POST',
  path: '/chat/channel/add',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ name: channelName }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** POST /chat/channel/save {id, name}: rename (managers only). */
export const chatChannelSave = defineCall({
  method: 'POST',
  path: '/chat/channel/save',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId, name: channelName }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/** POST /chat/channel/archive {id, archived 1|0}: archive or restore (managers only). */
export const chatChannelArchive = defineCall({
  method: 'POST',
  path: '/chat/channel/archive',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    id: recordId,
    archived: z.preprocess(
      (v) => (v === '1' || v === 1 || v === true ? 1 : v === '0' || v === 0 || v === false ? 0 : v),
      z.literal([0, 1]),
    ),
  }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/** A lead a message names (#LEAD123) that the reader may open; other mentions stay plain text. */
export const chatMentionSchema = z.object({ id: z.number(), name: z.string() });
export type ChatMention = z.infer<typeof chatMentionSchema>;

/** A chat message: a lead note with note_status_id 7 (see docs/requirements.md#records-notes-and-settings Note, the fields a message uses). */
export const chatMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  channel_id: z.number(),
  note_status_id: z.number(),
  insert_agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  created_at: z.string(),
  mentions: z.array(chatMentionSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * POST /chatMessages/{table} (see docs/requirements.md#calls: table, filters, limit, page, id, sort): the messages of channel
 * `id`, newest first by default (page 1 is the newest). Filters and sort take the notes list's fields
 * id, body, insert_agent_id, agent_name and created_at (e.g. id > n for what came after n).
 */
export const chatMessages = defineCall({
  method: 'POST',
  path: '/chatMessages/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: z.literal('lead_notes') }),
  body: z.object({
    table: tableName.optional(),
    id: recordId,
    page: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
    limit: integerInput(z.number().int().min(1).max(CHAT_PAGE_MAX)).default(CHAT_PAGE_DEFAULT),
    sort: sortSchema.optional(),
    filters: z.array(filterSchema).max(10).default([]),
  }),
  result: z.object({
    results: z.array(chatMessageSchema),
    total: z.number(),
    page: z.number(),
    channel: z.object({
      id: z.number(),
      kind: z.enum(['channel', 'direct']),
      /** The channel's name, or the other user's name for a direct conversation. */
      name: z.string(),
      archived: z.union([z.literal(0), z.literal(1)]),
    }),
  }),
});

/**
 * POST /chat/send {body, channel_id | user_id}: a message to a channel, or to a colleague (their direct
 * conversation is created with the first message and reused after). Answers the message as stored.
 */
export const chatSend = defineCall({
  method: 'POST',
  path: '/chat/send',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ body: messageBody, channel_id: optionalId, user_id: optionalId }),
  result: z.object({ success: z.boolean(), msg: z.string(), message: chatMessageSchema }),
});

/** POST /chat/read {id, last_id}: the user has seen channel `id` up to message `last_id`. */
export const chatRead = defineCall({
  method: 'POST',
  path: '/chat/read',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId, last_id: recordId }),
  result: z.object({ success: z.boolean() }),
});
