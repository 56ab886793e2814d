/** Date quick options of docs/requirements.md#filters-and-list-input and the date formats of docs/requirements.md#constants-and-limits. */
import dayjs from 'dayjs';
// The explicit .js lets plain Node ESM (Playwright, tsx) resolve the CommonJS locale file too.
import 'dayjs/locale/tr.js';
import { dateQuickRangeLabels } from '../i18n/domain-texts';

/** The format the API sends and expects for date-times. */
export const API_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** What every user reads (docs/user-guide.md#dates-and-numbers): `31.12.2025 14:05` and `31.12.2025`. */
export const TR_DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const TR_DATE_FORMAT = 'DD.MM.YYYY';

export const DATE_QUICK_RANGES = [
  { key: 'today', label: dateQuickRangeLabels.today },
  { key: 'yesterday', label: dateQuickRangeLabels.yesterday },
  { key: 'last2Days', label: dateQuickRangeLabels.last2Days },
  { key: 'last3Days', label: dateQuickRangeLabels.last3Days },
  { key: 'last4Days', label: dateQuickRangeLabels.last4Days },
  { key: 'last5Days', label: dateQuickRangeLabels.last5Days },
  { key: 'last6Days', label: dateQuickRangeLabels.last6Days },
  { key: 'last1Week', label: dateQuickRangeLabels.last1Week },
  { key: 'last2Weeks', label: dateQuickRangeLabels.last2Weeks },
  { key: 'last3Weeks', label: dateQuickRangeLabels.last3Weeks },
  { key: 'monthStart', label: dateQuickRangeLabels.monthStart },
  { key: 'last30Days', label: dateQuickRangeLabels.last30Days },
  { key: 'last60Days', label: dateQuickRangeLabels.last60Days },
  { key: 'last90Days', label: dateQuickRangeLabels.last90Days },
  { key: 'last120Days', label: dateQuickRangeLabels.last120Days },
  { key: 'last150Days', label: dateQuickRangeLabels.last150Days },
  { key: 'last180Days', label: dateQuickRangeLabels.last180Days },
  { key: 'custom', label: dateQuickRangeLabels.custom },
] as const satisfies readonly { key: string; label: string }[];

export type DateQuickRangeKey = (typeof DATE_QUICK_RANGES)[number]['key'];

/** Length in days (today included) of the rolling ranges; weeks are 7-day multiples. */
const ROLLING_DAYS: Partial<Record<DateQuickRangeKey, number>> = {
  today: 1,
  last2Days: 2,
  last3Days: 3,
  last4Days: 4,
  last5Days: 5,
  last6Days: 6,
  last1Week: 7,
  last2Weeks: 14,
  last3Weeks: 21,
  last30Days: 30,
  last60Days: 60,
  last90Days: 90,
  last120Days: 120,
  last150Days: 150,
  last180Days: 180,
};

export interface DateTimeRange {
  start: string;
  end: string;
}

export function toApiDateTime(d: Date): string {
  return dayjs(d).format(API_DATE_TIME_FORMAT);
}

/**
 * Local-time range for a quick option: from 00:00:00 of the first day to 23:59:59
 * of the last. 'custom' (and unknown keys) give null: the user picks the dates.
 */
export function resolveQuickRange(key: string, now: Date): DateTimeRange | null {
  const today = dayjs(now);
  const range = (first: dayjs.Dayjs, last: dayjs.Dayjs): DateTimeRange => ({
    start: first.startOf('day').format(API_DATE_TIME_FORMAT),
    end: last.endOf('day').format(API_DATE_TIME_FORMAT),
  });
  if (key === 'yesterday') {
    const yesterday = today.subtract(1, 'day');
    return range(yesterday, yesterday);
  }
  if (key === 'monthStart') return range(today.startOf('month'), today);
  const days = Object.hasOwn(ROLLING_DAYS, key) ? ROLLING_DAYS[key as DateQuickRangeKey] : undefined;
  if (days === undefined) return null;
  // Calendar-day arithmetic, so DST changes do not shift the boundaries.
  return range(today.subtract(days - 1, 'day'), today);
}

function parseDate(value: string | Date | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined) return null;
  // MySQL-style zero dates mean "no date".
  if (typeof value === 'string' && (value.trim() === '' || value.startsWith('0000-00-00'))) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.locale('tr') : null;
}

/** "31.12.2025 14:05", '' for missing or invalid input. */
export function formatDateTimeTr(value: string | Date | null | undefined): string {
  return parseDate(value)?.format(TR_DATE_TIME_FORMAT) ?? '';
}

/** "31.12.2025", '' for missing or invalid input. */
export function formatDateTr(value: string | Date | null | undefined): string {
  return parseDate(value)?.format(TR_DATE_FORMAT) ?? '';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "az önce", "5 dakika önce", "3 saat önce", "2 gün önce" (or "... sonra" for a time ahead); past a week
 * the absolute "31.12.2025 14:05", which is also what a tooltip shows next to the relative text.
 */
export function formatRelativeTr(value: string | Date | null | undefined, now: Date): string {
  const parsed = parseDate(value);
  if (parsed === null) return '';
  const diff = now.getTime() - parsed.valueOf();
  const ahead = diff < 0;
  const ms = Math.abs(diff);
  if (ms >= 7 * DAY_MS) return parsed.format(TR_DATE_TIME_FORMAT);
  if (ms < MINUTE_MS) return ahead ? 'birazdan' : 'az önce';
  const suffix = ahead ? 'sonra' : 'önce';
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} dakika ${suffix}`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)} saat ${suffix}`;
  return `${Math.floor(ms / DAY_MS)} gün ${suffix}`;
}

/** A count with Turkish thousands separators: 12345 → "12.345". */
export function formatCountTr(value: number): string {
  return new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 }).format(value);
}
