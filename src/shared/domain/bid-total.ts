import { type MoneyReading, readMoney } from './money-input';
import { moneyMessages } from '../i18n/money-messages';

/**
 * Offer (bid) totals (see docs/requirements.md#lead-money-task-and-report-data Offer template: answers with priceCalc and priceVal). Prices are read by
 * the money reader (docs/money.md#reading-amounts) and added digit by digit through BigInt cents, never
 * through floats.
 */

/** 12 whole digits: a total of every answer of a template stays within its NUMERIC(16,2) column. */
const PRICE_READ = { decimals: 2, allowZero: true, maxWholeDigits: 12 } as const;

/** A price as typed ('1.250,50', '0'), read for the answer it belongs to (named in the refusal). */
export function readPrice(text: string, question: string): MoneyReading {
  return readMoney(text, { ...PRICE_READ, field: `${moneyMessages.priceLabel} (${question})` });
}

/** A price in cents; null when it is not one. A price may be 0, never below. */
export function parsePrice(text: string): bigint | null {
  const reading = readMoney(text, { ...PRICE_READ, field: moneyMessages.priceLabel });
  if (!reading.ok) return null;
  const [whole = '0', fraction = ''] = reading.value.split('.');
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

/** The total of the chosen answers that count towards the price (priceCalc), as NUMERIC text. */
export function bidTotal(chosen: readonly { priceCalc: boolean; priceVal: string }[]): string {
  let cents = 0n;
  for (const answer of chosen) {
    if (!answer.priceCalc) continue;
    cents += parsePrice(answer.priceVal) ?? 0n;
  }
  return centsToDecimal(cents);
}
