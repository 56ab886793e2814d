import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../../../../shared/i18n/messages';
import { crmKeys } from '../../../api/query-keys';
import { RecordEditForm, type RowAnswer } from '../../../components/record-form';
import { LEAD_TABLE, useRefreshCalls } from '../lead-queries';

export type PersonalInfoTabProps = { leadId: number; answer: RowAnswer };

/**
 * Kişisel Bilgiler (see docs/requirements.md#lead-workspace-and-work-screens): the lead's fields by category, editable where the user may write them,
 * saved through /detail/save/ with only the changed fields. 'Güncelleme başarılı' on success; on failure
 * the form keeps everything typed and says 'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz'.
 */
export function PersonalInfoTab({ leadId, answer }: PersonalInfoTabProps): ReactNode {
  const refresh = useRefreshCalls();
  const queryClient = useQueryClient();
  return (
    <RecordEditForm
      table={LEAD_TABLE}
      id={leadId}
      answer={answer}
      successMessage={messages.updateSuccessful}
      testIds="personal-"
      className="lead-personal-form"
      onSaved={() => {
        // The header shows name and phone from the row; the journal has a new entry; the customer list
        // shows the lead too.
        refresh('row', 'journal', 'duplicatedLeads');
        void queryClient.invalidateQueries({ queryKey: crmKeys.tableData('customers') });
      }}
    />
  );
}
