import type { FieldMeta } from '../../../../shared/contract';

/** What an editor holds: text for one value, a list for multiple-choice filters, null when empty. */
export type FieldEditorValue = string | string[] | null;

/** 'filter' edits a search value (every field is editable); 'form' edits a record (display-only types stay read-only). */
export type FieldEditorMode = 'filter' | 'form';

export type FieldEditorProps = {
  field: FieldMeta;
  value: FieldEditorValue;
  onChange: (value: FieldEditorValue) => void;
  mode: FieldEditorMode;
  /** Several values (filter types 11 and 12): a multiple select for choice fields, tags for the rest. */
  multiple?: boolean;
  autoFocus?: boolean;
  /** Put on the element a person types into or clicks; option items get `{testId}-option-{value}`. */
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
};
