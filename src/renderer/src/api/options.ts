import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
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

/**
 * One index per fetched list, shared by every observer of it: each list cell observes the list, and
 * building a Map per cell made a 500-row page's first draw measurably slower.
 */
const indexes = new WeakMap<OptionItem[], OptionIndex>();

function indexOptions(items: OptionItem[]): OptionIndex {
  let index = indexes.get(items);
  if (!index) {
    index = { items, byValue: new Map(items.map((item) => [String(item.value), item])) };
    indexes.set(items, index);
  }
  return index;
}

/** Option lists change rarely (an admin edit, announced by a fieldUpdate event), so they are cached long. */
const OPTIONS_STALE_MS = 30 * 60_000;

function optionsQuery(bridge: ReturnType<typeof useBridge>, id: number) {
  return {
    queryKey: crmKeys.options(id),
    queryFn: async () => (await callCrm(bridge, 'getOption', { params: { id } })).options,
    select: indexOptions,
    enabled: id > 0,
    staleTime: OPTIONS_STALE_MS,
    gcTime: 2 * OPTIONS_STALE_MS,
  };
}

/** GET /getOption/{id}; disabled while listId is null (a field without an option list). */
export function useOptions(listId: number | null | undefined): UseQueryResult<OptionIndex, CrmError> {
  const bridge = useBridge();
  return useQuery(optionsQuery(bridge, listId ?? 0));
}

/** Option lists a screen has already resolved, by list id (see useOptionLists). */
export type ResolvedOptions = ReadonlyMap<number, OptionIndex>;

const ResolvedOptionsContext = createContext<ResolvedOptions | null>(null);
export const ResolvedOptionsProvider = ResolvedOptionsContext.Provider;

/**
 * The loaded lists among `ids`, one observer each. A list screen resolves its columns' lists once and
 * provides them, so its hundreds of cells read a Map instead of each observing the query.
 */
export function useOptionLists(ids: readonly number[]): ResolvedOptions {
  const bridge = useBridge();
  const key = ids.join(',');
  // combine runs again only when a list's answer or the ids change, so the Map keeps its identity.
  const combine = useCallback(
    (results: UseQueryResult<OptionIndex, CrmError>[]): ResolvedOptions => {
      const map = new Map<number, OptionIndex>();
      key.split(',').forEach((id, at) => {
        const index = results[at]?.data;
        if (index) map.set(Number(id), index);
      });
      return map;
    },
    [key],
  );
  return useQueries({ queries: ids.map((id) => optionsQuery(bridge, id)), combine });
}

/** The provided index of a list, or undefined when no screen resolved it (the cell then asks itself). */
export function useResolvedOptions(listId: number | null): OptionIndex | undefined {
  const resolved = useContext(ResolvedOptionsContext);
  return listId === null ? undefined : resolved?.get(listId);
}
