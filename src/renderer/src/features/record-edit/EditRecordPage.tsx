import { Button, Callout, Card, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { recordId, tableName } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useRecordRow } from '../../api/record-row';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { FullPageStatus } from '../../ui/FullPageStatus';
import { uiTexts } from '../../i18n/ui-texts';
import { PageNotFound } from '../not-found';
import { RecordEditForm } from '../../components/record-form';
import { useNotifier } from '../../ui/toaster';
import { DetailLayoutEditor } from './DetailLayoutEditor';

type EditRecordViewProps = { table: string; id: number };

function EditRecordView({ table, id }: EditRecordViewProps): ReactNode {
  const permissions = usePermissions();
  const notifier = useNotifier();
  const record = useRecordRow({ params: { table, id } }, { staleTime: 0 });
  const layout = useCrmQuery('detailLayout', { params: { table } });
  const [editing, setEditing] = useState(false);
  const saveLayout = useCrmMutation('detailLayoutSave', {
    onSuccess: (answer) => {
      setEditing(false);
      void layout.refetch();
      notifier.success(answer.sections ? uiTexts.layoutSaved : uiTexts.layoutResetDone);
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
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
        <Button
          icon="layout-grid"
          text={uiTexts.layoutEdit}
          onClick={() => setEditing(true)}
          disabled={layout.isPending}
          data-testid="layout-edit"
        />
      </div>
      {layout.isError ? (
        <Callout intent="warning" icon="warning-sign" className="record-form-callout">
          {uiTexts.layoutLoadFailed}
        </Callout>
      ) : null}
      <Card className="record-edit-card" compact>
        <RecordEditForm
          table={table}
          id={id}
          answer={record.data}
          successMessage={messages.savedSuccessfully}
          testIds="edit-page-"
          className="record-edit-form"
          autoFocus
          sections={layout.data?.sections ?? null}
        />
      </Card>
      <DetailLayoutEditor
        isOpen={editing}
        tableLabel={tableLabel}
        fields={record.data.fields}
        saved={layout.data?.sections ?? null}
        saving={saveLayout.isPending}
        onSave={(sections) => saveLayout.mutate({ body: { table, sections } })}
        onClose={() => setEditing(false)}
      />
    </div>
  );
}

/**
 * /edit/{table}/{id} (see docs/requirements.md#lead-workspace-and-work-screens): the record's fields as a form, titled with the table's name and the id,
 * arranged by the user's layout of the table (the detail-page builder) when they made one.
 */
export function EditRecordPage(): ReactNode {
  const params = useParams();
  const table = tableName.safeParse(params.table ?? '');
  const id = recordId.safeParse(params.id ?? '');
  if (!table.success || !id.success) return <PageNotFound />;
  return <EditRecordView key={`${table.data}/${id.data}`} table={table.data} id={id.data} />;
}
