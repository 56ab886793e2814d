import dayjs from 'dayjs';

/** A range of whole days as the API takes it ('YYYY-MM-DD', both ends included). */
export type DayRange = { start: string; end: string };

const DAY = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The last `days` days up to and including today, as whole local days. */
export function lastDays(days: number, today: dayjs.Dayjs | string = dayjs()): DayRange {
  const end = dayjs(today);
  return { start: end.subtract(days - 1, 'day').format(DAY), end: end.format(DAY) };
}

/** Both ends are whole days, in order, and at most `maxDays` apart. */
export function isValidRange(range: DayRange, maxDays: number): boolean {
  const start = dayjs(range.start, DAY);
  const end = dayjs(range.end, DAY);
  return (
    DAY_PATTERN.test(range.start) &&
    DAY_PATTERN.test(range.end) &&
    start.isValid() &&
    end.isValid() &&
    !start.isAfter(end) &&
    end.diff(start, 'day') < maxDays
  );
}

/** A range end as a calendar bound; an unfinished end leaves the other calendar unbounded. */
export function dayOf(value: string): Date | undefined {
  const day = dayjs(value);
  return DAY_PATTERN.test(value) && day.isValid() ? day.toDate() : undefined;
}
