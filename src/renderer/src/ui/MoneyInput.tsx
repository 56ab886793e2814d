import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useMemo, type ReactNode } from 'react';
import { formatMoneyTr, type MoneyReadOptions, type MoneyReading, readMoney } from '../../../shared/domain';
import './money-input.css';

/** The reading of what is typed into a money input, kept while the text and the rules stay the same. */
export function useMoneyReading(text: string, options: MoneyReadOptions): MoneyReading {
  const { field, currency, decimals, allowZero, maxWholeDigits } = options;
  return useMemo(
    () => readMoney(text, { field, currency, decimals, allowZero, maxWholeDigits }),
    [text, field, currency, decimals, allowZero, maxWholeDigits],
  );
}

export type MoneyInputProps = {
  /** The visible label; without one, `ariaLabel` names the input (a compact row). */
  label?: ReactNode;
  labelInfo?: string;
  ariaLabel?: string;
  /** The text as typed: it stays as typed, the reading below tells what it is. */
  text: string;
  onText: (text: string) => void;
  /** The parent's reading of `text` (useMoneyReading): the same one its save checks and sends. */
  reading: MoneyReading;
  /** The currency's code, shown after the amount ('1.000,00 TRY'). */
  currency?: string | null;
  /** Also say that an empty input is required (after a save was tried). */
  showRequired?: boolean;
  /** Shown under the empty input. */
  hint?: ReactNode;
  /** On the input; its reading line gets `{testId}-preview` or `{testId}-error`. */
  testId?: string;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
};

/**
 * The one money input of every screen (docs/money.md#reading-amounts): the person types as they write
 * money ('1.000', '1.234,56'), and sees right under it what the CRM reads ('= 1.000,00 TRY') or why it
 * cannot ('Tutar belirsiz: ...'), before anything is saved. The parent blocks its save on the same
 * reading and sends the reading's exact text, so what was shown is what is stored.
 */
export function MoneyInput(props: MoneyInputProps): ReactNode {
  const { reading, text, testId } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const typed = text.trim() !== '';
  const refusal = !reading.ok && (typed || props.showRequired === true) ? reading.error : null;
  const shown = reading.ok ? formatMoneyTr(reading.value, props.currency) : null;
  const note = refusal ? (
    <span className="money-input-error" role="alert" data-testid={testId && `${testId}-error`}>
      {refusal}
    </span>
  ) : shown ? (
    <span className="money-input-preview" data-testid={testId && `${testId}-preview`}>
      = {shown}
    </span>
  ) : (
    props.hint
  );
  return (
    <FormGroup
      label={props.label}
      labelFor={id}
      labelInfo={props.labelInfo}
      helperText={note}
      intent={refusal ? 'danger' : 'none'}
      className={['money-input', props.className].filter(Boolean).join(' ')}
    >
      <InputGroup
        id={id}
        value={text}
        onValueChange={props.onText}
        inputMode="decimal"
        placeholder="0,00"
        autoComplete="off"
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        intent={refusal ? 'danger' : 'none'}
        aria-label={props.label === undefined ? props.ariaLabel : undefined}
        aria-invalid={refusal !== null}
        data-testid={testId}
      />
    </FormGroup>
  );
}
