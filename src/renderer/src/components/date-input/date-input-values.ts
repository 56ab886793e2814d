import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Strict parsing of typed dates ('31.02.2026' must fail, not roll over into March).
dayjs.extend(customParseFormat);

/** What the box shows and a person types: Turkish order, whatever the browser's or the OS's language. */
export const DATE_TEXT_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_TEXT_FORMAT = 'DD.MM.YYYY HH:mm';

const DAY_FORMATS = ['DD.MM.YYYY', 'D.M.YYYY', 'DD.M.YYYY', 'D.MM.YYYY'];
const TIME_FORMATS = ['HH:mm', 'H:mm'];
// A date-time box also takes a bare date (midnight): the calendar adds the time afterwards.
const DATE_TIME_FORMATS = [
  ...DAY_FORMATS.flatMap((day) => TIME_FORMATS.map((time) => `${day} ${time}`)),
  ...DAY_FORMATS,
];

/** The earliest day the calendar offers: birthdays reach far back. */
export const PICKER_MIN_DATE = new Date(1900, 0, 1);
/** The latest day the calendar offers: reminders and plans lie ahead, though not decades. */
export const PICKER_MAX_DATE = new Date(new Date().getFullYear() + 20, 11, 31);

export function formatDateText(date: Date, withTime: boolean): string {
  return dayjs(date).format(withTime ? DATE_TIME_TEXT_FORMAT : DATE_TEXT_FORMAT);
}

/** Typed text → a date; null for an empty box, false for text that is no real date (Blueprint's contract). */
export function parseDateText(text: string, withTime: boolean): Date | false | null {
  const normalized = text.trim().replace(/\s+/g, ' ');
  if (normalized === '') return null;
  const parsed = dayjs(normalized, withTime ? DATE_TIME_FORMATS : DAY_FORMATS, true);
  return parsed.isValid() ? parsed.toDate() : false;
}

const API_VALUE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?/;

/**
 * The API's 'YYYY-MM-DD' / 'YYYY-MM-DD HH:mm:ss' → the ISO text Blueprint's DateInput takes as its value:
 * local wall time without a zone, so the box shows exactly what the server stored. Null for empty or
 * impossible values.
 */
export function apiToPickerValue(value: string, withTime: boolean): string | null {
  const match = API_VALUE.exec(value.trim());
  if (!match) return null;
  const [, day, time, seconds] = match;
  const iso = withTime ? `${day}T${time ?? '00:00'}:${seconds ?? '00'}` : `${day}T00:00:00`;
  // '2026-13-45' would roll over into a later date; only a value that reads back the same is real.
  return dayjs(iso).format('YYYY-MM-DDTHH:mm:ss') === iso ? iso : null;
}

/**
 * Blueprint's onChange text ('2026-03-05' or '2026-03-05T14:07+03:00', local wall time) → the API's text,
 * '' when the box was cleared. The picker works in minutes; when the minute did not change, the seconds of
 * the previous value stay (a filter's end of day is 23:59:59, not 23:59:00).
 */
export function pickerToApiValue(iso: string | null, withTime: boolean, previous = ''): string {
  const match = iso === null ? null : API_VALUE.exec(iso);
  if (!match) return '';
  const [, day, time = '00:00'] = match;
  if (!withTime) return day ?? '';
  const before = API_VALUE.exec(previous.trim());
  const keepSeconds = before !== null && before[1] === day && before[2] === time ? before[3] : undefined;
  return `${day} ${time}:${keepSeconds ?? '00'}`;
}

/**
 * A date-time the picker produced (or an older 'YYYY-MM-DDTHH:mm') as the API's 'YYYY-MM-DD HH:mm:ss';
 * null when there is none. Whether the date is real is the caller's check.
 */
export function normalizeApiDateTime(value: string): string | null {
  const match = API_VALUE.exec(value.trim());
  if (!match?.[2]) return null;
  return `${match[1]} ${match[2]}:${match[3] ?? '00'}`;
}
