import { useQueryClient } from '@tanstack/react-query';
import { createElement, useRef, type ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { DuplicateDialog } from '../duplicates/DuplicateDialog';
import { isDuplicateRefusal, useDuplicateQuestion } from '../duplicates/use-duplicate-question';
import { useNotifier } from '../../ui/toaster';
import type { FormInputs } from './record-form';

export type RecordSave = {
  /** Sends the changed fields; a refusal shows the server's text, a success `successMessage` and reloads the table's lists. */
  save(inputs: FormInputs, successMessage: string, onSaved: () => void): void;
  pending: boolean;
  /** The duplicate question (docs/user-guide.md#duplicates), to render next to the form. */
  question: ReactNode;
};

/** Saving one record through /detail/save/, the same for the edit form, the edit page and the edit dialog. */
export function useRecordSave(table: string, id: number): RecordSave {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const bridge = useBridge();
  const mutation = useCrmMutation('detailSave');
  const duplicates = useDuplicateQuestion();
  // The save the question is about, repeated with confirm_duplicates=1 when the user confirms.
  const lastSave = useRef<{ inputs: FormInputs; successMessage: string; onSaved: () => void } | null>(null);

  function send(inputs: FormInputs, successMessage: string, onSaved: () => void, confirmed: boolean): void {
    mutation.mutate(
      { body: { table, id, inputs, ...(confirmed ? { confirm_duplicates: 1 } : {}) } },
      {
        onSuccess: (result) => {
          if (!result.success) {
            notifier.danger(messages.operationFailed, result.msg);
            return;
          }
          duplicates.close();
          notifier.success(successMessage);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
          onSaved();
        },
        onError: (error) => {
          // Another lead has the changed phone, e-mail or T.C.: show the matches and ask.
          if (!confirmed && isDuplicateRefusal(error)) {
            lastSave.current = { inputs, successMessage, onSaved };
            duplicates.ask(bridge, table, inputs, id).then(
              (asked) => {
                if (!asked) notifier.danger(messages.operationFailed, error.message);
              },
              () => notifier.danger(messages.operationFailed, error.message),
            );
            return;
          }
          notifier.danger(messages.operationFailed, error.message);
        },
      },
    );
  }

  return {
    pending: mutation.isPending,
    save: (inputs, successMessage, onSaved) => send(inputs, successMessage, onSaved, false),
    question: createElement(DuplicateDialog, {
      duplicates: duplicates.duplicates,
      pending: mutation.isPending,
      onConfirm: () => {
        const last = lastSave.current;
        if (last) send(last.inputs, last.successMessage, last.onSaved, true);
      },
      onCancel: duplicates.close,
    }),
  };
}
