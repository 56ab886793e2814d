import { z } from 'zod';
import { MAX_MONEY_DECIMALS, type MoneyReadOptions, readMoney } from '../domain/money-input';
import { format } from '../i18n/messages';
import { moneyMessages } from '../i18n/money-messages';

/**
 * Numbers as calls carry them. Forms send text, so every number is read from text here, once, by the
 * rules people expect: money by the money reader (docs/money.md#reading-amounts), whole numbers only as
 * digits. `z.coerce.number` is not used for either: it reads '1e2' as 100, '0x10' as 16 and '' as 0.
 */

/** Digits with an optional sign: what a whole number looks like in a form. */
const INTEGER_TEXT = /^[+-]?\d{1,15}$/;

/**
 * A whole number from a form (text) or JSON (number), checked by `schema` (range, messages). Text that is
 * not plain digits ('1e2', '0x10', '1.0', '', ' ') and booleans reach `schema` unread and are refused.
 */
export function integerInput<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (value) => (typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    schema,
  );
}

/**
 * An amount as a person types it, read into exact decimal text ('1.000' -> '1000.00'); refused with the
 * reader's Turkish sentence naming the field. Decimals default to the widest any currency takes: the
 * server checks them again against the currency the amount is in. JSON numbers are taken only when they
 * are whole (a fraction in a float is not exact); money with decimals comes as text.
 */
export function moneyInput(options: MoneyReadOptions) {
  const read: MoneyReadOptions = { decimals: MAX_MONEY_DECIMALS, ...options };
  // z.unknown, not a union of string and number: a missing or wrong value gets the reader's sentence too.
  return z.unknown().transform((value, context) => {
    const text =
      value === undefined || value === null
        ? ''
        : typeof value === 'number' && Number.isSafeInteger(value)
          ? String(value)
          : value;
    const reading =
      typeof text === 'string'
        ? readMoney(text, read)
        : { ok: false as const, error: format(moneyMessages.malformed, { field: options.field }) };
    if (!reading.ok) {
      context.addIssue({ code: 'custom', message: reading.error });
      return z.NEVER;
    }
    return reading.value;
  });
}
