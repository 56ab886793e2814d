import { describe, expect, it } from 'vitest';
import {
  InvalidValueError,
  nextDay,
  parseDate,
  parseDecimal,
  parseInteger,
} from '../../../src/server/engine/values';

describe('engine value parsing', () => {
  it('parses days and moments, rejecting impossible dates', () => {
    expect(parseDate('2024-02-29')).toEqual({
      day: '2024-02-29',
      dateTime: '2024-02-29 00:00:00',
      dateOnly: true,
    });
    expect(parseDate('2025-03-01 09:05')).toEqual({
      day: '2025-03-01',
      dateTime: '2025-03-01 09:05:00',
      dateOnly: false,
    });
    expect(parseDate('2025-03-01T09:05:07.123').dateTime).toBe('2025-03-01 09:05:07');
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-01-01 24:00',
      '01.02.2025',
      'yesterday',
      '2025-1-1',
      "2025-01-01' or 1=1",
    ]) {
      expect(() => parseDate(bad), bad).toThrow(InvalidValueError);
    }
  });

  it('gives the next day across month and year ends', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2025-02-28')).toBe('2025-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });

  it('checks integers against their column type', () => {
    expect(parseInteger(' 42 ', 'integer')).toBe(42);
    expect(parseInteger('-7', 'smallint')).toBe(-7);
    expect(() => parseInteger('40000', 'smallint')).toThrow(InvalidValueError);
    expect(() => parseInteger('2147483648', 'integer')).toThrow(InvalidValueError);
    expect(() => parseInteger('1.5', 'integer')).toThrow(InvalidValueError);
    expect(() => parseInteger('1e3', 'integer')).toThrow(InvalidValueError);
    expect(() => parseInteger('', 'integer')).toThrow(InvalidValueError);
  });

  it('reads filter decimals as people write money, exactly', () => {
    expect(parseDecimal('1234.50')).toBe('1234.50');
    expect(parseDecimal('-0.5')).toBe('-0.50');
    expect(parseDecimal('1,5')).toBe('1.50');
    expect(parseDecimal('1.000')).toBe('1000.00');
    expect(parseDecimal('1.234,56')).toBe('1234.56');
    expect(parseDecimal('0.12345')).toBe('0.12345');
    expect(parseDecimal('0')).toBe('0.00');
    expect(parseDecimal('-0')).toBe('0.00');
    for (const bad of ['NaN', 'Infinity', '1e3', '--5', '1,000', '1.00.0', '']) {
      expect(() => parseDecimal(bad), bad).toThrow(InvalidValueError);
    }
  });
});
