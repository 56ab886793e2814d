import { describe, expect, it } from 'vitest';
import {
  findListAction,
  listActions,
  type ListActionContext,
  type ListKey,
} from '../../../src/renderer/src/features/list/view/list-actions';

type Calls = { focus: number[]; open: number[]; toggle: number[]; closed: number };

function context(overrides: Partial<ListActionContext> = {}): { context: ListActionContext; calls: Calls } {
  const calls: Calls = { focus: [], open: [], toggle: [], closed: 0 };
  return {
    calls,
    context: {
      rowCount: 5,
      focusedRow: null,
      panelOpen: false,
      canToggleRows: true,
      focusRow: (index) => calls.focus.push(index),
      openRow: (index) => calls.open.push(index),
      toggleRow: (index) => calls.toggle.push(index),
      closePanels: () => {
        calls.closed += 1;
      },
      ...overrides,
    },
  };
}

const key = (name: string, modifiers: Partial<ListKey> = {}): ListKey => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

function press(name: string, ctx: ListActionContext, modifiers: Partial<ListKey> = {}): string | undefined {
  const action = findListAction(key(name, modifiers), ctx);
  action?.perform(ctx);
  return action?.name;
}

describe('list keyboard actions', () => {
  it('have unique names and a Turkish label each', () => {
    expect(new Set(listActions.map((action) => action.name)).size).toBe(listActions.length);
    for (const action of listActions) expect(action.label.length).toBeGreaterThan(0);
  });

  it('arrow down starts at the first row and stops at the last', () => {
    const first = context();
    expect(press('ArrowDown', first.context)).toBe('focusNext');
    expect(first.calls.focus).toEqual([0]);
    const last = context({ focusedRow: 4 });
    press('ArrowDown', last.context);
    expect(last.calls.focus).toEqual([4]);
  });

  it('arrow up starts at the last row and stops at the first', () => {
    const none = context();
    press('ArrowUp', none.context);
    expect(none.calls.focus).toEqual([4]);
    const top = context({ focusedRow: 0 });
    press('ArrowUp', top.context);
    expect(top.calls.focus).toEqual([0]);
    const middle = context({ focusedRow: 2 });
    press('ArrowUp', middle.context);
    expect(middle.calls.focus).toEqual([1]);
  });

  it('Home and End jump to the ends; nothing moves on an empty page', () => {
    const { context: ctx, calls } = context({ focusedRow: 2 });
    press('Home', ctx);
    press('End', ctx);
    expect(calls.focus).toEqual([0, 4]);
    expect(findListAction(key('ArrowDown'), context({ rowCount: 0 }).context)).toBeUndefined();
  });

  it('Enter opens the focused record, and only when a row is focused', () => {
    const focused = context({ focusedRow: 3 });
    expect(press('Enter', focused.context)).toBe('openRecord');
    expect(focused.calls.open).toEqual([3]);
    expect(press('Enter', context().context)).toBeUndefined();
    expect(press('Enter', context({ focusedRow: 7 }).context)).toBeUndefined();
  });

  it('Space ticks the focused row when rows have checkboxes', () => {
    const focused = context({ focusedRow: 1 });
    expect(press(' ', focused.context)).toBe('toggleRow');
    expect(focused.calls.toggle).toEqual([1]);
    expect(press(' ', context({ focusedRow: 1, canToggleRows: false }).context)).toBeUndefined();
  });

  it('Esc closes an open panel and is left alone otherwise', () => {
    const open = context({ panelOpen: true });
    expect(press('Escape', open.context)).toBe('closePanels');
    expect(open.calls.closed).toBe(1);
    expect(press('Escape', context().context)).toBeUndefined();
  });

  it('ignores keys with modifiers (browser and app shortcuts keep them)', () => {
    const ctx = context({ focusedRow: 1 }).context;
    expect(findListAction(key('ArrowDown', { ctrlKey: true }), ctx)).toBeUndefined();
    expect(findListAction(key('Enter', { metaKey: true }), ctx)).toBeUndefined();
    expect(findListAction(key('ArrowUp', { shiftKey: true }), ctx)).toBeUndefined();
  });
});
