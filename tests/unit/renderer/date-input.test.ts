import { describe, expect, it } from 'vitest';
import {
  DATE_TEXT_FORMAT,
  DATE_TIME_TEXT_FORMAT,
  PICKER_MAX_DATE,
  PICKER_MIN_DATE,
  apiToPickerValue,
  formatDateText,
  normalizeApiDateTime,
  parseDateText,
  pickerToApiValue,
} from '../../../src/renderer/src/components/date-input/date-input-values';

// Local wall time, as the agent's clock reads it.
const MARCH_5 = new Date(2026, 2, 5, 14, 7);

describe('Turkish date text (DD.MM.YYYY, never mm/dd/yyyy)', () => {
  it('formats day first, with a 24-hour time when asked', () => {
    expect(DATE_TEXT_FORMAT).toBe('DD.MM.YYYY');
    expect(DATE_TIME_TEXT_FORMAT).toBe('DD.MM.YYYY HH:mm');
    expect(formatDateText(MARCH_5, false)).toBe('05.03.2026');
    expect(formatDateText(MARCH_5, true)).toBe('05.03.2026 14:07');
    expect(formatDateText(new Date(2026, 11, 31, 23, 59), true)).toBe('31.12.2026 23:59');
  });

  it('reads what a person types, day first, with or without leading zeros', () => {
    expect(parseDateText('05.03.2026', false)).toEqual(new Date(2026, 2, 5));
    expect(parseDateText('5.3.2026', false)).toEqual(new Date(2026, 2, 5));
    expect(parseDateText(' 05.03.2026 14:07 ', true)).toEqual(MARCH_5);
    expect(parseDateText('5.3.2026 9:05', true)).toEqual(new Date(2026, 2, 5, 9, 5));
    // a bare date in a date-time box is midnight; the calendar adds the time
    expect(parseDateText('05.03.2026', true)).toEqual(new Date(2026, 2, 5, 0, 0));
  });

  it('refuses impossible or foreign-order dates instead of rolling them over', () => {
    expect(parseDateText('31.02.2026', false)).toBe(false);
    expect(parseDateText('03/05/2026', false)).toBe(false);
    expect(parseDateText('2026-03-05', false)).toBe(false);
    expect(parseDateText('13.13.2026', false)).toBe(false);
    expect(parseDateText('05.03.2026 25:00', true)).toBe(false);
    expect(parseDateText('05.03.26', false)).toBe(false);
  });

  it('reads an empty box as no date', () => {
    expect(parseDateText('', false)).toBeNull();
    expect(parseDateText('   ', true)).toBeNull();
  });
});

describe('API values ↔ the picker', () => {
  it("gives the picker local wall time, so it shows exactly the server's value", () => {
    expect(apiToPickerValue('2026-03-05 14:07:09', true)).toBe('2026-03-05T14:07:09');
    expect(apiToPickerValue('2026-03-05', true)).toBe('2026-03-05T00:00:00');
    expect(apiToPickerValue('1990-01-31', false)).toBe('1990-01-31T00:00:00');
    // a birthday stored with a time still shows as its day
    expect(apiToPickerValue('1990-01-31 00:00:00', false)).toBe('1990-01-31T00:00:00');
    expect(apiToPickerValue('', true)).toBeNull();
    expect(apiToPickerValue('2026-13-45 10:00:00', true)).toBeNull();
    expect(apiToPickerValue('0000-00-00 00:00:00', true)).toBeNull();
  });

  it("sends the API's formats back: YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss", () => {
    expect(pickerToApiValue('2026-03-05', false)).toBe('2026-03-05');
    expect(pickerToApiValue('2026-03-05T14:07+03:00', true)).toBe('2026-03-05 14:07:00');
    expect(pickerToApiValue('2026-03-05T14:07-05:00', true)).toBe('2026-03-05 14:07:00');
    expect(pickerToApiValue('2026-03-05', true)).toBe('2026-03-05 00:00:00');
    expect(pickerToApiValue(null, true)).toBe('');
    expect(pickerToApiValue('', false)).toBe('');
  });

  it('keeps the seconds of the previous value while its minute stays (end of day stays 23:59:59)', () => {
    expect(pickerToApiValue('2026-03-05T23:59+03:00', true, '2026-03-05 23:59:59')).toBe(
      '2026-03-05 23:59:59',
    );
    expect(pickerToApiValue('2026-03-06T23:59+03:00', true, '2026-03-05 23:59:59')).toBe(
      '2026-03-06 23:59:00',
    );
    expect(pickerToApiValue('2026-03-05T10:00+03:00', true, '2026-03-05 23:59:59')).toBe(
      '2026-03-05 10:00:00',
    );
  });

  it('normalizes a picked date-time for the reminder calls, null without a time', () => {
    expect(normalizeApiDateTime('2026-03-05 14:07:00')).toBe('2026-03-05 14:07:00');
    expect(normalizeApiDateTime('2026-03-05 14:07')).toBe('2026-03-05 14:07:00');
    expect(normalizeApiDateTime('2026-03-05T14:07')).toBe('2026-03-05 14:07:00');
    expect(normalizeApiDateTime('2026-03-05')).toBeNull();
    expect(normalizeApiDateTime('')).toBeNull();
  });

  it('offers birthdays from 1900 and plans two decades ahead', () => {
    expect(PICKER_MIN_DATE).toEqual(new Date(1900, 0, 1));
    expect(PICKER_MAX_DATE.getFullYear()).toBe(new Date().getFullYear() + 20);
  });
});
