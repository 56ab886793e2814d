import { Callout, FormGroup, Spinner, Switch } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useRecordRow } from '../../../api/record-row';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { FieldEditor, OptionSelect, type FieldEditorValue } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import { FormDialog } from '../../../ui/FormDialog';
import {
  bulkEditableFields,
  EMPTY_BULK_FORM,
  validateBulkForm,
  type BulkFormCheck,
  type BulkFormState,
} from '../rows/bulk-form';

export type BulkEditDialogProps = {
  table: string;
  /** The selected rows, ascending; the first one tells which fields this user may write. */
  ids: readonly number[];
  onClose: () => void;
  /** After the server took the change: the list reloads and the selection clears. */
  onSaved: () => void;
};

type FieldPickerProps = {
  fields: readonly FieldMeta[];
  value: string | null;
  onChange: (name: string | null) => void;
  testId: string;
  autoFocus?: boolean;
};

function FieldPicker({ fields, value, onChange, testId, autoFocus }: FieldPickerProps): ReactNode {
  const options = useMemo(
    () => fields.map((field) => ({ label: field.display_name, value: field.name })),
    [fields],
  );
  return (
    <OptionSelect
      options={options}
      value={value ? [value] : []}
      onChange={(next) => onChange(next[0] ?? null)}
      multiple={false}
      autoFocus={autoFocus}
      testId={testId}
    />
  );
}

/** The Düzenle form of the bulk actions (see docs/requirements.md#records-notes-and-settings bulk form, type 1), mounted only while open. */
export function BulkEditDialog({ table, ids, onClose, onSaved }: BulkEditDialogProps): ReactNode {
  const notifier = useNotifier();
  const firstId = ids[0] ?? 0;
  // /row answers which fields this user may write; /fields only says which they may list.
  const record = useRecordRow({ params: { table, id: firstId } }, { enabled: firstId > 0, staleTime: 0 });
  const fields = useMemo(
    () => (record.data ? bulkEditableFields(record.data.fields, record.data.write_fields) : []),
    [record.data],
  );
  const byName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);
  const [form, setForm] = useState<BulkFormState>(EMPTY_BULK_FORM);
  const [problem, setProblem] = useState<Extract<BulkFormCheck, { ok: false }> | null>(null);
  const save = useCrmMutation('bulkSave');

  const update = (patch: Partial<BulkFormState>): void => {
    setForm((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  const submit = (): void => {
    const check = validateBulkForm(form);
    if (!check.ok) {
      setProblem(check);
      return;
    }
    save.mutate(
      { body: { ...check.body, ids: [...ids], table } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          notifier.success(answer.msg);
          onSaved();
          onClose();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  const field = form.fieldName ? byName.get(form.fieldName) : undefined;
  const field2 = form.fieldName2 ? byName.get(form.fieldName2) : undefined;

  let body: ReactNode;
  if (record.isPending) {
    body = <Spinner size={24} />;
  } else if (record.isError) {
    body = <Callout intent="danger">{record.error.message}</Callout>;
  } else if (fields.length === 0) {
    body = <Callout intent="warning">{uiTexts.noWritableFields}</Callout>;
  } else {
    body = (
      <>
        <p className="bulk-selection" data-testid="bulk-selection">
          {format(uiTexts.bulkSelection, { count: ids.length })}
        </p>
        <FormGroup
          label={uiTexts.bulkField}
          labelInfo="*"
          intent={problem?.field === 'fieldName' ? 'danger' : 'none'}
          helperText={problem?.field === 'fieldName' ? problem.message : undefined}
        >
          <FieldPicker
            fields={fields}
            value={form.fieldName}
            onChange={(name) => update({ fieldName: name, fieldValue: null })}
            testId="bulk-field"
            autoFocus
          />
        </FormGroup>
        {field ? (
          <FormGroup label={`${uiTexts.bulkValue}: ${field.display_name}`}>
            <FieldEditor
              key={field.name}
              field={field}
              mode="form"
              value={form.fieldValue}
              onChange={(value: FieldEditorValue) => update({ fieldValue: value })}
              testId="bulk-value"
            />
          </FormGroup>
        ) : null}
        <Switch
          label={uiTexts.doubleUpdate}
          checked={form.doubleUpdate}
          onChange={(event) => update({ doubleUpdate: event.currentTarget.checked })}
          data-testid="bulk-double"
        />
        {form.doubleUpdate ? (
          <>
            <FormGroup
              label={uiTexts.bulkField2}
              labelInfo="*"
              intent={problem?.field === 'fieldName2' ? 'danger' : 'none'}
            >
              <FieldPicker
                fields={fields}
                value={form.fieldName2}
                onChange={(name) => update({ fieldName2: name, fieldValue2: null })}
                testId="bulk-field2"
              />
            </FormGroup>
            {field2 ? (
              <FormGroup label={`${uiTexts.bulkValue2}: ${field2.display_name}`}>
                <FieldEditor
                  key={field2.name}
                  field={field2}
                  mode="form"
                  value={form.fieldValue2}
                  onChange={(value: FieldEditorValue) => update({ fieldValue2: value })}
                  testId="bulk-value2"
                />
              </FormGroup>
            ) : null}
          </>
        ) : null}
        {problem ? (
          <Callout intent="danger" compact role="alert" data-testid="bulk-error">
            {problem.message}
          </Callout>
        ) : null}
      </>
    );
  }

  return (
    <FormDialog
      onClose={onClose}
      title={uiTexts.bulkEditTitle}
      icon="edit"
      className="bulk-edit-dialog"
      testId="bulk-dialog"
      formId="bulk-edit-form"
      formClassName="record-form"
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={fields.length === 0}
      submitTestId="bulk-submit"
    >
      {body}
    </FormDialog>
  );
}
