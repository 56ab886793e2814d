const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal as Turkish readers write money: '1234567.8' -> '1.234.567,80'. Works on the text alone, so a
 * NUMERIC value is shown digit for digit (never through a float); at least `minFractionDigits` decimals,
 * and every decimal the value has (none is rounded away). null for text that is not a plain decimal.
 */
export function formatDecimalTr(text: string, minFractionDigits = 2): string | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimals = fraction.padEnd(minFractionDigits, '0');
  const negative = sign === '-' && /[1-9]/.test(digits + fraction);
  return `${negative ? '-' : ''}${grouped}${decimals === '' ? '' : `,${decimals}`}`;
}
