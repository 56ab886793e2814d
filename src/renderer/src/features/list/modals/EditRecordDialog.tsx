import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Spinner,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { CallResult, FieldMeta } from '../../../../../shared/contract';
import { format, messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { FieldEditor, type FieldEditorValue } from '../../../components/field-editors';
import { cellText, FieldValue } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import { changedInputs, editFormValues, groupByCategory, isEditable, type FormValues } from './record-form';

type RowAnswer = CallResult<'row'>;

export type EditRecordDialogProps = {
  table: string;
  id: number;
  onClose: () => void;
};

/**
 * The edit modal: the record's readable fields from POST /row, the writable ones editable, saved through
 * /detail/save/ (spec 1 §8 texts). Mounted only while open.
 */
export function EditRecordDialog({ table, id, onClose }: EditRecordDialogProps): ReactNode {
  const permissions = usePermissions();
  const record = useCrmQuery('row', { params: { table, id } }, { staleTime: 0 });
  const tableName = permissions.data?.tables.find((entry) => entry.table === table)?.name ?? table;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={format(uiTexts.editTitle, { table: tableName, id })}
      icon="edit"
      className="record-dialog record-dialog-wide"
    >
      {record.data ? (
        <EditRecordForm key={id} table={table} id={id} answer={record.data} onClose={onClose} />
      ) : (
        <DialogBody data-testid="edit-dialog">
          {record.isError ? <Callout intent="danger">{record.error.message}</Callout> : <Spinner size={24} />}
        </DialogBody>
      )}
    </Dialog>
  );
}

type EditRecordFormProps = {
  table: string;
  id: number;
  answer: RowAnswer;
  onClose: () => void;
};

function ReadOnlyField({ field, answer }: { field: FieldMeta; answer: RowAnswer }): ReactNode {
  const descriptor = {
    name: field.name,
    displayName: field.display_name,
    component: field.component.name,
    options: field.options,
  };
  return (
    <div className="record-readonly" data-testid={`edit-readonly-${field.name}`}>
      {cellText(answer.results[field.name]) === '' ? (
        <span className={Classes.TEXT_MUTED}>{uiTexts.emptyValue}</span>
      ) : (
        <FieldValue value={answer.results[field.name]} field={descriptor} row={answer.results} />
      )}
    </div>
  );
}

function EditRecordForm({ table, id, answer, onClose }: EditRecordFormProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const writable = useMemo(() => new Set(answer.write_fields), [answer.write_fields]);
  const editable = useMemo(
    () => answer.fields.filter((field) => isEditable(field, writable)),
    [answer.fields, writable],
  );
  const groups = useMemo(() => groupByCategory(answer.fields), [answer.fields]);
  // Fixed at mount: what the record was when the person started, to send only what they changed.
  const [initial] = useState<FormValues>(() => editFormValues(answer.results, editable));
  const [values, setValues] = useState<FormValues>(initial);
  const save = useCrmMutation('detailSave');

  const submit = (): void => {
    const inputs = changedInputs(initial, values);
    if (Object.keys(inputs).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { body: { table, id, inputs } },
      {
        onSuccess: (result) => {
          if (!result.success) {
            notifier.danger(messages.operationFailed, result.msg);
            return;
          }
          notifier.success(messages.savedSuccessfully);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
          void queryClient.invalidateQueries({ queryKey: crmKeys.call('row', { params: { table, id } }) });
          onClose();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  let first = true;
  return (
    <>
      <DialogBody data-testid="edit-dialog">
        <form
          noValidate
          id="edit-record-form"
          className="record-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {groups.map((group) => (
            <fieldset key={group.category} className="record-form-group">
              <legend>{group.category}</legend>
              <div className="record-form-grid">
                {group.fields.map((field) => {
                  const canEdit = isEditable(field, writable);
                  const autoFocus = canEdit && first;
                  if (autoFocus) first = false;
                  return (
                    <FormGroup key={field.name} label={field.display_name}>
                      {canEdit ? (
                        <FieldEditor
                          field={field}
                          mode="form"
                          value={values[field.name] ?? null}
                          onChange={(value: FieldEditorValue) =>
                            setValues((current) => ({ ...current, [field.name]: value }))
                          }
                          autoFocus={autoFocus}
                          testId={`edit-field-${field.name}`}
                        />
                      ) : (
                        <ReadOnlyField field={field} answer={answer} />
                      )}
                    </FormGroup>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.cancel} onClick={onClose} disabled={save.isPending} />
            <Button
              type="submit"
              form="edit-record-form"
              intent="primary"
              icon="tick"
              text={messages.save}
              loading={save.isPending}
              disabled={editable.length === 0}
              data-testid="edit-submit"
            />
          </>
        }
      />
    </>
  );
}
