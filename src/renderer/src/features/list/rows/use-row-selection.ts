import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  EMPTY_SELECTION,
  selectedIdList,
  selectionReducer,
  type SelectionAction,
  type SelectionState,
} from './row-selection';

export type RowSelection = {
  selectedIds: SelectionState;
  count: number;
  isSelected: (id: number) => boolean;
  /** One row: checkbox click and the keyboard's Space. */
  toggle: (id: number) => void;
  /** The header checkbox over the ids of the page on screen. */
  togglePage: (ids: readonly number[]) => void;
  clear: () => void;
  /** Ascending ids for a bulk request. */
  ids: () => number[];
};

type Scoped = { scope: string; ids: SelectionState };

/**
 * Ticked rows of one list. The selection belongs to the route it was made on (table plus URL query, as
 * reports link with filters in the URL): on any route change it reads as empty at once, with no effect
 * and no stale frame in which a bulk action could still see the old ids (see docs/requirements.md#shell-lists-and-chat).
 */
export function useRowSelection(table: string): RowSelection {
  const location = useLocation();
  const scope = `${table}|${location.pathname}|${location.search}`;
  const [state, setState] = useState<Scoped>({ scope, ids: EMPTY_SELECTION });
  const selectedIds = state.scope === scope ? state.ids : EMPTY_SELECTION;

  const dispatch = useCallback(
    (action: SelectionAction) =>
      setState((current) => ({
        scope,
        ids: selectionReducer(current.scope === scope ? current.ids : EMPTY_SELECTION, action),
      })),
    [scope],
  );

  return useMemo<RowSelection>(
    () => ({
      selectedIds,
      count: selectedIds.size,
      isSelected: (id) => selectedIds.has(id),
      toggle: (id) => dispatch({ type: 'toggle', id }),
      togglePage: (ids) => dispatch({ type: 'togglePage', ids }),
      clear: () => dispatch({ type: 'clear' }),
      ids: () => selectedIdList(selectedIds),
    }),
    [selectedIds, dispatch],
  );
}
