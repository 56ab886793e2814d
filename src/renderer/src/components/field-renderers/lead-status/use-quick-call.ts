import { useState } from 'react';
import type { CallLine } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { checkQuickCall } from './quick-call';

export type QuickCall = {
  calling: boolean;
  /**
   * Calls the lead over `line` (null: a plain call to the number found). `findPhone` may have to ask the
   * server for the record, so it runs only after the dahili check: without a dahili no number helps.
   */
  call: (leadId: number, line: CallLine | null, findPhone: () => Promise<string | null>) => Promise<void>;
};

/**
 * The quick call of spec 1 §5 and spec 2 §2 (the list's status cell and the lead header): a dahili in the
 * profile first, then a 10-digit number, then /makecall or /makeFastCall, each outcome as a toast. The
 * server checks both again and dials only the lead's own numbers.
 */
export function useQuickCall(): QuickCall {
  const permissions = usePermissions();
  const notifier = useNotifier();
  const makeCall = useCrmMutation('makeCall');
  const makeFastCall = useCrmMutation('makeFastCall');
  const [looking, setLooking] = useState(false);

  const call: QuickCall['call'] = async (leadId, line, findPhone) => {
    const dahili = permissions.data?.me.dahili;
    if (!dahili || dahili.trim() === '') {
      notifier.warning(messages.dahiliRequired);
      return;
    }
    setLooking(true);
    try {
      const check = checkQuickCall(dahili, await findPhone());
      if (!check.ok) {
        notifier.warning(check.message);
        return;
      }
      const answer =
        line === null
          ? await makeCall.mutateAsync({ body: { phone: check.phone, lead_id: leadId } })
          : await makeFastCall.mutateAsync({ body: { hat: line, lead_id: leadId } });
      if (answer.success) notifier.success(answer.msg || uiTexts.callStarted);
      else notifier.danger(answer.msg || messages.operationFailed);
    } catch (error) {
      notifier.danger(error instanceof Error ? error.message : messages.serverError);
    } finally {
      setLooking(false);
    }
  };

  return { calling: looking || makeCall.isPending || makeFastCall.isPending, call };
}
