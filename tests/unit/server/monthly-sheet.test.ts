import { describe, expect, it } from 'vitest';
import { moneyCell } from '../../../src/server/modules/report-monthly/monthly-sheet';

describe('moneyCell', () => {
  it('writes a sum as a number only when the number holds it exactly', () => {
    expect(moneyCell('157.50')).toBe(157.5);
    expect(moneyCell('0.30')).toBe(0.3);
    expect(moneyCell(undefined)).toBe(0);
    // 19 significant digits: a double would round it, so the exact text goes in.
    expect(moneyCell('12345678901234567.89')).toBe('12345678901234567.89');
  });
});
