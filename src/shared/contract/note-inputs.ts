import { z } from 'zod';
import { flagField } from './define';
import { recordId } from './record-id';
import { messages } from '../i18n/messages';

/** A form sends an unused optional field as an empty string; it means "not given". */
const blank = z.literal('').transform(() => undefined);

/** A small non-negative integer from a form (string) or JSON (number); typed input, unlike z.coerce. */
const smallInt = (max: number) =>
  z.union([
    z.number().int().min(0).max(max),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .pipe(z.number().max(max)),
  ]);

/** 'YYYY-MM-DD HH:mm' with optional seconds, as the reminder picker sends it. */
const apiDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, messages.invalidReminderDate);

/** A user id, or the label/value pair the agent selector gives (see docs/requirements.md#records-notes-and-settings "agents (label/value pairs)"). */
const agentId = z.union([
  recordId,
  z.object({ value: recordId, label: z.string().optional() }).transform((option) => option.value),
]);

/**
 * The inputs of inline save type insert_note (see docs/requirements.md#records-notes-and-settings Note, #notification-and-list-states reminders): body required; quality
 * default 5; notification default 1 (see docs/requirements.md#constants-and-limits). A reminder is set when notification is 1 and start
 * ('YYYY-MM-DD HH:mm:ss') or minute (offset from now) is given; it goes to `agents` (default: the
 * current user).
 */
export const noteInputs = z.object({
  body: z.string({ error: messages.noteBodyRequired }).trim().min(1, messages.noteBodyRequired).max(10_000),
  lead_id: recordId,
  quality: z
    .union([blank, smallInt(10)])
    .optional()
    .transform((v) => v ?? 5),
  agents: z.array(agentId).max(100).optional(),
  notification: z
    .union([blank, flagField])
    .optional()
    .transform((v) => v ?? 1),
  /** Minutes from now (see docs/requirements.md#notification-and-list-states offsets); start wins when both are sent. */
  minute: z.union([blank, smallInt(525_600)]).optional(),
  start: z.union([blank, apiDateTime]).optional(),
  end: z.union([blank, apiDateTime]).optional(),
  note_status_id: z.union([blank, recordId]).optional(),
  channel_id: z.union([blank, recordId]).optional(),
});
export type NoteInputs = z.input<typeof noteInputs>;
export type ParsedNoteInputs = z.output<typeof noteInputs>;
