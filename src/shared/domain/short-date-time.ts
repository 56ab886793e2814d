import dayjs from 'dayjs';

/**
 * The one way users read a date: `31.12.2025` and
 * `31.12.2025 14:05`, from the API's 'YYYY-MM-DD HH:mm:ss' or a Date; '' for nothing or a non-date.
 */
export const SHORT_DATE_FORMAT = 'DD.MM.YYYY';
export const SHORT_DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

function parsed(value: string | Date | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && (value.trim() === '' || value.startsWith('0000-00-00'))) return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

export function formatShortDate(value: string | Date | null | undefined): string {
  return parsed(value)?.format(SHORT_DATE_FORMAT) ?? '';
}

export function formatShortDateTime(value: string | Date | null | undefined): string {
  return parsed(value)?.format(SHORT_DATE_TIME_FORMAT) ?? '';
}
