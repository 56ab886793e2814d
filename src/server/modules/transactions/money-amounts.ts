import type { Kysely } from 'kysely';
import { DEFAULT_CURRENCY_ID, OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { currencyDecimals, readMoney } from '../../../shared/domain/money-input';
import { format } from '../../../shared/i18n/messages';
import { moneyMessages } from '../../../shared/i18n/money-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { WriteValue } from '../../engine/record-writer';

/**
 * The amounts of a transaction read in the currency they are booked in (docs/money.md#reading-amounts):
 * the money reader turns the text into exact decimal text, and the currency (option list 148, by its
 * code) decides how many decimals it may have: 2 for TRY, USD, EUR, 8 for crypto coins.
 */

/** The code of a currency of option list 148 ('TRY'), or null when the id names none. */
export async function currencyCode(db: Kysely<Database>, id: unknown): Promise<string | null> {
  const value = typeof id === 'number' || typeof id === 'string' ? String(id).trim() : '';
  if (!/^\d{1,10}$/.test(value)) return null;
  const row = await db
    .selectFrom('option_values')
    .select('label')
    .where('list_id', '=', OPTION_LIST_IDS.currencies)
    .where('value', '=', value)
    .executeTakeFirst();
  return row?.label ?? null;
}

/**
 * An amount as typed, or as a call or the engine already read it (the reader's answer reads back to
 * itself, so reading twice never changes an amount), in the currency `currencyId`; throws the refusal.
 */
export async function readAmountIn(
  db: Kysely<Database>,
  text: string,
  currencyId: unknown,
  field: string,
): Promise<string> {
  const reading = readMoney(text, { field, currency: await currencyCode(db, currencyId) });
  if (!reading.ok) throw DomainError.invalid(reading.error);
  return reading.value;
}

function textOf(value: WriteValue | undefined): string {
  if (value === null || value === undefined || Array.isArray(value)) return '';
  return String(value).trim();
}

function isBlank(value: WriteValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The requested amount of a generic write (inline, detail or bulk save, the importer), read in its
 * currency: the one written with it, else the rows' own (each of them on a bulk save), else the default.
 * A new currency alone is checked against the amounts already there, so '0.125' USDT cannot turn into
 * an amount TRY cannot hold.
 */
export async function checkRequestedAmount(
  trx: Kysely<Database>,
  mode: 'insert' | 'update',
  ids: readonly number[],
  values: Map<string, WriteValue>,
): Promise<void> {
  const field = moneyMessages.amountLabel;
  const hasCurrency = values.has('currency_id') && !isBlank(values.get('currency_id'));
  if (mode === 'insert') {
    const currency = hasCurrency ? values.get('currency_id') : DEFAULT_CURRENCY_ID;
    values.set('amount', await readAmountIn(trx, textOf(values.get('amount')), currency, field));
    return;
  }
  if (!values.has('amount') && !hasCurrency) return;
  const rows =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('transactions')
          .select(['amount', 'currency_id'])
          .where('id', 'in', [...ids])
          .execute();
  if (values.has('amount')) {
    const typed = textOf(values.get('amount'));
    const currencies = hasCurrency ? [values.get('currency_id')] : rows.map((row) => row.currency_id);
    let amount = typed;
    for (const currency of currencies.length > 0 ? currencies : [DEFAULT_CURRENCY_ID]) {
      amount = await readAmountIn(trx, typed, currency, field);
    }
    values.set('amount', amount);
    return;
  }
  const code = await currencyCode(trx, values.get('currency_id'));
  const decimals = currencyDecimals(code);
  // A stored NUMERIC is plain dot-decimal text, not something typed: its decimals are counted, not read.
  if (rows.some((row) => storedDecimals(String(row.amount)) > decimals)) {
    throw DomainError.invalid(
      format(moneyMessages.decimalsOfCurrency, { field, currency: code ?? '', decimals }),
    );
  }
}

/** Decimals a stored NUMERIC value really has ('0.12500000' has 3). */
function storedDecimals(value: string): number {
  const fraction = value.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** The booked amounts of an approval step, each in its currency (the call read their text already). */
export async function checkBookedAmounts(
  db: Kysely<Database>,
  input: {
    amount_bank?: string;
    bank_currency_id?: number;
    amount_platform?: string;
    platform_currency_id?: number;
  },
): Promise<void> {
  if (input.amount_bank !== undefined) {
    await readAmountIn(db, input.amount_bank, input.bank_currency_id, moneyMessages.bankAmountLabel);
  }
  if (input.amount_platform !== undefined) {
    await readAmountIn(
      db,
      input.amount_platform,
      input.platform_currency_id,
      moneyMessages.platformAmountLabel,
    );
  }
}
