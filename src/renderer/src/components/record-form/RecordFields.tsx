import { Classes, FormGroup } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import type { FieldMeta, RecordRow } from '../../../../shared/contract';
import type { RowAnswer } from '../../api/record-row';
import { FieldEditor, type FieldEditorValue } from '../field-editors';
import { cellText, FieldValue } from '../field-renderers';
import { uiTexts } from '../../i18n/ui-texts';
import { isEditable, layoutGroups, type FormValues, type LayoutSection } from './record-form';
import './record-form.css';

export type { RowAnswer };

export type ReadOnlyValueProps = { field: FieldMeta; row: RecordRow; testId: string };

/** A field the user may read but not write: shown as its list cell would show it. */
export function ReadOnlyValue({ field, row, testId }: ReadOnlyValueProps): ReactNode {
  const descriptor = {
    name: field.name,
    displayName: field.display_name,
    component: field.component.name,
    options: field.options,
  };
  return (
    <div className="record-field-readonly" data-testid={testId} aria-readonly>
      {cellText(row[field.name]) === '' ? (
        <span className={Classes.TEXT_MUTED}>{uiTexts.emptyValue}</span>
      ) : (
        <FieldValue value={row[field.name]} field={descriptor} row={row} />
      )}
    </div>
  );
}

export type RecordFieldsProps = {
  answer: RowAnswer;
  values: FormValues;
  onChange: (name: string, value: FieldEditorValue) => void;
  /** Editors get `{testIdPrefix}{name}`, read-only values `{testIdPrefix}{name}-readonly`. */
  testIdPrefix: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The user's layout of the table (sections of fields); null or absent: the fields' categories. */
  sections?: readonly LayoutSection[] | null;
};

/**
 * A record's fields grouped by category (the group holding the id last): editors for the fields the user
 * may write, read-only values for the rest. Shared by the lead's personal info and the generic edit page.
 */
export function RecordFields({
  answer,
  values,
  onChange,
  testIdPrefix,
  disabled = false,
  autoFocus = false,
  sections = null,
}: RecordFieldsProps): ReactNode {
  const writable = useMemo(() => new Set(answer.write_fields), [answer.write_fields]);
  const groups = useMemo(() => layoutGroups(answer.fields, sections), [answer.fields, sections]);
  let first = autoFocus;
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.category} className="record-fields-group" data-testid="record-fields-group">
          <legend>{group.category}</legend>
          <div className="record-fields-grid">
            {group.fields.map((field) => {
              const canEdit = isEditable(field, writable);
              const focus = canEdit && first;
              if (focus) first = false;
              return (
                <FormGroup key={field.name} label={field.display_name} className="record-fields-item">
                  {canEdit ? (
                    <FieldEditor
                      field={field}
                      mode="form"
                      value={values[field.name] ?? null}
                      onChange={(value) => onChange(field.name, value)}
                      autoFocus={focus}
                      disabled={disabled}
                      testId={`${testIdPrefix}${field.name}`}
                    />
                  ) : (
                    <ReadOnlyValue
                      field={field}
                      row={answer.results}
                      testId={`${testIdPrefix}${field.name}-readonly`}
                    />
                  )}
                </FormGroup>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
