import { useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import type { CallInput, CallResult, Favorite } from '../../../../shared/contract';
import type { CrmError } from '../../api/crm-error';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { messages } from '../../../../shared/i18n/messages';
import { shellInputs } from '../shell-queries';

const FAVORITES_KEY = crmKeys.call('favorites', shellInputs.favorites);

/** GET /favorites: the user's favourite pages, in the order they were added. */
export function useFavorites(): UseQueryResult<CallResult<'favorites'>, CrmError> {
  return useCrmQuery('favorites', shellInputs.favorites, { staleTime: 5 * 60_000 });
}

/** Both calls answer the whole list, which replaces the cached one: no second request. */
function useReplaceFavorites(): (results: Favorite[]) => void {
  const queryClient = useQueryClient();
  return (results) =>
    queryClient.setQueryData<CallResult<'favorites'>>(FAVORITES_KEY, { success: true, results });
}

export function useAddFavorite(): UseMutationResult<
  CallResult<'favoriteAdd'>,
  CrmError,
  CallInput<'favoriteAdd'>
> {
  const replace = useReplaceFavorites();
  const notifier = useNotifier();
  return useCrmMutation('favoriteAdd', {
    onSuccess: (answer) => {
      if (!answer.success) {
        notifier.danger(messages.operationFailed, answer.msg);
        return;
      }
      replace(answer.results);
      notifier.success(messages.favoriteAdded);
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
}

export function useRemoveFavorite(): UseMutationResult<
  CallResult<'favoriteRemove'>,
  CrmError,
  CallInput<'favoriteRemove'>
> {
  const replace = useReplaceFavorites();
  const notifier = useNotifier();
  return useCrmMutation('favoriteRemove', {
    onSuccess: (answer) => {
      if (!answer.success) {
        notifier.danger(messages.operationFailed, answer.msg);
        return;
      }
      replace(answer.results);
      notifier.success(messages.favoriteRemoved);
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
}
