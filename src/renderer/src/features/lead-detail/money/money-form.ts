import { type MoneyReading, readMoney } from '../../../../../shared/domain/money-input';
import {
  DEFAULT_CURRENCY_ID,
  GATEWAYS,
  isValidTrIban,
  TRANSACTION_TYPES,
} from '../../../../../shared/domain/transaction-flow';
import { moneyMessages } from '../../../../../shared/i18n/money-messages';
import { transactionMessages as t } from '../../../../../shared/i18n/transaction-messages';

/** The create form's values (see docs/requirements.md#money-importer-and-lead-input), all text as typed. */
export interface MoneyFormValues {
  type: string;
  gateway_id: string;
  amount: string;
  currency_id: string;
  login: string;
  iban: string;
  iban_name: string;
  delivery_iban: string;
  comment: string;
  lead_remitter_id: string;
  backDated: boolean;
  created_at: string;
}

export function emptyMoneyForm(): MoneyFormValues {
  return {
    type: TRANSACTION_TYPES.deposit,
    gateway_id: String(GATEWAYS.bankTransfer),
    amount: '',
    currency_id: String(DEFAULT_CURRENCY_ID),
    login: '',
    iban: '',
    iban_name: '',
    delivery_iban: '',
    comment: '',
    lead_remitter_id: '',
    backDated: false,
    created_at: '',
  };
}

/** The amount as typed, read in the chosen currency (its code; null until known: 2 decimals). */
export function readFormAmount(values: MoneyFormValues, currency: string | null): MoneyReading {
  return readMoney(values.amount, { field: moneyMessages.amountLabel, currency });
}

/**
 * The form's own checks, in the spec's words, before anything is sent (the server checks all of them
 * again): gateway, amount (docs/money.md#reading-amounts) and platform required; a withdrawal needs a
 * comment, IBAN and holder for gateway 1 (26 characters, mod-97), wallet address and type for gateway 5.
 * Null when it may be sent.
 */
export function moneyFormError(values: MoneyFormValues, currency: string | null = null): string | null {
  if (values.gateway_id === '') return t.gatewayRequired;
  const amount = readFormAmount(values, currency);
  if (!amount.ok) return amount.error;
  if (values.login === '') return t.platformRequired;
  if (values.type === TRANSACTION_TYPES.withdrawal) {
    if (values.comment.trim() === '') return t.commentRequired;
    const gateway = Number(values.gateway_id);
    if (gateway === GATEWAYS.bankTransfer) {
      if (!isValidTrIban(values.iban)) return t.invalidIban;
      if (values.iban_name.trim() === '') return t.ibanNameRequired;
    }
    if (gateway === GATEWAYS.cryptoWallet && (values.iban.trim() === '' || values.iban_name.trim() === '')) {
      return t.walletRequired;
    }
  }
  return null;
}

/**
 * The inline save's inputs: only what this type and gateway use; the amount as the exact decimal text
 * the form showed ('1.000' -> '1000.00').
 */
export function moneyInputs(
  customerId: number,
  values: MoneyFormValues,
  currency: string | null = null,
): Record<string, string | number> {
  const amount = readFormAmount(values, currency);
  const withdrawal = values.type === TRANSACTION_TYPES.withdrawal;
  const gateway = Number(values.gateway_id);
  const inputs: Record<string, string | number> = {
    customer_id: customerId,
    type: values.type,
    gateway_id: gateway,
    amount: amount.ok ? amount.value : values.amount,
    currency_id: values.currency_id,
    login: values.login,
  };
  if (values.comment.trim() !== '') inputs.comment = values.comment.trim();
  if (withdrawal && (gateway === GATEWAYS.bankTransfer || gateway === GATEWAYS.cryptoWallet)) {
    inputs.iban = values.iban.trim();
    inputs.iban_name = values.iban_name.trim();
  }
  if (!withdrawal && values.delivery_iban.trim() !== '') inputs.delivery_iban = values.delivery_iban.trim();
  if (values.lead_remitter_id !== '') inputs.lead_remitter_id = values.lead_remitter_id;
  if (values.backDated && values.created_at !== '') inputs.created_at = values.created_at;
  return inputs;
}
