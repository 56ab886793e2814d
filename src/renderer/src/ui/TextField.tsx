import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';

export type TextFieldProps = {
  /** The input's id, which its label points at; also its test id unless testId says otherwise. */
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  helperText?: ReactNode;
  testId?: string;
};

/** One labelled text input, the row every settings form and dialog is made of. */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  type = 'text',
  autoComplete,
  helperText,
  testId,
}: TextFieldProps): ReactNode {
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      <InputGroup
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onValueChange={onValueChange}
        data-testid={testId ?? id}
      />
    </FormGroup>
  );
}
