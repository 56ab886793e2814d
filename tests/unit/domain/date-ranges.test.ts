import { describe, it, expect } from 'vitest';
import dayjs from 'dayjs';
import {
  DATE_QUICK_RANGES,
  formatDateTimeTr,
  formatDateTr,
  resolveQuickRange,
  toApiDateTime,
} from '../../../src/shared/domain/date-ranges';

// Local-time dates, so the expectations hold in any time zone.
const now = new Date(2024, 2, 15, 10, 30, 45); // 15 March 2024, a Friday

describe('DATE_QUICK_RANGES', () => {
  it('lists the options of docs/requirements.md#filters-and-list-input in order, with Turkish labels', () => {
    expect(DATE_QUICK_RANGES.map((range) => range.label)).toEqual([
      'Bugün',
      'Dün',
      '2 gün',
      '3 gün',
      '4 gün',
      '5 gün',
      '6 gün',
      '1 hafta',
      '2 hafta',
      '3 hafta',
      'Ay başından beri',
      '30 gün',
      '60 gün',
      '90 gün',
      '120 gün',
      '150 gün',
      '180 gün',
      'Özel',
    ]);
    expect(new Set(DATE_QUICK_RANGES.map((range) => range.key)).size).toBe(DATE_QUICK_RANGES.length);
  });

  it('resolves every key but custom, ending today (yesterday: the day before)', () => {
    for (const { key } of DATE_QUICK_RANGES) {
      const range = resolveQuickRange(key, now);
      if (key === 'custom') expect(range).toBeNull();
      else if (key === 'yesterday') expect(range?.end).toBe('2024-03-14 23:59:59');
      else expect(range?.end).toBe('2024-03-15 23:59:59');
    }
  });
});

describe('resolveQuickRange', () => {
  it('today is the whole current day', () => {
    expect(resolveQuickRange('today', now)).toEqual({
      start: '2024-03-15 00:00:00',
      end: '2024-03-15 23:59:59',
    });
  });

  it('yesterday is only yesterday', () => {
    expect(resolveQuickRange('yesterday', now)).toEqual({
      start: '2024-03-14 00:00:00',
      end: '2024-03-14 23:59:59',
    });
  });

  it('N days are the last N days including today', () => {
    expect(resolveQuickRange('last2Days', now)?.start).toBe('2024-03-14 00:00:00');
    expect(resolveQuickRange('last6Days', now)?.start).toBe('2024-03-10 00:00:00');
    expect(resolveQuickRange('last30Days', now)?.start).toBe('2024-02-15 00:00:00');
    expect(resolveQuickRange('last180Days', now)?.start).toBe('2023-09-18 00:00:00');
  });

  it('weeks are 7, 14 and 21 days including today', () => {
    expect(resolveQuickRange('last1Week', now)?.start).toBe('2024-03-09 00:00:00');
    expect(resolveQuickRange('last2Weeks', now)?.start).toBe('2024-03-02 00:00:00');
    expect(resolveQuickRange('last3Weeks', now)?.start).toBe('2024-02-24 00:00:00');
  });

  it('month start runs from the 1st of the current month', () => {
    expect(resolveQuickRange('monthStart', now)).toEqual({
      start: '2024-03-01 00:00:00',
      end: '2024-03-15 23:59:59',
    });
  });

  it('crosses month and year boundaries', () => {
    const newYear = new Date(2024, 0, 1, 0, 0, 0);
    expect(resolveQuickRange('yesterday', newYear)).toEqual({
      start: '2023-12-31 00:00:00',
      end: '2023-12-31 23:59:59',
    });
    expect(resolveQuickRange('monthStart', newYear)).toEqual({
      start: '2024-01-01 00:00:00',
      end: '2024-01-01 23:59:59',
    });
  });

  it('returns null for custom and unknown keys', () => {
    expect(resolveQuickRange('custom', now)).toBeNull();
    expect(resolveQuickRange('nope', now)).toBeNull();
    expect(resolveQuickRange('toString', now)).toBeNull();
  });
});

describe('toApiDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(toApiDateTime(now)).toBe('2024-03-15 10:30:45');
    expect(toApiDateTime(new Date(2024, 0, 5, 3, 4, 5))).toBe('2024-01-05 03:04:05');
  });
});

describe('formatDateTimeTr / formatDateTr', () => {
  it('uses Turkish month names', () => {
    expect(formatDateTimeTr(now)).toBe('15 Mart 2024, 10:30');
    expect(formatDateTr(now)).toBe('15 Mart 2024');
    expect(formatDateTimeTr('2024-08-02 09:05:00')).toBe('02 Ağustos 2024, 09:05');
    expect(formatDateTr('2024-02-29')).toBe('29 Şubat 2024');
  });

  it('gives an empty string for null, empty, zero or invalid dates', () => {
    for (const value of [null, undefined, '', '   ', '0000-00-00 00:00:00', 'not a date']) {
      expect(formatDateTimeTr(value)).toBe('');
      expect(formatDateTr(value)).toBe('');
    }
    expect(formatDateTimeTr(new Date(Number.NaN))).toBe('');
  });

  it('does not change the global dayjs locale', () => {
    formatDateTimeTr(now);
    expect(dayjs.locale()).toBe('en');
  });
});
