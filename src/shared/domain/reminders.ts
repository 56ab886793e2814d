/** Reminder offsets of docs/requirements.md#notification-and-list-states/#constants-and-limits (the e-mail send times use the same list). */
import dayjs from 'dayjs';
import { toApiDateTime } from './date-ranges';

export const REMINDER_OFFSETS_MINUTES = [15, 30, 60, 180, 1440, 10080, 20160, 43200] as const;

export type ReminderOffsetMinutes = (typeof REMINDER_OFFSETS_MINUTES)[number];

export const REMINDER_OFFSET_LABELS: Record<ReminderOffsetMinutes, string> = {
  15: '15 dakika',
  30: '30 dakika',
  60: '1 saat',
  180: '3 saat',
  1440: '24 saat',
  10080: '1 hafta',
  20160: '2 hafta',
  43200: '1 ay',
};

/** Ready for a select: value in minutes, Turkish label. */
export const REMINDER_OFFSET_OPTIONS: readonly { value: ReminderOffsetMinutes; label: string }[] =
  REMINDER_OFFSETS_MINUTES.map((value) => ({ value, label: REMINDER_OFFSET_LABELS[value] }));

/** Start is now plus the offset; "1 ay" is the spec's fixed 43200 minutes, not a calendar month. */
export function reminderStart(now: Date, offsetMinutes: number): string {
  return toApiDateTime(dayjs(now).add(offsetMinutes, 'minute').toDate());
}
