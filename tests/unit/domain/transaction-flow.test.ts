import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUS_FLOWS,
  flowAllows,
  ibanChecksumValid,
  initialStatus,
  isValidTrIban,
  nextStatuses,
  parseStatusFlow,
  tabStatuses,
  TRX_STATUS as S,
} from '../../../src/shared/domain/transaction-flow';
import {
  emptyMoneyForm,
  moneyFormError,
  moneyInputs,
} from '../../../src/renderer/src/features/lead-detail/money/money-form';
import { format } from '../../../src/shared/i18n/messages';
import { moneyMessages } from '../../../src/shared/i18n/money-messages';
import { transactionMessages as t } from '../../../src/shared/i18n/transaction-messages';

describe('IBAN (see docs/requirements.md#money-importer-and-lead-input, ISO 13616 mod-97)', () => {
  it('accepts valid Turkish IBANs, with spaces and in lower case', () => {
    expect(isValidTrIban('TR330006100519786457841326')).toBe(true);
    expect(isValidTrIban('tr33 0006 1005 1978 6457 8413 26')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, another country or letters where digits belong', () => {
    expect(isValidTrIban('TR330006100519786457841327')).toBe(false);
    expect(isValidTrIban('TR33000610051978645784132')).toBe(false);
    expect(isValidTrIban('DE89370400440532013000')).toBe(false);
    expect(isValidTrIban('TR33000610051978645784132A')).toBe(false);
    expect(isValidTrIban('')).toBe(false);
  });

  it('checks the ISO example of another country with the same algorithm', () => {
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumValid('GB82WEST12345698765433')).toBe(false);
  });
});

describe('statuses, tabs and flows (see docs/requirements.md#task-customer-and-money-states, #constants-and-limits)', () => {
  it('starts deposits at 2, withdrawals at 5, anything else at 1', () => {
    expect(initialStatus('YATIRIM')).toBe(2);
    expect(initialStatus('ÇEKİM')).toBe(5);
    expect(initialStatus('HAVALE')).toBe(1);
  });

  it('lists the spec tab statuses, with the department pending lists', () => {
    expect(tabStatuses('all', 'admin')).toBeNull();
    expect(tabStatuses('spec', 'sales_manager')).toEqual([4, 7, 8, 12, 13, 14]);
    expect(tabStatuses('spec', 'risk')).toEqual([1, 2, 4, 7, 8, 13, 14, 16]);
    expect(tabStatuses('spec', 'finance')).toEqual([3, 4, 5, 7, 8, 12, 13, 14]);
    expect(tabStatuses('pending', 'finance', [2, 5])).toEqual([2, 5]);
    expect(tabStatuses('completed', 'finance')).toEqual([12, 14]);
    expect(tabStatuses('cancelled', 'risk')).toEqual([4, 7, 8, 13]);
  });

  it('gives finance the first decision and risk the second, nobody else', () => {
    const deposit = DEFAULT_STATUS_FLOWS[S.depositRequested];
    expect(flowAllows(deposit, 'finance', S.financeApproved)).toBe(true);
    expect(flowAllows(deposit, 'risk', S.depositCompleted)).toBe(false);
    expect(nextStatuses(deposit, 'sales')).toEqual([]);
    const approved = DEFAULT_STATUS_FLOWS[S.financeApproved];
    expect(flowAllows(approved, 'risk', S.riskApproved)).toBe(true);
    expect(flowAllows(approved, 'finance', S.financeApproved)).toBe(false);
    expect(nextStatuses(DEFAULT_STATUS_FLOWS[S.depositCompleted], 'admin')).toEqual([]);
  });

  it('reads a stored flow, and refuses shapes that are not department -> status ids', () => {
    expect(parseStatusFlow('{"finance":[14,"4"]}')).toEqual({ finance: [14, 4] });
    expect(parseStatusFlow(null)).toEqual({});
    expect(parseStatusFlow('{"finance":"14"}')).toBeNull();
    expect(parseStatusFlow('[1,2]')).toBeNull();
    expect(parseStatusFlow('{"risk":[0]}')).toBeNull();
    expect(parseStatusFlow('not json')).toBeNull();
  });
});

describe('the create form (see docs/requirements.md#money-importer-and-lead-input)', () => {
  const withdrawal = {
    ...emptyMoneyForm(),
    type: 'ÇEKİM',
    amount: '1.250,75',
    login: '7000001',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
    iban_name: 'Ayşe Yılmaz',
    comment: 'Kar çekimi',
  };

  it('asks in the spec words for what is missing', () => {
    expect(moneyFormError({ ...withdrawal, amount: '' })).toBe(t.amountRequired);
    expect(moneyFormError({ ...withdrawal, login: '' })).toBe(t.platformRequired);
    expect(moneyFormError({ ...withdrawal, comment: ' ' })).toBe(t.commentRequired);
    expect(moneyFormError({ ...withdrawal, iban: 'TR12' })).toBe(t.invalidIban);
    expect(moneyFormError({ ...withdrawal, gateway_id: '5', iban: '' })).toBe(t.walletRequired);
    expect(moneyFormError(withdrawal)).toBeNull();
  });

  it('reads the amount with the money reader, in the chosen currency, and sends what it read', () => {
    const field = { field: moneyMessages.amountLabel };
    expect(moneyFormError({ ...withdrawal, amount: '1,000' }, 'TRY')).toBe(
      format(moneyMessages.ambiguous, field),
    );
    expect(moneyFormError({ ...withdrawal, amount: '0,125' }, 'TRY')).toBe(
      format(moneyMessages.decimalsOfCurrency, { ...field, currency: 'TRY', decimals: 2 }),
    );
    expect(moneyFormError({ ...withdrawal, amount: '0,125' }, 'USDT')).toBeNull();
    expect(moneyInputs(7, { ...withdrawal, amount: '1.000' }, 'TRY').amount).toBe('1000.00');
    expect(moneyInputs(7, { ...withdrawal, amount: '1,000.50' }, 'TRY').amount).toBe('1000.50');
  });

  it('sends the amount as exact text and only the fields of its type', () => {
    expect(moneyInputs(7, withdrawal)).toEqual({
      customer_id: 7,
      type: 'ÇEKİM',
      gateway_id: 1,
      amount: '1250.75',
      currency_id: '1',
      login: '7000001',
      comment: 'Kar çekimi',
      iban: 'TR33 0006 1005 1978 6457 8413 26',
      iban_name: 'Ayşe Yılmaz',
    });
    const deposit = moneyInputs(7, { ...withdrawal, type: 'YATIRIM', comment: '', delivery_iban: 'Ziraat' });
    expect(deposit).not.toHaveProperty('iban');
    expect(deposit.delivery_iban).toBe('Ziraat');
  });
});
