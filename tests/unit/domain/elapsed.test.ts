import { describe, expect, it } from 'vitest';
import { elapsedMs, formatElapsedTr, isOverdue } from '../../../src/shared/domain/elapsed';

describe('elapsed time in a queue', () => {
  const now = new Date(2026, 10, 28, 12, 0, 0);
  it.each([
    ['2026-11-28 11:59:30', 'az önce'],
    ['2026-11-28 11:35:00', '25 dk'],
    ['2026-11-28 09:00:00', '3 saat'],
    ['2026-11-26 11:00:00', '2 gün'],
    ['2026-11-28T08:59:59', '3 saat'],
  ])('%s waited %s', (since, text) => {
    const ms = elapsedMs(since, now);
    expect(ms).not.toBeNull();
    expect(formatElapsedTr(ms ?? 0)).toBe(text);
  });
  it('a future or unreadable time', () => {
    expect(elapsedMs('2026-11-29 00:00:00', now)).toBe(0);
    expect(elapsedMs('dün', now)).toBeNull();
  });
  it('marks a wait over the limit', () => {
    expect(isOverdue(25 * 3_600_000, 24)).toBe(true);
    expect(isOverdue(24 * 3_600_000, 24)).toBe(false);
  });
});
