import { useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import type { CallInput, CallResult, FavoriteFilter } from '../../../../../shared/contract';
import type { CrmError } from '../../../api/crm-error';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';

type FavoritesAnswer = CallResult<'favoriteFilters'>;

/** The list call's input; the save answers the list too, so both share this cache entry. */
const listInput = (table: string): CallInput<'favoriteFilters'> => ({ params: { table } });

/** POST /favorite-filters/{table} without a body: the user's favourite filters of the table (see docs/requirements.md#calls). */
export function useFavoriteFilters(table: string): UseQueryResult<FavoriteFilter[], CrmError> {
  return useCrmQuery('favoriteFilters', listInput(table), {
    select: (answer: FavoritesAnswer) => answer.results,
    staleTime: 5 * 60_000,
  });
}

/** POST /favorite-filters/{table} with name and filters; the answer is the list after the save. */
export function useSaveFavoriteFilter(
  table: string,
): UseMutationResult<FavoritesAnswer, CrmError, CallInput<'favoriteFilters'>> {
  const queryClient = useQueryClient();
  return useCrmMutation('favoriteFilters', {
    onSuccess: (answer) => {
      queryClient.setQueryData(crmKeys.call('favoriteFilters', listInput(table)), answer);
    },
  });
}

/** POST /favorite-filters/remove/{id}. */
export function useRemoveFavoriteFilter(
  table: string,
): UseMutationResult<CallResult<'favoriteFilterRemove'>, CrmError, CallInput<'favoriteFilterRemove'>> {
  const queryClient = useQueryClient();
  return useCrmMutation('favoriteFilterRemove', {
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: crmKeys.call('favoriteFilters', listInput(table)) }),
  });
}
