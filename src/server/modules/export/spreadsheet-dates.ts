/**
 * Dates as spreadsheets store them: a serial day number (days since 1899-12-30, the time of day as the
 * fraction) shown through a date number format. A cell written so sorts, filters and groups as a date in
 * Excel and LibreOffice; the same value as text would sort "02.01.2025" after "01.12.2025".
 */

/** date: a day ('YYYY-MM-DD' columns, birthdays); datetime: a moment ('YYYY-MM-DD HH:mm:ss' timestamps). */
export type SpreadsheetDateKind = 'date' | 'datetime';

export interface SpreadsheetDate {
  readonly kind: SpreadsheetDateKind;
  /** Excel's 1900 date system serial; LibreOffice reads it the same way. */
  readonly serial: number;
}

/**
 * Turkish display formats (31.12.2025 14:05:09). The dots are escaped as literals: unescaped, some
 * readers (SheetJS) take them for a decimal point and refuse the format.
 */
export const SPREADSHEET_DATE_FORMATS: Readonly<Record<SpreadsheetDateKind, string>> = {
  date: 'dd\\.mm\\.yyyy',
  datetime: 'dd\\.mm\\.yyyy hh:mm:ss',
};

const MS_PER_DAY = 86_400_000;
// Day 0 of the serial numbers. Counting from 1899-12-30 instead of 1900-01-01 absorbs Excel's phantom
// 29 February 1900, so every serial from 1 March 1900 on is right.
const EPOCH_MS = Date.UTC(1899, 11, 30);
// Before this day Excel's serials disagree with the calendar (the phantom leap day); such dates stay text.
const FIRST_EXACT_MS = Date.UTC(1900, 2, 1);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;

/**
 * The serial of a database date or timestamp text, read as the wall-clock time it names (the API's
 * timestamps are the server's local time, without a zone). Null for text that is not a real date (no
 * 31 February), for dates before 1 March 1900, and for anything else, which the caller keeps as text.
 */
export function toSpreadsheetDate(text: string, kind: SpreadsheetDateKind): SpreadsheetDate | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = match[7] ? Number(`0.${match[7]}`) : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const dayMs = Date.UTC(year, month - 1, day);
  const check = new Date(dayMs);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  if (dayMs < FIRST_EXACT_MS) return null;
  const days = (dayMs - EPOCH_MS) / MS_PER_DAY;
  if (kind === 'date') return { kind, serial: days };
  const seconds = hour * 3600 + minute * 60 + second + fraction;
  return { kind, serial: days + seconds / 86_400 };
}

export function isSpreadsheetDate(value: unknown): value is SpreadsheetDate {
  return (
    typeof value === 'object' &&
    value !== null &&
    'serial' in value &&
    'kind' in value &&
    typeof value.serial === 'number' &&
    (value.kind === 'date' || value.kind === 'datetime')
  );
}
