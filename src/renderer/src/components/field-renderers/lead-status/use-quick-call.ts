import { useState } from 'react';
import type { CallLine } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../../shared/i18n/workflow-messages';
import { usePermissions } from '../../../api/permissions';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { checkQuickCall, newCallAttemptId } from './quick-call';

export type QuickCall = {
  calling: boolean;
  /**
   * Calls the lead over `line` (null: a plain call to the number found). `findPhone` may have to ask the
   * server for the record, so it runs only after the dahili check: without a dahili no number helps.
   */
  call: (leadId: number, line: CallLine | null, findPhone: () => Promise<string | null>) => Promise<void>;
};

/**
 * The quick call of docs/requirements.md#filters-and-list-input and docs/requirements.md#lead-workspace-and-work-screens (the list's status cell and the lead header): a dahili in the
 * profile first, then a 10-digit number, then /makecall or /makeFastCall, each answer as a toast. The
 * server checks both again and dials only the lead's own numbers. Each click carries its own attempt id,
 * so a request the transport repeats is answered, not dialled, twice; a call the PBX has not confirmed
 * yet (state pending) is a warning, and its outcome arrives later as a callOutcome push (shell toast).
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
      const attemptId = newCallAttemptId();
      const answer =
        line === null
          ? await makeCall.mutateAsync({
              body: { phone: check.phone, lead_id: leadId, attempt_id: attemptId },
            })
          : await makeFastCall.mutateAsync({ body: { hat: line, lead_id: leadId, attempt_id: attemptId } });
      if (!answer.success) notifier.danger(answer.msg || messages.operationFailed);
      else if (answer.state === 'pending') notifier.warning(answer.msg || messages.callPending);
      // Without a PBX nothing was dialled: a warning that says so, not a green success.
      else if (answer.state === 'logged') notifier.warning(workflowMessages.callNoPbx);
      else notifier.success(answer.msg || uiTexts.callStarted);
    } catch (error) {
      notifier.danger(error instanceof Error ? error.message : messages.serverError);
    } finally {
      setLooking(false);
    }
  };

  return { calling: looking || makeCall.isPending || makeFastCall.isPending, call };
}
