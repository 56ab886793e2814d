import { Callout, Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { format, messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useRecordRow } from '../../../api/record-row';
import { uiTexts } from '../../../i18n/ui-texts';
import { FormDialogContent } from '../../../ui/FormDialog';
import { RecordFields, useRecordForm, useRecordSave, type RowAnswer } from '../../../components/record-form';

export type EditRecordDialogProps = {
  table: string;
  id: number;
  onClose: () => void;
};

/**
 * The edit modal: the record's readable fields from POST /row, the writable ones editable, saved through
 * /detail/save/ (see docs/requirements.md#messages-the-user-reads texts). Mounted only while open.
 */
export function EditRecordDialog({ table, id, onClose }: EditRecordDialogProps): ReactNode {
  const permissions = usePermissions();
  const record = useRecordRow({ params: { table, id } }, { staleTime: 0 });
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

function EditRecordForm({ table, id, answer, onClose }: EditRecordFormProps): ReactNode {
  const queryClient = useQueryClient();
  const form = useRecordForm(answer);
  const save = useRecordSave(table, id);
  const canWrite = answer.write_fields.length > 0;

  const submit = (): void => {
    if (Object.keys(form.changes).length === 0) {
      onClose();
      return;
    }
    save.save(form.changes, messages.savedSuccessfully, () => {
      void queryClient.invalidateQueries({ queryKey: crmKeys.call('row', { params: { table, id } }) });
      onClose();
    });
  };

  return (
    <FormDialogContent
      testId="edit-dialog"
      formId="edit-record-form"
      formClassName="record-form"
      onSubmit={submit}
      onCancel={onClose}
      pending={save.pending}
      submitDisabled={!canWrite}
      submitTestId="edit-submit"
    >
      <RecordFields
        answer={answer}
        values={form.values}
        onChange={form.setValue}
        testIdPrefix="edit-field-"
        autoFocus
      />
      {save.question}
    </FormDialogContent>
  );
}
