/**
 * The one reading of money a person types, for every money input and every call that carries an amount
 * (see docs/money.md#reading-amounts). Text in, exact decimal text out, never through a float:
 * '1.000' -> '1000.00', '1.234,5' -> '1234.50', '1,000.50' -> '1000.50'. Anything that two readers could
 * take for different amounts is refused with a Turkish sentence naming the field, never guessed.
 */

import { moneyMessages as m } from '../i18n/money-messages';
import { formatDecimalTr } from './decimal';

/**
 * Decimals each currency of option list 148 takes, by its code (the option's label). Fiat money has
 * cents; crypto coins are booked to 8 decimals (a satoshi). A currency not listed takes 2.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  TRY: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  USDT: 8,
  USDC: 8,
  BTC: 8,
  ETH: 8,
};
export const DEFAULT_CURRENCY_DECIMALS = 2;
/** The most decimals any money field takes (the crypto coins'). */
export const MAX_MONEY_DECIMALS = 8;
/** 99 trillion: more than any instruction, and within NUMERIC(16,2) columns such as leads.balance. */
export const MAX_MONEY_WHOLE_DIGITS = 14;
/** Longer text is not an amount anybody typed; it is refused before it is looked at. */
const MAX_INPUT_LENGTH = 64;

/** Decimals of a currency by its code ('TRY', 'usdt '); unknown or missing codes take 2. */
export function currencyDecimals(code: string | null | undefined): number {
  const key = (code ?? '').trim().toUpperCase();
  return Object.hasOwn(CURRENCY_DECIMALS, key) ? (CURRENCY_DECIMALS[key] ?? 2) : DEFAULT_CURRENCY_DECIMALS;
}

export interface MoneyReadOptions {
  /** The field's label, named in every refusal ('Tutar', 'Banka tutarı'). */
  readonly field: string;
  /** The currency's code: decides the decimals (unless `decimals` is given) and is named in the refusal. */
  readonly currency?: string | null;
  /** Most decimals accepted; default: the currency's, else 2. */
  readonly decimals?: number;
  /** Prices and balances may be 0; an instruction's amount never is (default false). */
  readonly allowZero?: boolean;
  /** Most digits before the decimal mark (default 14). */
  readonly maxWholeDigits?: number;
}

/** Why a text was refused (the tests and the screens tell them apart; the person reads `error`). */
export type MoneyRefusal =
  'empty' | 'malformed' | 'digits' | 'negative' | 'ambiguous' | 'grouping' | 'decimals' | 'zero' | 'tooLarge';

export type MoneyReading =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly reason: MoneyRefusal; readonly error: string };

/**
 * What an amount may be made of once a leading '+' is taken off: ASCII digits, '.', ',' and the spaces
 * people and spreadsheets put between thousands (space, no-break, narrow no-break, thin).
 */
const AMOUNT_CHARACTERS = /^[0-9][0-9., \u00a0\u202f\u2009]*$/;
/** A digit of another script (fullwidth １, Arabic-Indic ١, ...): readable, but not what we store. */
const OTHER_DIGIT = /[^\P{Nd}0-9]/u;
const MINUS = /^[-\u2212\u2012\u2013]/;

type Mark = '.' | ',' | ' ';

function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * Splits '1.234,56' into its digit runs ['1', '234', '56'] and the marks between them ['.', ','];
 * null when two marks touch or the text does not start and end with a digit.
 */
function tokens(body: string): { runs: string[]; marks: Mark[] } | null {
  const runs: string[] = [];
  const marks: Mark[] = [];
  let run = '';
  for (const char of body) {
    if (char >= '0' && char <= '9') {
      run += char;
      continue;
    }
    if (run === '') return null;
    runs.push(run);
    run = '';
    marks.push(char === '.' || char === ',' ? char : ' ');
  }
  if (run === '') return null;
  runs.push(run);
  return { runs, marks };
}

/** Thousands groups: the first of 1-3 digits and not led by 0, every other of exactly 3. */
function validGroups(runs: readonly string[]): boolean {
  const [first = '', ...rest] = runs;
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((run) => /^\d{3}$/.test(run));
}

type Split =
  | { readonly ok: true; readonly whole: string; readonly fraction: string }
  | { readonly ok: false; readonly reason: 'ambiguous' | 'grouping' };

/**
 * Which mark is the decimal one (see docs/money.md#reading-amounts):
 * - a mark that appears once and is the last one, after marks of another kind, is the decimal mark
 *   ('1.234,56', '1,234.56', '1 234,56');
 * - a lone '.' or ',' followed by exactly three digits after 1-3 digits not led by 0 could group
 *   thousands: the dot does ('1.000' is one thousand, as a Turk writes it), the comma is refused as
 *   ambiguous ('1,000' is one thousand in English and one in Turkish);
 * - any other lone '.' or ',' is the decimal mark ('12.34', '1000,5', '0.125', '1.0000');
 * - every other mark groups thousands, all of one kind, in groups of three ('1.000.000', '1 000').
 */
function splitMarks(runs: readonly string[], marks: readonly Mark[]): Split {
  const last = marks.at(-1);
  let decimal: Mark | null = null;
  if ((last === '.' || last === ',') && marks.filter((mark) => mark === last).length === 1) {
    const [whole = '', fraction = ''] = runs;
    const couldGroup = marks.length === 1 && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
    if (!couldGroup) decimal = last;
    else if (last === ',') return { ok: false, reason: 'ambiguous' };
  }
  const wholeRuns = decimal === null ? runs : runs.slice(0, -1);
  const groupMarks = decimal === null ? marks : marks.slice(0, -1);
  if (groupMarks.length > 0 && (new Set(groupMarks).size > 1 || !validGroups(wholeRuns))) {
    return { ok: false, reason: 'grouping' };
  }
  return { ok: true, whole: wholeRuns.join(''), fraction: decimal === null ? '' : (runs.at(-1) ?? '') };
}

/**
 * Reads an amount as a person types it (Turkish first, English grouping understood) into exact decimal
 * text: the whole part, a dot, and the typed decimals padded to at least two
 * ('1.000' -> '1000.00', '0,125' in USDT -> '0.125'). Amounts are positive: a minus is refused, since the
 * transaction's type gives the direction. See docs/money.md#reading-amounts for the full rule.
 */
export function readMoney(input: string, options: MoneyReadOptions): MoneyReading {
  const field = options.field;
  const refuse = (reason: MoneyRefusal, extra: Record<string, string | number> = {}): MoneyReading => {
    const template = reason === 'decimals' && options.currency ? m.decimalsOfCurrency : m[reason];
    return { ok: false, reason, error: fill(template, { field, ...extra }) };
  };
  const text = input.trim();
  if (text === '') return refuse('empty');
  if (text.length > MAX_INPUT_LENGTH) return refuse('malformed');
  if (MINUS.test(text)) {
    return /^\s*\d/.test(text.slice(1)) ? refuse('negative') : refuse('malformed');
  }
  const body = text.startsWith('+') ? text.slice(1) : text;
  if (!AMOUNT_CHARACTERS.test(body)) return refuse(OTHER_DIGIT.test(body) ? 'digits' : 'malformed');
  const parts = tokens(body);
  if (parts === null) return refuse('malformed');
  const split = splitMarks(parts.runs, parts.marks);
  if (!split.ok) return refuse(split.reason);

  // '007' or '01.000' is no way anybody writes money; '0.500' and '0,5' are (a lone 0 before the mark).
  if (/^0\d/.test(split.whole)) return refuse('malformed');

  const decimals = options.decimals ?? currencyDecimals(options.currency);
  const maxWhole = options.maxWholeDigits ?? MAX_MONEY_WHOLE_DIGITS;
  const whole = split.whole;
  if (whole.length > maxWhole) return refuse('tooLarge', { digits: maxWhole });
  if (split.fraction.length > decimals) {
    if (decimals === 0) return { ok: false, reason: 'decimals', error: fill(m.wholeNumber, { field }) };
    return refuse('decimals', { decimals, currency: options.currency?.trim() ?? '' });
  }
  if (!options.allowZero && !/[1-9]/.test(whole + split.fraction)) return refuse('zero');
  const fraction = split.fraction.padEnd(Math.min(2, decimals), '0');
  return { ok: true, value: fraction === '' ? whole : `${whole}.${fraction}` };
}

/**
 * A stored amount shown back as a Turk reads it, with its currency: '1000.5' -> '1.000,50 TRY'. At least
 * the currency's decimals up to two are shown; any further decimal the value has is kept (never rounded).
 */
export function formatMoneyTr(value: string, currency?: string | null): string {
  const minimum = Math.min(2, currencyDecimals(currency));
  const number = formatDecimalTr(value, minimum) ?? value;
  const code = currency?.trim() ?? '';
  return code === '' ? number : `${number} ${code}`;
}
