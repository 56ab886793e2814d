import type { CellValue, RecordRow } from '../../../../../shared/contract';

/** Ids of ticked rows; kept across pages so a selection can span them, cleared on route change. */
export type SelectionState = ReadonlySet<number>;

export type SelectionAction =
  | { type: 'toggle'; id: number }
  /** The header checkbox: ticks every row of the page, or unticks them all when all were ticked. */
  | { type: 'togglePage'; ids: readonly number[] }
  | { type: 'clear' };

export const EMPTY_SELECTION: SelectionState = new Set<number>();

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'toggle': {
      const next = new Set(state);
      if (next.has(action.id)) next.delete(action.id);
      else next.add(action.id);
      return next;
    }
    case 'togglePage': {
      if (action.ids.length === 0) return state;
      const next = new Set(state);
      if (pageSelection(state, action.ids) === 'all') for (const id of action.ids) next.delete(id);
      else for (const id of action.ids) next.add(id);
      return next;
    }
    case 'clear':
      return state.size === 0 ? state : EMPTY_SELECTION;
  }
}

export type PageSelection = 'none' | 'some' | 'all';

/** What the header checkbox shows: unticked, indeterminate or ticked. */
export function pageSelection(state: SelectionState, pageIds: readonly number[]): PageSelection {
  let ticked = 0;
  for (const id of pageIds) if (state.has(id)) ticked += 1;
  if (ticked === 0) return 'none';
  return ticked === pageIds.length ? 'all' : 'some';
}

/** A row's id as a number, or null for rows without a usable one (they cannot be ticked or opened). */
export function rowId(value: CellValue | undefined): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function pageIds(rows: readonly RecordRow[]): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    const id = rowId(row.id);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** Ids in ascending order, for requests: stable bodies are easier to read in logs. */
export function selectedIdList(state: SelectionState): number[] {
  return [...state].sort((a, b) => a - b);
}
