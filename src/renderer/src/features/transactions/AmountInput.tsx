import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { type MoneyReading, OPTION_LIST_IDS } from '../../../../shared/domain';
import { useOptions } from '../../api/options';
import { MoneyInput, useMoneyReading } from '../../ui/MoneyInput';

/** The code of a currency of option list 148 by its id ('6' -> 'TRY'); null until the list is loaded. */
export function useCurrencyCode(currencyId: string): string | null {
  const currencies = useOptions(OPTION_LIST_IDS.currencies);
  return currencies.data?.byValue.get(currencyId)?.label ?? null;
}

export type AmountReading = { reading: MoneyReading; currency: string | null };

/** An amount typed in the currency `currencyId`: read with that currency's decimals (money-input.ts). */
export function useAmountReading(text: string, field: string, currencyId: string): AmountReading {
  const currency = useCurrencyCode(currencyId);
  return { reading: useMoneyReading(text, { field, currency }), currency };
}

export type AmountInputProps = {
  label: string;
  currencyLabel: string;
  amount: string;
  currency: string;
  onAmount: (value: string) => void;
  onCurrency: (value: string) => void;
  /** The parent's reading of `amount` in `currency` (useAmountReading): the one its step sends. */
  read: AmountReading;
  showRequired?: boolean;
  testId: string;
};

/**
 * An amount with its currency (list 148): the money input shows what is read ('= 1.000,00 TRY') or why
 * not, in the chosen currency's decimals, before the step is sent.
 */
export function AmountInput(props: AmountInputProps): ReactNode {
  const currencies = useOptions(OPTION_LIST_IDS.currencies);
  return (
    <div className="trx-amount">
      <MoneyInput
        label={props.label}
        className="trx-amount-value"
        text={props.amount}
        onText={props.onAmount}
        reading={props.read.reading}
        currency={props.read.currency}
        showRequired={props.showRequired}
        testId={`${props.testId}-amount`}
      />
      <FormGroup label={props.currencyLabel}>
        <HTMLSelect
          value={props.currency}
          onChange={(event) => props.onCurrency(event.currentTarget.value)}
          data-testid={`${props.testId}-currency`}
          options={(currencies.data?.items ?? []).map((item) => ({
            value: String(item.value),
            label: item.label,
          }))}
        />
      </FormGroup>
    </div>
  );
}
