import { InputGroup, TagInput, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { MAX_MONEY_DECIMALS } from '../../../../shared/domain/money-input';
import { MoneyInput, useMoneyReading } from '../../ui/MoneyInput';
import { useFieldOptions } from '../field-renderers';
import { uiTexts } from '../../i18n/ui-texts';
import { TurkishDateInput } from '../date-input';
import { emptyToNull, listValue, sanitizeInteger, singleValue, toColorInput } from './editor-values';
import { useEditorTable } from './editor-table';
import { OptionSelect } from './OptionSelect';
import type { FieldEditorProps } from './types';

/** data-testid as a spreadable prop bag, for Blueprint parts that only take props objects (TagInput's input). */
function testIdProps(testId: string | undefined): Record<string, string> {
  return testId ? { 'data-testid': testId } : {};
}

export type TextEditorProps = FieldEditorProps & { type: 'text' | 'email' | 'password' };

export function TextEditor({
  value,
  onChange,
  type,
  autoFocus,
  testId,
  disabled,
  placeholder,
  field,
}: TextEditorProps): ReactNode {
  return (
    <InputGroup
      type={type}
      value={singleValue(value)}
      onValueChange={(text) => onChange(emptyToNull(text))}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder={placeholder}
      // Browsers must not offer the agent's own saved password for a record's password field.
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      aria-label={field.display_name}
      data-testid={testId}
    />
  );
}

/** Whole numbers stay text as typed (digits and a minus), never floats. */
export function IntegerEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  placeholder,
  field,
}: FieldEditorProps): ReactNode {
  return (
    <InputGroup
      inputMode="numeric"
      value={singleValue(value)}
      onValueChange={(text) => onChange(emptyToNull(sanitizeInteger(text)))}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete="off"
      aria-label={field.display_name}
      data-testid={testId}
    />
  );
}

/**
 * double (money: a balance, an amount): the money input, typed as people write money and read back
 * under it ('= 1.000,00'). The text goes to the server as typed; the server reads it with the same
 * reader, in the decimals of the column or the currency (docs/money.md#reading-amounts).
 */
export function MoneyEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  field,
}: FieldEditorProps): ReactNode {
  const text = singleValue(value);
  const reading = useMoneyReading(text, {
    field: field.display_name,
    decimals: MAX_MONEY_DECIMALS,
    allowZero: true,
  });
  return (
    <MoneyInput
      ariaLabel={field.display_name}
      className="money-input-nested"
      text={text}
      onText={(typed) => onChange(emptyToNull(typed))}
      reading={reading}
      autoFocus={autoFocus}
      disabled={disabled}
      testId={testId}
    />
  );
}

export type DateEditorProps = FieldEditorProps & { withTime: boolean };

/** The shared Turkish picker; values go out as the API's 'YYYY-MM-DD HH:mm:ss' (a birthday: 'YYYY-MM-DD'). */
export function DateEditor({
  value,
  onChange,
  withTime,
  autoFocus,
  testId,
  disabled,
  field,
}: DateEditorProps): ReactNode {
  return (
    <TurkishDateInput
      withTime={withTime}
      value={singleValue(value)}
      onChange={(next) => onChange(emptyToNull(next))}
      autoFocus={autoFocus}
      disabled={disabled}
      fill
      ariaLabel={field.display_name}
      testId={testId}
    />
  );
}

export function TextAreaEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  placeholder,
  field,
}: FieldEditorProps): ReactNode {
  return (
    <TextArea
      fill
      autoResize
      rows={3}
      value={singleValue(value)}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={field.display_name}
      data-testid={testId}
    />
  );
}

/** A picker for the common case and the text next to it for names or rgb() the picker cannot show. */
export function ColorEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  field,
}: FieldEditorProps): ReactNode {
  const raw = singleValue(value);
  return (
    <div className="field-editor-color">
      <input
        type="color"
        className="field-editor-color-picker"
        value={toColorInput(raw)}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        aria-label={field.display_name}
        data-testid={testId ? `${testId}-picker` : undefined}
      />
      <InputGroup
        fill
        value={raw}
        onValueChange={(text) => onChange(emptyToNull(text.trim()))}
        autoFocus={autoFocus}
        disabled={disabled}
        placeholder="#2d72d2"
        autoComplete="off"
        aria-label={field.display_name}
        data-testid={testId}
      />
    </div>
  );
}

export function ChoiceEditor({
  field,
  value,
  onChange,
  multiple = false,
  autoFocus,
  testId,
  disabled,
  placeholder,
}: FieldEditorProps): ReactNode {
  const options = useFieldOptions(field.component.name, field.options);
  // A long list (agents) is searched on the server when the editor knows its table.
  const table = useEditorTable();
  return (
    <OptionSelect
      options={options.index?.items ?? []}
      loading={options.pending}
      remote={table === null ? null : { table, field: field.name }}
      value={listValue(value)}
      onChange={(next) => onChange(multiple ? (next.length > 0 ? next : null) : (next[0] ?? null))}
      multiple={multiple}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder={placeholder}
      testId={testId}
    />
  );
}

/** Several free values (filter types 11 and 12 on a non-choice field): Enter, comma or leaving the box adds one. */
export function TagsEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  placeholder,
}: FieldEditorProps): ReactNode {
  const values = listValue(value);
  const [draft, setDraft] = useState('');
  return (
    <TagInput
      fill
      values={values}
      inputValue={draft}
      onInputChange={(event) => setDraft(event.currentTarget.value)}
      addOnBlur
      addOnPaste
      separator={/[,\n\r]/}
      onChange={(next) => {
        const cleaned = next.map((item) => String(item).trim()).filter((item) => item !== '');
        onChange(cleaned.length > 0 ? [...new Set(cleaned)] : null);
        setDraft('');
      }}
      disabled={disabled}
      placeholder={placeholder ?? uiTexts.addValues}
      inputProps={{ autoFocus, ...testIdProps(testId) }}
      tagProps={{ minimal: true }}
    />
  );
}

/** modal, clickShow, permissionModal, leadDetailModal: the server fills them; forms only show them. */
export function ReadOnlyEditor({ value, testId, field }: FieldEditorProps): ReactNode {
  return (
    <InputGroup
      readOnly
      value={Array.isArray(value) ? value.join(', ') : (value ?? '')}
      className="field-editor-readonly"
      aria-label={field.display_name}
      aria-readonly
      data-testid={testId}
    />
  );
}
