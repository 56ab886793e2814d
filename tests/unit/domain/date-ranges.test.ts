import { describe, it, expect } from 'vitest';
import dayjs from 'dayjs';
import {
  DATE_QUICK_RANGES,
  formatCountTr,
  formatDateTimeTr,
  formatRelativeTr,
  formatDateTr,
  resolveQuickRange,
  toApiDateTime,
} from '../../../src/shared/domain/date-ranges';
import { formatMoneyTr } from '../../../src/shared/domain/money-input';

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

describe('formatRelativeTr', () => {
  const at = new Date(2025, 11, 31, 14, 5, 0);
  it('says how long ago in Turkish', () => {
    expect(formatRelativeTr('2025-12-31 14:04:30', at)).toBe('az önce');
    expect(formatRelativeTr('2025-12-31 13:50:00', at)).toBe('15 dakika önce');
    expect(formatRelativeTr('2025-12-31 11:00:00', at)).toBe('3 saat önce');
    expect(formatRelativeTr('2025-12-29 14:05:00', at)).toBe('2 gün önce');
    expect(formatRelativeTr('2025-12-31 17:05:00', at)).toBe('3 saat sonra');
  });
  it('falls back to the absolute date past a week and to empty for no date', () => {
    expect(formatRelativeTr('2025-12-01 09:00:00', at)).toBe('01.12.2025 09:00');
    expect(formatRelativeTr('', at)).toBe('');
    expect(formatRelativeTr(null, at)).toBe('');
  });
});

describe('formatCountTr / formatMoneyTr', () => {
  it('uses Turkish separators', () => {
    expect(formatCountTr(12345)).toBe('12.345');
    expect(formatCountTr(1234567)).toBe('1.234.567');
    expect(formatCountTr(0)).toBe('0');
    expect(formatMoneyTr('1500')).toBe('1.500,00');
    expect(formatMoneyTr('1500.5', 'TRY')).toBe('1.500,50 TRY');
    expect(formatMoneyTr('1234567.89')).toBe('1.234.567,89');
  });
});

describe('toApiDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(toApiDateTime(now)).toBe('2024-03-15 10:30:45');
    expect(toApiDateTime(new Date(2024, 0, 5, 3, 4, 5))).toBe('2024-01-05 03:04:05');
  });
});

describe('formatDateTimeTr / formatDateTr', () => {
  it('prints the one Turkish style: 31.12.2025 and 31.12.2025 14:05', () => {
    expect(formatDateTimeTr(now)).toBe('15.03.2024 10:30');
    expect(formatDateTr(now)).toBe('15.03.2024');
    expect(formatDateTimeTr('2024-08-02 09:05:00')).toBe('02.08.2024 09:05');
    expect(formatDateTimeTr('2025-12-31 14:05:59')).toBe('31.12.2025 14:05');
    expect(formatDateTr('2024-02-29')).toBe('29.02.2024');
    expect(formatDateTr('2025-12-31 23:59:59')).toBe('31.12.2025');
  });

  it('never prints ISO or month names', () => {
    for (const text of [formatDateTimeTr('2024-08-02T09:05:00'), formatDateTr('2024-08-02')]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(text).not.toMatch(/[A-Za-zğşıöüçĞŞİÖÜÇ]/);
    }
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
