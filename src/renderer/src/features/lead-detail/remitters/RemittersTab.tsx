import { Button, Callout, FormGroup, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { formatDateTimeTr } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useFields } from '../../../api/fields';
import { crmKeys } from '../../../api/query-keys';
import { useTableData } from '../../../api/table-data';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { FieldEditor, type FieldEditorValue } from '../../../components/field-editors';
import { cellText } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import { insertFailureText, insertInputs } from '../../../components/record-form';
import { TabState } from '../TabState';
import {
  REMITTER_FIELDS,
  REMITTER_TABLE,
  missingRemitterTc,
  remitterFieldMeta,
  remittersQuery,
} from './remitters';

export type RemittersTabProps = { leadId: number };

/**
 * 3. Şahıs Bilgileri (see docs/requirements.md#lead-workspace-and-work-screens, #money-importer-and-lead-input): the lead's remitters (table lead_remitters, filtered by lead_id)
 * and a form to add one, saved through inline insert only with a tc. The form keeps its values until the
 * server has taken them.
 */
export function RemittersTab({ leadId }: RemittersTabProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const fields = useFields(REMITTER_TABLE);
  const query = useMemo(() => remittersQuery(leadId), [leadId]);
  const remitters = useTableData(REMITTER_TABLE, query);
  const insert = useCrmMutation('inlineSave');
  const [values, setValues] = useState<Record<string, FieldEditorValue>>({});
  const [error, setError] = useState<string | null>(null);

  const metas = useMemo<FieldMeta[]>(
    () => REMITTER_FIELDS.map((spec, index) => remitterFieldMeta(spec, fields.data ?? [], index)),
    [fields.data],
  );
  const listFields = metas.filter((field) => field.name !== 'description');

  const submit = (): void => {
    if (missingRemitterTc(values)) {
      setError(messages.remitterTcRequired);
      return;
    }
    setError(null);
    insert.mutate(
      {
        body: { table: REMITTER_TABLE, type: 'insert', inputs: { ...insertInputs(values), lead_id: leadId } },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setError(insertFailureText(answer.message));
            return;
          }
          setValues({});
          notifier.success(messages.savedSuccessfully);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(REMITTER_TABLE) });
        },
        onError: (failure) => setError(insertFailureText(failure.message)),
      },
    );
  };

  return (
    <div className="lead-tab-body" data-testid="remitters-tab">
      <form
        noValidate
        className="remitter-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="record-fields-grid">
          {metas.map((field) => (
            <FormGroup
              key={field.name}
              label={field.display_name}
              labelInfo={field.name === 'tc' ? '*' : undefined}
              className={`record-fields-item${field.name === 'description' ? ' is-wide' : ''}`}
            >
              <FieldEditor
                field={field}
                mode="form"
                value={values[field.name] ?? null}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                testId={`remitter-field-${field.name}`}
              />
            </FormGroup>
          ))}
        </div>
        {error ? (
          <Callout intent="danger" icon="error" className="lead-tab-callout" data-testid="remitter-error">
            {error}
          </Callout>
        ) : null}
        <div className="record-form-actions">
          <Button
            type="submit"
            intent="primary"
            icon="add"
            text={uiTexts.addRemitter}
            loading={insert.isPending}
            data-testid="remitter-submit"
          />
        </div>
      </form>
      {remitters.data ? (
        remitters.data.results.length === 0 ? (
          <NonIdealState icon="people" description={uiTexts.noRemitters} className="lead-tab-empty" />
        ) : (
          <div className="lead-table-scroll">
            <HTMLTable compact striped className="lead-table" data-testid="remitter-table">
              <thead>
                <tr>
                  {listFields.map((field) => (
                    <th key={field.name}>{field.display_name}</th>
                  ))}
                  <th>{uiTexts.date}</th>
                </tr>
              </thead>
              <tbody>
                {remitters.data.results.map((row) => (
                  <tr key={String(row.id)} data-testid="remitter-row">
                    {listFields.map((field) => (
                      <td key={field.name}>{cellText(row[field.name]) || uiTexts.emptyValue}</td>
                    ))}
                    <td>{formatDateTimeTr(cellText(row.created_at))}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )
      ) : (
        <TabState query={remitters} />
      )}
    </div>
  );
}
