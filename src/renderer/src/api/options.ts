import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useRef } from 'react';
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

/** One index per fetched list, shared by every observer of it (a screen may have many). */
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

/**
 * Option lists a screen observes for its cells (see useOptionLists): which ids it owns, and those loaded.
 */
export interface ResolvedOptions {
  owned: ReadonlySet<number>;
  loaded: ReadonlyMap<number, OptionIndex>;
}

export const ResolvedOptionsContext = createContext<ResolvedOptions | null>(null);

const sameLists = (a: ResolvedOptions, ids: readonly number[], loaded: ReadonlyMap<number, OptionIndex>) =>
  a.owned.size === ids.length &&
  ids.every((id) => a.owned.has(id)) &&
  a.loaded.size === loaded.size &&
  [...loaded].every(([id, index]) => a.loaded.get(id) === index);

/**
 * The option lists `ids`, one observer each. A list screen observes its columns' lists once and provides
 * them, so its hundreds of cells read a Map instead of each observing the query. The value keeps its
 * identity while the lists are the same (a refetch that changed nothing re-renders no cell).
 */
export function useOptionLists(ids: readonly number[]): ResolvedOptions {
  const bridge = useBridge();
  const results = useQueries({ queries: ids.map((id) => optionsQuery(bridge, id)) });
  const loaded = new Map<number, OptionIndex>();
  ids.forEach((id, at) => {
    const index = results[at]?.data;
    if (index) loaded.set(id, index);
  });
  const last = useRef<ResolvedOptions | null>(null);
  if (!last.current || !sameLists(last.current, ids, loaded)) {
    last.current = { owned: new Set(ids), loaded };
  }
  return last.current;
}

/**
 * What a cell knows of its option list without asking: `owned` when a screen around observes it (its
 * index once loaded), else the cell observes the list itself.
 */
export function useResolvedOptions(listId: number | null): { owned: boolean; index?: OptionIndex } {
  const resolved = useContext(ResolvedOptionsContext);
  if (listId === null || !resolved?.owned.has(listId)) return { owned: false };
  const index = resolved.loaded.get(listId);
  return index ? { owned: true, index } : { owned: true };
}
