import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { OPTION_LIST_IDS } from '../../../../shared/domain';
import { useOptions } from '../../api/options';

export type AmountInputProps = {
  label: string;
  currencyLabel: string;
  amount: string;
  currency: string;
  onAmount: (value: string) => void;
  onCurrency: (value: string) => void;
  testId: string;
};

/** An amount as text (never a float: the server takes it as an exact decimal) with its currency (list 148). */
export function AmountInput(props: AmountInputProps): ReactNode {
  const currencies = useOptions(OPTION_LIST_IDS.currencies);
  return (
    <div className="trx-amount">
      <FormGroup label={props.label} className="trx-amount-value">
        <InputGroup
          value={props.amount}
          inputMode="decimal"
          placeholder="0,00"
          onValueChange={props.onAmount}
          data-testid={`${props.testId}-amount`}
        />
      </FormGroup>
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
