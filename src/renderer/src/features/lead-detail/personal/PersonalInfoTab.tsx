import { Button, Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { format, messages } from '../../../../../shared/i18n/messages';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { RecordFields, type RowAnswer } from '../../record-edit/RecordFields';
import { useRecordForm } from '../../record-edit/use-record-form';
import { LEAD_TABLE, useRefreshCalls } from '../lead-queries';

export type PersonalInfoTabProps = { leadId: number; answer: RowAnswer };

/**
 * Kişisel Bilgiler (spec 2 §2): the lead's fields by category, editable where the user may write them,
 * saved through /detail/save/ with only the changed fields. 'Güncelleme başarılı' on success; on failure
 * the form keeps everything typed and says 'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz'.
 */
export function PersonalInfoTab({ leadId, answer }: PersonalInfoTabProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
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
      { body: { table: LEAD_TABLE, id: leadId, inputs: form.changes } },
      {
        onSuccess: (result) => {
          if (!result.success) {
            notifier.danger(messages.operationFailed, result.msg);
            return;
          }
          form.markSaved(sent);
          notifier.success(messages.updateSuccessful);
          // The header shows name and phone from the row; the journal has a new entry; lists show the lead.
          refresh('row', 'journal', 'duplicatedLeads');
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(LEAD_TABLE) });
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData('customers') });
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="lead-personal-form"
      data-testid="personal-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {canWrite ? null : (
        <Callout intent="primary" icon="lock" className="lead-tab-callout">
          {uiTexts.noWritableFields}
        </Callout>
      )}
      <RecordFields
        answer={answer}
        values={form.values}
        onChange={form.setValue}
        testIdPrefix="personal-field-"
      />
      {canWrite ? (
        <div className="record-form-actions">
          <span className="record-form-changes" data-testid="personal-changes">
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
            data-testid="personal-save"
          />
        </div>
      ) : null}
    </form>
  );
}
