import { describe, expect, it } from 'vitest';
import { formatDecimalTr } from '../../../src/shared/domain';

describe('formatDecimalTr', () => {
  it('writes money as Turkish readers do, digit for digit', () => {
    expect(formatDecimalTr('1234567.89')).toBe('1.234.567,89');
    expect(formatDecimalTr('1234.5')).toBe('1.234,50');
    expect(formatDecimalTr('50')).toBe('50,00');
    expect(formatDecimalTr('0.10')).toBe('0,10');
    expect(formatDecimalTr('-999.99')).toBe('-999,99');
    expect(formatDecimalTr('-0.00')).toBe('0,00');
  });

  it('never rounds: more decimals than two stay, and a float could not hold this', () => {
    expect(formatDecimalTr('0.125')).toBe('0,125');
    expect(formatDecimalTr('90071992547409931.01')).toBe('90.071.992.547.409.931,01');
    expect(formatDecimalTr('7', 0)).toBe('7');
  });

  it('leaves anything that is not a plain decimal to the caller', () => {
    expect(formatDecimalTr('1e5')).toBeNull();
    expect(formatDecimalTr('12,5')).toBeNull();
    expect(formatDecimalTr('')).toBeNull();
    expect(formatDecimalTr('abc')).toBeNull();
  });
});
