import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../shared/i18n/messages';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import type { FormInputs } from './record-form';

export type RecordSave = {
  /** Sends the changed fields; a refusal shows the server's text, a success `successMessage` and reloads the table's lists. */
  save(inputs: FormInputs, successMessage: string, onSaved: () => void): void;
  pending: boolean;
};

/** Saving one record through /detail/save/, the same for the edit form, the edit page and the edit dialog. */
export function useRecordSave(table: string, id: number): RecordSave {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const mutation = useCrmMutation('detailSave');
  return {
    pending: mutation.isPending,
    save(inputs, successMessage, onSaved) {
      mutation.mutate(
        { body: { table, id, inputs } },
        {
          onSuccess: (result) => {
            if (!result.success) {
              notifier.danger(messages.operationFailed, result.msg);
              return;
            }
            notifier.success(successMessage);
            void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
            onSaved();
          },
          onError: (error) => notifier.danger(messages.operationFailed, error.message),
        },
      );
    },
  };
}
