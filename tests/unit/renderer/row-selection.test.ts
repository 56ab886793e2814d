import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  pageIds,
  pageSelection,
  rowId,
  selectedIdList,
  selectionReducer,
  type SelectionState,
} from '../../../src/renderer/src/features/list/rows/row-selection';

const ids = (state: SelectionState): number[] => selectedIdList(state);

describe('selectionReducer', () => {
  it('ticks and unticks one row', () => {
    const one = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 7 });
    expect(ids(one)).toEqual([7]);
    expect(ids(selectionReducer(one, { type: 'toggle', id: 7 }))).toEqual([]);
  });

  it('never mutates the previous state', () => {
    const before = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 1 });
    selectionReducer(before, { type: 'toggle', id: 2 });
    expect(ids(before)).toEqual([1]);
  });

  it('select all ticks the whole page, keeping ticks made on other pages', () => {
    const other = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 99 });
    const page = selectionReducer(other, { type: 'togglePage', ids: [3, 2, 1] });
    expect(ids(page)).toEqual([1, 2, 3, 99]);
  });

  it('select all on a partly ticked page ticks the rest', () => {
    const partly = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 2 });
    expect(ids(selectionReducer(partly, { type: 'togglePage', ids: [1, 2, 3] }))).toEqual([1, 2, 3]);
  });

  it('select all on a fully ticked page unticks only that page', () => {
    let state = selectionReducer(EMPTY_SELECTION, { type: 'togglePage', ids: [1, 2, 3] });
    state = selectionReducer(state, { type: 'toggle', id: 50 });
    expect(ids(selectionReducer(state, { type: 'togglePage', ids: [1, 2, 3] }))).toEqual([50]);
  });

  it('an empty page changes nothing', () => {
    const state = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 4 });
    expect(selectionReducer(state, { type: 'togglePage', ids: [] })).toBe(state);
  });

  it('clear empties, and keeps an empty state as it is', () => {
    const state = selectionReducer(EMPTY_SELECTION, { type: 'togglePage', ids: [1, 2] });
    expect(selectionReducer(state, { type: 'clear' }).size).toBe(0);
    expect(selectionReducer(EMPTY_SELECTION, { type: 'clear' })).toBe(EMPTY_SELECTION);
  });
});

describe('pageSelection', () => {
  const state = new Set([1, 2]);
  it('tells none, some or all for the header checkbox', () => {
    expect(pageSelection(state, [3, 4])).toBe('none');
    expect(pageSelection(state, [1, 3])).toBe('some');
    expect(pageSelection(state, [1, 2])).toBe('all');
    expect(pageSelection(state, [])).toBe('none');
  });
});

describe('row ids', () => {
  it('accepts positive integer ids as numbers or digit strings', () => {
    expect(rowId(5)).toBe(5);
    expect(rowId('12')).toBe(12);
  });

  it('refuses anything that cannot address a record', () => {
    for (const value of [0, -1, 1.5, '', 'abc', null, undefined, true, '9007199254740993']) {
      expect(rowId(value)).toBeNull();
    }
  });

  it('collects the ids of a page, skipping rows without one', () => {
    expect(pageIds([{ id: 3 }, { id: null }, { id: '4' }, { name: 'x' }])).toEqual([3, 4]);
  });

  it('sends ids in ascending order', () => {
    expect(selectedIdList(new Set([10, 2, 33]))).toEqual([2, 10, 33]);
  });
});
