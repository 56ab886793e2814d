import dayjs from 'dayjs';
import type { NoteInputs } from '../../../../../shared/contract/note-inputs';
import { NOTE_QUALITY_DEFAULT } from '../../../../../shared/domain/constants';
import { toApiDateTime } from '../../../../../shared/domain/date-ranges';
import { REMINDER_OFFSETS_MINUTES, reminderStart } from '../../../../../shared/domain/reminders';
import { messages } from '../../../../../shared/i18n/messages';
// The module, not the folder's index: this file stays free of React so Node unit tests can load it.
import { normalizeApiDateTime } from '../../../components/date-input/date-input-values';
import { uiTexts } from '../../../i18n/ui-texts';

/** The value of the offset select: minutes of one of the spec's offsets, or a custom date. */
export type ReminderOffsetChoice = `${(typeof REMINDER_OFFSETS_MINUTES)[number]}` | 'custom';

export const CUSTOM_OFFSET = 'custom' as const;
export const DEFAULT_REMINDER_OFFSET: ReminderOffsetChoice = '15';

export function isReminderOffsetChoice(value: string): value is ReminderOffsetChoice {
  return value === CUSTOM_OFFSET || REMINDER_OFFSETS_MINUTES.some((minutes) => String(minutes) === value);
}

export type ReminderStartResult =
  { ok: true; start: string; minute: number | null } | { ok: false; message: string };

/**
 * docs/requirements.md#notification-and-list-states: start is now plus the offset, sent as 'YYYY-MM-DD HH:mm:ss'. A custom date comes from the
 * Turkish date-time picker (already 'YYYY-MM-DD HH:mm:ss') and must lie in the future: a reminder for the
 * past would fire at once and mean nothing.
 */
export function reminderStartFor(
  choice: ReminderOffsetChoice,
  custom: string,
  now: Date,
): ReminderStartResult {
  if (choice !== CUSTOM_OFFSET) {
    const minute = Number(choice);
    return { ok: true, start: reminderStart(now, minute), minute };
  }
  const start = normalizeApiDateTime(custom);
  const parsed = start === null ? null : dayjs(start);
  // dayjs rolls '2026-13-45' over into a later date; only a date that reads back the same is real.
  if (start === null || !parsed?.isValid() || toApiDateTime(parsed.toDate()) !== start) {
    return { ok: false, message: messages.invalidReminderDate };
  }
  if (!parsed.isAfter(dayjs(now))) return { ok: false, message: uiTexts.reminderInPast };
  return { ok: true, start, minute: null };
}

/** Everything the note form holds; it survives a failed save untouched. */
export type NoteDraft = {
  body: string;
  quality: number;
  /** User ids the reminder goes to (see docs/requirements.md#records-notes-and-settings: default the current user). */
  agents: number[];
  remind: boolean;
  offset: ReminderOffsetChoice;
  /** The custom date as the picker gives it: 'YYYY-MM-DD HH:mm:ss', '' when none. */
  customStart: string;
};

export function initialNoteDraft(currentUserId: number | null): NoteDraft {
  return {
    body: '',
    quality: NOTE_QUALITY_DEFAULT,
    agents: currentUserId === null ? [] : [currentUserId],
    remind: false,
    offset: DEFAULT_REMINDER_OFFSET,
    customStart: '',
  };
}

export type NoteInputsResult = { ok: true; inputs: NoteInputs } | { ok: false; message: string };

/**
 * The inputs of inline save type insert_note. Body is required ('Not içeriği zorunludur'); with 'Bana
 * Hatırlat' on, notification 1 and the start time go along, otherwise notification 0 so no reminder is
 * made. Agents are sent either way: they are who the note concerns.
 */
export function noteInputsFromDraft(draft: NoteDraft, leadId: number, now: Date): NoteInputsResult {
  const body = draft.body.trim();
  if (body === '') return { ok: false, message: messages.noteBodyRequired };
  const inputs: NoteInputs = {
    body,
    lead_id: leadId,
    quality: draft.quality,
    agents: draft.agents,
    notification: draft.remind ? 1 : 0,
  };
  if (!draft.remind) return { ok: true, inputs };
  const start = reminderStartFor(draft.offset, draft.customStart, now);
  if (!start.ok) return start;
  return {
    ok: true,
    inputs: { ...inputs, start: start.start, ...(start.minute === null ? {} : { minute: start.minute }) },
  };
}

/**
 * The activity form (see docs/requirements.md#filters-and-list-input): nothing happens for an empty body (null). With a planned time, it is a
 * reminder for the current user at that time; without one, a plain note.
 */
export function activityInputs(
  body: string,
  plannedAt: string,
  leadId: number,
  currentUserId: number | null,
): NoteInputs | null {
  const text = body.trim();
  if (text === '') return null;
  const start = normalizeApiDateTime(plannedAt);
  const agents = currentUserId === null ? [] : [currentUserId];
  return start === null
    ? { body: text, lead_id: leadId, quality: NOTE_QUALITY_DEFAULT, agents, notification: 0 }
    : { body: text, lead_id: leadId, quality: NOTE_QUALITY_DEFAULT, agents, notification: 1, start };
}

/** The e-mail send time select: now, one of the offsets (see docs/requirements.md#task-customer-and-money-states), or a custom date. */
export type EmailSendChoice = 'now' | ReminderOffsetChoice;

export type EmailStartResult = { ok: true; start: number | string } | { ok: false; message: string };

/** What process-email's `start` gets: 0 for now, the offset in minutes, or a custom 'YYYY-MM-DD HH:mm:ss'. */
export function emailStartFor(choice: EmailSendChoice, custom: string, now: Date): EmailStartResult {
  if (choice === 'now') return { ok: true, start: 0 };
  if (choice !== CUSTOM_OFFSET) return { ok: true, start: Number(choice) };
  const start = reminderStartFor(choice, custom, now);
  if (!start.ok) return { ok: false, message: messages.emailSendTimeInvalid };
  return { ok: true, start: start.start };
}
