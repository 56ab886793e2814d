import dayjs, { type Dayjs } from 'dayjs';
import { calendarTexts } from '../../../i18n/calendar-texts';

/** 'YYYY-MM-DD', the key of a calendar day. */
export type DayKey = string;

export type CalendarDay = {
  date: DayKey;
  dayOfMonth: number;
  /** false for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  isToday: boolean;
  /** Saturday or Sunday. */
  isWeekend: boolean;
};

export type CalendarGrid = {
  /** First day of the shown month. */
  month: DayKey;
  /** Always six rows of seven, Monday first, so the grid does not jump between months. */
  weeks: CalendarDay[][];
  /** First and last cell, for the calendar call's range. */
  first: DayKey;
  last: DayKey;
};

export const DAY_KEY_FORMAT = 'YYYY-MM-DD';
export const MONTH_KEY_FORMAT = 'YYYY-MM';
const WEEKS = 6;

/** Days back from a date to its Monday: dayjs counts Sunday as 0, the Turkish week starts on Monday. */
export function daysSinceMonday(date: Dayjs): number {
  return (date.day() + 6) % 7;
}

/**
 * docs/requirements.md#constants-and-limits "Calendar Turkish, week starts Monday". Computed without dayjs's locale week start, so the
 * grid is the same whatever locale happens to be loaded.
 */
export function monthGrid(month: Dayjs | string, today: Dayjs | string = dayjs()): CalendarGrid {
  const start = dayjs(month).startOf('month');
  const todayKey = dayjs(today).format(DAY_KEY_FORMAT);
  const firstCell = start.subtract(daysSinceMonday(start), 'day');
  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < WEEKS; week += 1) {
    const row: CalendarDay[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      // Calendar-day arithmetic (not 24-hour steps), so a DST change never repeats or skips a day.
      const date = firstCell.add(week * 7 + weekday, 'day');
      const key = date.format(DAY_KEY_FORMAT);
      row.push({
        date: key,
        dayOfMonth: date.date(),
        inMonth: date.month() === start.month(),
        isToday: key === todayKey,
        isWeekend: weekday >= 5,
      });
    }
    weeks.push(row);
  }
  const lastCell = firstCell.add(WEEKS * 7 - 1, 'day');
  return {
    month: start.format(DAY_KEY_FORMAT),
    weeks,
    first: firstCell.format(DAY_KEY_FORMAT),
    last: lastCell.format(DAY_KEY_FORMAT),
  };
}

/** Monday-first short weekday names in Turkish (Pzt ... Paz), independent of dayjs's loaded locale. */
export const WEEKDAY_NAMES_TR = calendarTexts.weekdaysShort;

/** "Mart 2026". */
export function monthTitle(month: Dayjs | string): string {
  const date = dayjs(month);
  return `${calendarTexts.months[date.month()] ?? ''} ${date.year()}`;
}

/** The day an event belongs to: the date part of its start ('YYYY-MM-DD HH:mm:ss' or ISO). */
export function eventDay(start: string): DayKey | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(start.trim());
  if (match?.[1]) return match[1];
  const parsed = dayjs(start);
  return parsed.isValid() ? parsed.format(DAY_KEY_FORMAT) : null;
}

/** Events per day, each day sorted by start time. */
export function groupEventsByDay<T extends { start: string }>(events: readonly T[]): Map<DayKey, T[]> {
  const byDay = new Map<DayKey, T[]>();
  for (const event of events) {
    const day = eventDay(event.start);
    if (day === null) continue;
    const list = byDay.get(day) ?? [];
    list.push(event);
    byDay.set(day, list);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.start.localeCompare(b.start));
  return byDay;
}

/** "14:30" of an event start, '' when it has no time. */
export function eventTime(start: string): string {
  const match = /[ T](\d{2}:\d{2})/.exec(start);
  return match?.[1] ?? '';
}
