import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OptionItem } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

export interface OptionIndex {
  items: OptionItem[];
  /** By String(value): cells arrive as numbers or strings depending on the column. */
  byValue: ReadonlyMap<string, OptionItem>;
}

function indexOptions(items: OptionItem[]): OptionIndex {
  return { items, byValue: new Map(items.map((item) => [String(item.value), item])) };
}

/** Option lists change rarely (an admin edit, announced by a fieldUpdate event), so they are cached long. */
const OPTIONS_STALE_MS = 30 * 60_000;

/** GET /getOption/{id}; disabled while listId is null (a field without an option list). */
export function useOptions(listId: number | null | undefined): UseQueryResult<OptionIndex, CrmError> {
  const bridge = useBridge();
  const id = listId ?? 0;
  return useQuery({
    queryKey: crmKeys.options(id),
    queryFn: async () => (await callCrm(bridge, 'getOption', { params: { id } })).options,
    select: indexOptions,
    enabled: id > 0,
    staleTime: OPTIONS_STALE_MS,
    gcTime: 2 * OPTIONS_STALE_MS,
  });
}
