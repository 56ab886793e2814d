import { describe, expect, it } from 'vitest';
import { MAX_RECEIVERS, parseReceivers } from '../../../src/shared/domain/receivers';
import { monthKey, parseMonthKey } from '../../../src/shared/domain/report-months';

describe('parseReceivers', () => {
  it('takes comma-separated addresses, trimmed, blanks and repeats dropped', () => {
    expect(parseReceivers(' a@firma.com.tr, b.c@ornek.com ,, A@firma.com.tr')).toEqual({
      ok: true,
      addresses: ['a@firma.com.tr', 'b.c@ornek.com'],
    });
  });

  it('names the first address that is not one', () => {
    expect(parseReceivers('a@firma.com, yanlis@, c@d.com')).toEqual({
      ok: false,
      reason: 'invalid',
      address: 'yanlis@',
    });
    expect(parseReceivers('Ali <ali@firma.com>')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseReceivers('ali@firma')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseReceivers('ali veli@firma.com')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('needs one address and takes at most MAX_RECEIVERS', () => {
    expect(parseReceivers(' , ')).toEqual({ ok: false, reason: 'empty' });
    const many = Array.from({ length: MAX_RECEIVERS + 1 }, (_, i) => `k${i}@firma.com`).join(',');
    expect(parseReceivers(many)).toEqual({ ok: false, reason: 'too-many' });
  });
});

describe('monthKey', () => {
  it('zero-prefixes months below 10 and reads them back', () => {
    expect(monthKey(2026, 3)).toBe('2026-03');
    expect(monthKey(2026, 11)).toBe('2026-11');
    expect(parseMonthKey('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthKey('2026-3')).toBeNull();
    expect(parseMonthKey('2026-13')).toBeNull();
  });
});
