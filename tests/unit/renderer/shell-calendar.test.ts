import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  eventDay,
  eventTime,
  groupEventsByDay,
  monthGrid,
  monthTitle,
  WEEKDAY_NAMES_TR,
} from '../../../src/renderer/src/features/dashboard/calendar/calendar-grid';

describe('monthGrid (see docs/requirements.md#constants-and-limits: Turkish, week starts Monday)', () => {
  it('starts on the Monday on or before the first of the month', () => {
    // 1 March 2026 is a Sunday: the grid starts on Monday 23 February.
    const grid = monthGrid('2026-03-01', '2026-03-10');
    expect(grid.first).toBe('2026-02-23');
    expect(grid.weeks[0]?.[6]).toMatchObject({ date: '2026-03-01', inMonth: true, isWeekend: true });
    expect(grid.weeks[0]?.[0]).toMatchObject({ date: '2026-02-23', inMonth: false, isWeekend: false });
  });

  it('starts on the first itself when it is a Monday', () => {
    // 1 June 2026 is a Monday.
    const grid = monthGrid('2026-06-15', '2026-06-15');
    expect(grid.first).toBe('2026-06-01');
    expect(grid.month).toBe('2026-06-01');
  });

  it('always has six weeks of seven days, every row Monday to Sunday', () => {
    for (const month of ['2026-02-01', '2026-03-01', '2027-01-01', '2024-02-01']) {
      const grid = monthGrid(month, '2026-01-01');
      expect(grid.weeks).toHaveLength(6);
      for (const week of grid.weeks) {
        expect(week).toHaveLength(7);
        expect(dayjs(week[0]?.date).day()).toBe(1);
        expect(dayjs(week[6]?.date).day()).toBe(0);
      }
      expect(dayjs(grid.last).diff(dayjs(grid.first), 'day')).toBe(41);
    }
  });

  it('holds every day of the month once, in order', () => {
    const grid = monthGrid('2024-02-01', '2026-01-01');
    const inMonth = grid.weeks.flat().filter((day) => day.inMonth);
    expect(inMonth.map((day) => day.dayOfMonth)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
  });

  it('marks today', () => {
    const grid = monthGrid('2026-03-01', '2026-03-10');
    expect(
      grid.weeks
        .flat()
        .filter((day) => day.isToday)
        .map((day) => day.date),
    ).toEqual(['2026-03-10']);
  });

  it('is not thrown off by the daylight-saving change (last Sunday of March in Europe)', () => {
    const days = monthGrid('2026-03-01', '2026-03-01')
      .weeks.flat()
      .map((day) => day.date);
    expect(new Set(days).size).toBe(42);
    expect(days).toContain('2026-03-29');
    expect(days).toContain('2026-03-30');
  });

  it('names weekdays Monday first and months in Turkish', () => {
    expect(WEEKDAY_NAMES_TR[0]).toBe('Pzt');
    expect(WEEKDAY_NAMES_TR[6]).toBe('Paz');
    expect(monthTitle('2026-08-01')).toBe('Ağustos 2026');
  });
});

describe('calendar events', () => {
  it('files events under the day of their start, sorted by time', () => {
    const byDay = groupEventsByDay([
      { id: 1, start: '2026-03-10 15:00:00' },
      { id: 2, start: '2026-03-10 09:30:00' },
      { id: 3, start: '2026-03-11 08:00:00' },
      { id: 4, start: 'bozuk' },
    ]);
    expect(byDay.get('2026-03-10')?.map((event) => event.id)).toEqual([2, 1]);
    expect(byDay.get('2026-03-11')?.map((event) => event.id)).toEqual([3]);
    expect(byDay.size).toBe(2);
  });

  it('reads day and time from the API format', () => {
    expect(eventDay('2026-03-10 15:00:00')).toBe('2026-03-10');
    expect(eventTime('2026-03-10 15:05:00')).toBe('15:05');
    expect(eventTime('2026-03-10')).toBe('');
  });
});
