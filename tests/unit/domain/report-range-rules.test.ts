import { describe, expect, it } from 'vitest';
import {
  describeRange,
  describeRangeRule,
  isRangeRule,
  rangeOfRule,
  type RangeRule,
} from '../../../src/shared/domain/report-range-rules';

describe('range rules of scheduled reports (see docs/user-guide.md#scheduled-reports)', () => {
  // Wednesday 14 January 2026, 08:00
  const wednesday = '2026-01-14 08:00:00';
  it.each([
    [{ kind: 'yesterday' }, '2026-01-13 00:00:00', '2026-01-13 23:59:59'],
    [{ kind: 'last_7_days' }, '2026-01-08 00:00:00', '2026-01-14 23:59:59'],
    [{ kind: 'last_30_days' }, '2025-12-16 00:00:00', '2026-01-14 23:59:59'],
    [{ kind: 'this_week' }, '2026-01-12 00:00:00', '2026-01-14 23:59:59'],
    [{ kind: 'last_week' }, '2026-01-05 00:00:00', '2026-01-11 23:59:59'],
    [{ kind: 'this_month' }, '2026-01-01 00:00:00', '2026-01-14 23:59:59'],
    [{ kind: 'last_month' }, '2025-12-01 00:00:00', '2025-12-31 23:59:59'],
    [{ kind: 'fixed', start: '2025-11-01', end: '2025-11-30' }, '2025-11-01 00:00:00', '2025-11-30 23:59:59'],
  ] as [RangeRule, string, string][])('%j sent on 14.01.2026 covers %s – %s', (rule, start, end) => {
    expect(rangeOfRule(rule, wednesday)).toEqual({ start, end });
  });

  it('moves with the send: the next week’s mail covers the next week', () => {
    expect(rangeOfRule({ kind: 'last_7_days' }, '2026-01-21 08:00:00')).toEqual({
      start: '2026-01-15 00:00:00',
      end: '2026-01-21 23:59:59',
    });
    // A Monday: "last week" is the whole week before, "this week" only the day itself.
    expect(rangeOfRule({ kind: 'last_week' }, '2026-01-19 08:00:00').start).toBe('2026-01-12 00:00:00');
    expect(rangeOfRule({ kind: 'this_week' }, '2026-01-19 08:00:00').start).toBe('2026-01-19 00:00:00');
    // March 1st of a leap year: last month is February with its 29 days.
    expect(rangeOfRule({ kind: 'last_month' }, '2028-03-01 06:00:00')).toEqual({
      start: '2028-02-01 00:00:00',
      end: '2028-02-29 23:59:59',
    });
  });

  it('checks a rule', () => {
    expect(isRangeRule({ kind: 'last_7_days' })).toBe(true);
    expect(isRangeRule({ kind: 'fixed', start: '2025-12-01', end: '2025-12-31' })).toBe(true);
    expect(isRangeRule({ kind: 'fixed', start: '2025-12-31', end: '2025-12-01' })).toBe(false);
    expect(isRangeRule({ kind: 'fixed', start: '2025-02-30', end: '2025-12-01' })).toBe(false);
    expect(isRangeRule({ kind: 'son 7 gün' })).toBe(false);
    expect(isRangeRule(null)).toBe(false);
  });

  it('says the rule and the range in Turkish, dates as 31.12.2025', () => {
    expect(describeRangeRule({ kind: 'last_7_days' })).toBe('Son 7 gün');
    expect(describeRangeRule({ kind: 'fixed', start: '2025-12-01', end: '2025-12-31' })).toBe(
      '01.12.2025 – 31.12.2025 (sabit)',
    );
    expect(describeRange({ start: '2026-01-08 00:00:00', end: '2026-01-14 23:59:59' })).toBe(
      '08.01.2026 – 14.01.2026',
    );
  });
});
