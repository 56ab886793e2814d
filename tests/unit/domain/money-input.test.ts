import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatMoneyTr,
  type MoneyReadOptions,
  type MoneyRefusal,
  readMoney,
} from '../../../src/shared/domain';
import { format } from '../../../src/shared/i18n/messages';
import { moneyMessages } from '../../../src/shared/i18n/money-messages';

/**
 * The money reader the server and every renderer money input share (docs/money.md#reading-amounts).
 * Each row: what a person types, the currency, and the exact decimal text stored, or why it is refused.
 */
const TRY: MoneyReadOptions = { field: 'Tutar', currency: 'TRY' };
const USDT: MoneyReadOptions = { field: 'Tutar', currency: 'USDT' };

const value = (text: string, options: MoneyReadOptions = TRY): string => {
  const reading = readMoney(text, options);
  if (!reading.ok) throw new Error(`${JSON.stringify(text)} refused: ${reading.error}`);
  return reading.value;
};
const reason = (text: string, options: MoneyReadOptions = TRY): MoneyRefusal | 'read' => {
  const reading = readMoney(text, options);
  return reading.ok ? 'read' : reading.reason;
};

describe('readMoney: the table of the issue', () => {
  it.each([
    ['1.000', '1000.00'],
    ['1.000,50', '1000.50'],
    ['1000,5', '1000.50'],
    ['1000.50', '1000.50'],
    ['1,000.50', '1000.50'],
  ])('reads %s as %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it.each([
    ['1.00.0', 'grouping'],
    ['1e3', 'malformed'],
    ['--5', 'malformed'],
    ['１０', 'digits'],
    ['', 'empty'],
    ['1,505', 'ambiguous'],
    ['10,505', 'ambiguous'],
    ['10,5050', 'decimals'],
  ])('refuses %s (%s)', (text, why) => {
    expect(reason(text)).toBe(why);
  });
});

describe('readMoney: thousands and decimal marks', () => {
  it.each([
    // Dot groups of three are thousands, however many.
    ['1.000.000', '1000000.00'],
    ['12.345.678,90', '12345678.90'],
    ['999.999', '999999.00'],
    // Comma groups (English) when there are two or more, or a dot decimal follows.
    ['1,000,000', '1000000.00'],
    ['1,000,000.5', '1000000.50'],
    ['1.234,5', '1234.50'],
    // One mark followed by one, two or four-plus digits is the decimal mark, either mark.
    ['12.34', '12.34'],
    ['12,34', '12.34'],
    ['1.5', '1.50'],
    ['0,5', '0.50'],
    ['0.05', '0.05'],
    // A leading 0 never starts a thousands group: '0.500' and '0,500' are halves (USDT has the decimals).
    ['0.500', '0.500'],
    ['0,125', '0.125'],
    // Spaces (also no-break and narrow no-break, as spreadsheets paste them) group thousands.
    [' 1 000,50 ', '1000.50'],
    ['1\u00a0000,50', '1000.50'],
    ['1\u202f000\u202f000', '1000000.00'],
    ['1 000.50', '1000.50'],
    // Plain digits and a leading plus.
    ['7', '7.00'],
    ['0,5', '0.50'],
    ['+25', '25.00'],
    ['+1.000', '1000.00'],
    ['99999999999999', '99999999999999.00'],
  ])('reads %s as %s', (text, expected) => {
    expect(value(text, USDT)).toBe(expected);
  });

  it.each([
    // A lone comma with three digits: thousand in English, one in Turkish. Refused, never guessed.
    ['1,000', 'ambiguous'],
    ['999,999', 'ambiguous'],
    // Broken groups.
    ['1.234.56', 'grouping'],
    ['1,00,000', 'grouping'],
    ['10 00', 'grouping'],
    ['1.000 000', 'grouping'],
    ['1,5.000', 'grouping'],
    ['1.000,000,5', 'grouping'],
    // Leading zeros: nobody writes money so ('01.000' would be 1 or 1000).
    ['01.000', 'malformed'],
    ['007', 'malformed'],
    ['00,5', 'malformed'],
    ['1.0000.000', 'grouping'],
    // Not a number as people write money.
    [',5', 'malformed'],
    ['5,', 'malformed'],
    ['.5', 'malformed'],
    ['1..000', 'malformed'],
    ['1,,5', 'malformed'],
    ['1  000', 'malformed'],
    ['++5', 'malformed'],
    ['+-5', 'malformed'],
    ['1_000', 'malformed'],
    ["1'000", 'malformed'],
    ['0x10', 'malformed'],
    ['Infinity', 'malformed'],
    ['NaN', 'malformed'],
    ['10 TL', 'malformed'],
    ['₺10', 'malformed'],
    ['1E3', 'malformed'],
    ['1\t000', 'malformed'],
    ['abc', 'malformed'],
    ['1'.repeat(65), 'malformed'],
    // Digits of other scripts.
    ['١٠', 'digits'],
    ['۱۰۰', 'digits'],
    ['1０', 'digits'],
    // Amounts are positive: the transaction type says the direction.
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['- 5', 'negative'],
    ['-1.000,50', 'negative'],
    ['0', 'zero'],
    ['0,00', 'zero'],
    ['0.000', 'zero'],
    ['   ', 'empty'],
    ['999999999999999', 'tooLarge'],
    ['1.000.000.000.000.000', 'tooLarge'],
  ])('refuses %s (%s)', (text, why) => {
    expect(reason(text, USDT)).toBe(why);
  });
});

describe('readMoney: decimals of the currency', () => {
  it('takes two decimals in TRY, USD, EUR and unknown currencies, eight in crypto coins', () => {
    expect(currencyDecimals('TRY')).toBe(2);
    expect(currencyDecimals('usd')).toBe(2);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('XYZ')).toBe(2);
    expect(currencyDecimals(null)).toBe(2);
    expect(currencyDecimals(' USDT ')).toBe(8);
    expect(currencyDecimals('BTC')).toBe(8);
  });

  it('refuses more decimals than the currency takes, counting typed zeros (a typo shows there)', () => {
    expect(reason('1.0000')).toBe('decimals');
    expect(reason('12,345')).toBe('ambiguous');
    expect(reason('1234,567')).toBe('decimals');
    expect(reason('0.125')).toBe('decimals');
    expect(reason('1000,500')).toBe('decimals');
    expect(value('1.0000', USDT)).toBe('1.0000');
    expect(value('0,12345678', USDT)).toBe('0.12345678');
    expect(reason('0,123456789', USDT)).toBe('decimals');
    expect(value('1234,567', { field: 'Tutar', decimals: 8 })).toBe('1234.567');
  });

  it('says which field, how many decimals and which currency', () => {
    const reading = readMoney('1,2345', { field: 'Banka tutarı', currency: 'TRY' });
    expect(reading).toEqual({
      ok: false,
      reason: 'decimals',
      error: format(moneyMessages.decimalsOfCurrency, {
        field: 'Banka tutarı',
        currency: 'TRY',
        decimals: 2,
      }),
    });
    expect(readMoney('', { field: 'Fiyat' })).toMatchObject({ error: 'Fiyat zorunludur' });
    expect(readMoney('1,2345', { field: 'Fiyat', decimals: 2 })).toMatchObject({
      error: format(moneyMessages.decimals, { field: 'Fiyat', decimals: 2 }),
    });
    expect(readMoney('1,5', { field: 'Adet', decimals: 0 })).toMatchObject({
      reason: 'decimals',
      error: format(moneyMessages.wholeNumber, { field: 'Adet' }),
    });
    for (const text of ['1e3', '-5', '1,000', '1.234.56', '0', '１０']) {
      const refused = readMoney(text, { field: 'Platform tutarı', currency: 'USD' });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.startsWith('Platform tutarı ')).toBe(true);
        expect(refused.error).not.toContain(text);
      }
    }
  });

  it('accepts zero where asked (prices, balances) and a smaller whole part where asked', () => {
    expect(value('0', { field: 'Fiyat', allowZero: true })).toBe('0.00');
    expect(value('0,00', { field: 'Fiyat', allowZero: true })).toBe('0.00');
    expect(reason('1.000.000.000.000', { field: 'Fiyat', maxWholeDigits: 12 })).toBe('tooLarge');
    expect(value('999.999.999.999', { field: 'Fiyat', maxWholeDigits: 12 })).toBe('999999999999.00');
    expect(value('5', { field: 'Adet', decimals: 0 })).toBe('5');
  });

  it('reads its own answer back unchanged (the server may read it again)', () => {
    for (const text of ['1.000', '1.234,56', '0,5', '12.34', '1 000 000']) {
      const once = value(text);
      expect(value(once)).toBe(once);
    }
    for (const text of ['0,125', '1.0000', '0,12345678']) {
      const once = value(text, USDT);
      expect(value(once, USDT)).toBe(once);
    }
  });
});

describe('formatMoneyTr', () => {
  it('shows an amount back as a Turk reads it, with its currency', () => {
    expect(formatMoneyTr('1000.00', 'TRY')).toBe('1.000,00 TRY');
    expect(formatMoneyTr('1234.56', 'USD')).toBe('1.234,56 USD');
    expect(formatMoneyTr('1000', 'EUR')).toBe('1.000,00 EUR');
    expect(formatMoneyTr('0.125', 'USDT')).toBe('0,125 USDT');
    expect(formatMoneyTr('1000000.5')).toBe('1.000.000,50');
    expect(formatMoneyTr(value('1.234,56'), 'TRY')).toBe('1.234,56 TRY');
  });
});
