import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { CallInput, CallResult } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { shellTexts } from '../../i18n/shell-texts';
import { NOTIFICATIONS_POLL_MS, shellInputs, useInvalidateReminders } from '../shell-queries';

export type NotificationsAnswer = CallResult<'notifications'>;

/** POST /notifications: the drawer's list and the bell's unread figure, shared by both. */
export function useNotifications(): UseQueryResult<NotificationsAnswer, CrmError> {
  return useCrmQuery('notifications', shellInputs.notifications, {
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: 15_000,
  });
}

/** POST /completeNotification/{id}: 'Tamamla'; the drawer, bell, side panel and calendar follow. */
export function useCompleteNotification(): UseMutationResult<
  CallResult<'completeNotification'>,
  CrmError,
  CallInput<'completeNotification'>
> {
  const notifier = useNotifier();
  const invalidateReminders = useInvalidateReminders();
  return useCrmMutation('completeNotification', {
    onSuccess: (answer) => {
      if (answer.success) notifier.success(shellTexts.notificationCompleted);
      else notifier.danger(messages.operationFailed, answer.msg);
      invalidateReminders();
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
}
