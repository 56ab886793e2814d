/**
 * Offer (bid) totals (see docs/requirements.md#lead-money-task-and-report-data Offer template: answers with priceCalc and priceVal). Prices are decimal
 * text and are added digit by digit through BigInt cents, never through floats.
 */

/** A price as typed: digits, optionally '.' or ',' and at most two decimals; a minus is not a price. */
const PRICE = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;

/** '1.234,5' is not accepted (no thousands separators): one decimal mark, so nothing is ambiguous. */
export function parsePrice(text: string): bigint | null {
  const match = PRICE.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Cents as NUMERIC text: 123456n -> '1234.56'. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** A price as it is stored: '1250,5' -> '1250.50'; null when it is not a price. */
export function normalizePrice(text: string): string | null {
  const cents = parsePrice(text);
  return cents === null ? null : centsToDecimal(cents);
}

/** The total of the chosen answers that count towards the price (priceCalc), as NUMERIC text. */
export function bidTotal(chosen: readonly { priceCalc: boolean; priceVal: string }[]): string {
  let cents = 0n;
  for (const answer of chosen) {
    if (!answer.priceCalc) continue;
    cents += parsePrice(answer.priceVal) ?? 0n;
  }
  return centsToDecimal(cents);
}
