import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { format, messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { RecordFields, type RowAnswer } from '../../record-edit/RecordFields';
import { useRecordForm } from '../../record-edit/use-record-form';

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

function EditRecordForm({ table, id, answer, onClose }: EditRecordFormProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const form = useRecordForm(answer);
  const save = useCrmMutation('detailSave');
  const canWrite = answer.write_fields.length > 0;

  const submit = (): void => {
    if (Object.keys(form.changes).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { body: { table, id, inputs: form.changes } },
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
          <RecordFields
            answer={answer}
            values={form.values}
            onChange={form.setValue}
            testIdPrefix="edit-field-"
            autoFocus
          />
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
              disabled={!canWrite}
              data-testid="edit-submit"
            />
          </>
        }
      />
    </>
  );
}
