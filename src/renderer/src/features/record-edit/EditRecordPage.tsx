import { Button, Callout, Card, NonIdealState } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { recordId, tableName } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { FullPageStatus } from '../../app/FullPageStatus';
import { useNotifier } from '../../app/toaster';
import { uiTexts } from '../../i18n/ui-texts';
import { PageNotFound } from '../not-found/PageNotFound';
import { RecordFields, type RowAnswer } from './RecordFields';
import { useRecordForm } from './use-record-form';

type EditFormProps = { table: string; id: number; answer: RowAnswer };

function EditForm({ table, id, answer }: EditFormProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const form = useRecordForm(answer);
  const save = useCrmMutation('detailSave');
  const changeCount = Object.keys(form.changes).length;
  const canWrite = answer.write_fields.length > 0;

  const submit = (): void => {
    if (changeCount === 0) {
      notifier.warning(uiTexts.noChanges);
      return;
    }
    const sent = form.values;
    save.mutate(
      { body: { table, id, inputs: form.changes } },
      {
        onSuccess: (result) => {
          if (!result.success) {
            notifier.danger(messages.operationFailed, result.msg);
            return;
          }
          form.markSaved(sent);
          notifier.success(messages.savedSuccessfully);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      data-testid="edit-page-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {canWrite ? null : (
        <Callout intent="primary" icon="lock" className="record-edit-callout">
          {uiTexts.noWritableFields}
        </Callout>
      )}
      <RecordFields
        answer={answer}
        values={form.values}
        onChange={form.setValue}
        testIdPrefix="edit-field-"
        autoFocus
      />
      {canWrite ? (
        <div className="record-form-actions">
          <span className="record-form-changes">
            {changeCount > 0 ? format(uiTexts.unsavedChanges, { count: changeCount }) : ''}
          </span>
          <Button
            text={uiTexts.undoChanges}
            icon="undo"
            variant="minimal"
            disabled={changeCount === 0 || save.isPending}
            onClick={form.reset}
          />
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={messages.save}
            loading={save.isPending}
            data-testid="edit-submit"
          />
        </div>
      ) : null}
    </form>
  );
}

type EditRecordViewProps = { table: string; id: number };

function EditRecordView({ table, id }: EditRecordViewProps): ReactNode {
  const permissions = usePermissions();
  const record = useCrmQuery('row', { params: { table, id } }, { staleTime: 0 });
  const tableLabel = permissions.data?.tables.find((entry) => entry.table === table)?.name ?? table;
  const title = format(uiTexts.editPageTitle, { table: tableLabel, id });

  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (record.isError) {
    const { kind, message } = record.error;
    if (kind === 'not_found' || kind === 'forbidden' || kind === 'invalid') {
      return (
        <div className="page page-centered" data-testid="record-not-found">
          <NonIdealState icon="search" title="404" description={messages.recordNotFound} />
        </div>
      );
    }
    return (
      <div className="page page-centered">
        <Callout intent="danger" icon="error" title={uiTexts.leadLoadFailed}>
          <p>{message}</p>
          <Button icon="refresh" text={messages.retry} onClick={() => void record.refetch()} />
        </Callout>
      </div>
    );
  }
  if (!record.data) return <FullPageStatus text={messages.loading} />;
  return (
    <div className="page record-edit-page" data-testid="edit-page">
      <div className="page-header">
        <h1 className="page-title" data-testid="edit-page-title">
          {title}
        </h1>
      </div>
      <Card className="record-edit-card" compact>
        <EditForm table={table} id={id} answer={record.data} />
      </Card>
    </div>
  );
}

/** /edit/{table}/{id} (spec 2 §2): the record's fields as a form, titled with the table's name and the id. */
export function EditRecordPage(): ReactNode {
  const params = useParams();
  const table = tableName.safeParse(params.table ?? '');
  const id = recordId.safeParse(params.id ?? '');
  if (!table.success || !id.success) return <PageNotFound />;
  return <EditRecordView key={`${table.data}/${id.data}`} table={table.data} id={id.data} />;
}
