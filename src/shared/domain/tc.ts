/**
 * The Turkish national id (T.C. kimlik no): 11 digits, the first not 0, and two check digits. The 10th
 * digit is ((d1 + d3 + d5 + d7 + d9) * 7 - (d2 + d4 + d6 + d8)) mod 10, the 11th is the sum of the first
 * ten mod 10 (the official algorithm of NVİ).
 */
export const TC_LENGTH = 11;

export function isValidTc(raw: string): boolean {
  if (!/^[1-9]\d{10}$/.test(raw)) return false;
  const d = [...raw].map(Number);
  const at = (i: number): number => d[i] ?? 0;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  // JavaScript's % keeps the sign; the official rule wants the non-negative remainder.
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== at(9)) return false;
  const sumFirstTen = d.slice(0, 10).reduce((sum, digit) => sum + digit, 0);
  return sumFirstTen % 10 === at(10);
}
