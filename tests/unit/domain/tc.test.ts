import { describe, expect, it } from 'vitest';
import { isValidTc, TC_LENGTH } from '../../../src/shared/domain/tc';

/** Builds a valid number from its first nine digits with the official rule, independently written. */
function withCheckDigits(nine: string): string {
  const d = nine.split('').map(Number);
  const at = (i: number): number => d[i] ?? 0;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  let tenth = (odd * 7 - even) % 10;
  if (tenth < 0) tenth += 10;
  const eleventh = (d.reduce((a, b) => a + b, 0) + tenth) % 10;
  return `${nine}${tenth}${eleventh}`;
}

describe('isValidTc', () => {
  it('accepts numbers built with the official check digits', () => {
    expect(isValidTc('10000000146')).toBe(true);
    expect(isValidTc(withCheckDigits('123456789'))).toBe(true);
    for (const nine of ['100000001', '987654321', '555555555', '111111111', '190000000']) {
      const tc = withCheckDigits(nine);
      expect(tc).toHaveLength(TC_LENGTH);
      expect(isValidTc(tc), tc).toBe(true);
    }
  });

  it('handles a negative first check sum (the 10th digit uses the non-negative remainder)', () => {
    // odd digits 1,0,0,0,0 -> 7; even digits 9,9,9,9 -> 36; 7 - 36 = -29 -> 10th digit 1
    const tc = withCheckDigits('190909090');
    expect(tc.charAt(9)).toBe('1');
    expect(isValidTc(tc)).toBe(true);
  });

  it('refuses wrong check digits, wrong length, a leading 0 and non-digits', () => {
    const valid = withCheckDigits('123456789');
    const wrongTenth = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}${valid[10]}`;
    const wrongLast = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    expect(isValidTc(wrongTenth)).toBe(false);
    expect(isValidTc(wrongLast)).toBe(false);
    expect(isValidTc(valid.slice(0, 10))).toBe(false);
    expect(isValidTc(`${valid}1`)).toBe(false);
    expect(isValidTc(`0${valid.slice(1)}`)).toBe(false);
    expect(isValidTc('1234567890a')).toBe(false);
    expect(isValidTc(' 10000000146')).toBe(false);
    expect(isValidTc('')).toBe(false);
    expect(isValidTc('11111111111')).toBe(false);
  });
});
