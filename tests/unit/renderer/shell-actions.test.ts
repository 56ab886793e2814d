import { describe, expect, it } from 'vitest';
import {
  findShellAction,
  isSearchShortcut,
  shellActions,
  type ShellActionContext,
  type ShellActionScope,
  type ShellKey,
} from '../../../src/renderer/src/shell/actions';

type Calls = {
  focused: number;
  closed: number;
  highlighted: number[];
  opened: number[];
  submitted: number;
  navigated: string[];
};

function context(overrides: Partial<ShellActionContext> = {}): { context: ShellActionContext; calls: Calls } {
  const calls: Calls = { focused: 0, closed: 0, highlighted: [], opened: [], submitted: 0, navigated: [] };
  return {
    calls,
    context: {
      searchOpen: true,
      resultCount: 3,
      activeResult: null,
      focusSearch: () => {
        calls.focused += 1;
      },
      closeSearch: () => {
        calls.closed += 1;
      },
      highlightResult: (index) => calls.highlighted.push(index),
      openResult: (index) => calls.opened.push(index),
      submitSearch: () => {
        calls.submitted += 1;
      },
      navigate: (path) => calls.navigated.push(path),
      goBack: () => undefined,
      openNotifications: () => undefined,
      ...overrides,
    },
  };
}

const key = (name: string, modifiers: Partial<ShellKey> = {}): ShellKey => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

function press(
  name: string,
  scope: ShellActionScope,
  ctx: ShellActionContext,
  modifiers: Partial<ShellKey> = {},
): string | undefined {
  const action = findShellAction(key(name, modifiers), scope, ctx);
  action?.perform(ctx);
  return action?.name;
}

describe('isSearchShortcut (Ctrl+K)', () => {
  it('takes Ctrl+K and Cmd+K, with or without Caps Lock', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k', { metaKey: true }))).toBe(true);
  });

  it('ignores K alone, other letters, and AltGr or Shift combinations', () => {
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('l', { ctrlKey: true }))).toBe(false);
    // AltGr on Windows is Ctrl+Alt: it types characters on Turkish keyboards and must stay free.
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('K', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('findShellAction', () => {
  it('focuses the search from anywhere, and from inside the search box', () => {
    const { context: ctx, calls } = context({ searchOpen: false });
    expect(press('k', 'global', ctx, { ctrlKey: true })).toBe('focusSearch');
    expect(press('k', 'search', ctx, { ctrlKey: true })).toBe('focusSearch');
    expect(calls.focused).toBe(2);
  });

  it('leaves arrows, Enter and Escape alone outside the search box', () => {
    const { context: ctx } = context();
    for (const name of ['ArrowDown', 'ArrowUp', 'Enter', 'Escape'])
      expect(press(name, 'global', ctx)).toBeUndefined();
  });

  it('moves the highlight down and up, wrapping at both ends', () => {
    const first = context();
    expect(press('ArrowDown', 'search', first.context)).toBe('searchNext');
    expect(first.calls.highlighted).toEqual([0]);

    const last = context({ activeResult: 2 });
    press('ArrowDown', 'search', last.context);
    expect(last.calls.highlighted).toEqual([0]);

    const up = context({ activeResult: null });
    expect(press('ArrowUp', 'search', up.context)).toBe('searchPrevious');
    expect(up.calls.highlighted).toEqual([2]);

    const middle = context({ activeResult: 1 });
    press('ArrowUp', 'search', middle.context);
    expect(middle.calls.highlighted).toEqual([0]);
  });

  it('does not move without results or with the overlay closed', () => {
    expect(press('ArrowDown', 'search', context({ resultCount: 0 }).context)).toBeUndefined();
    expect(press('ArrowDown', 'search', context({ searchOpen: false }).context)).toBeUndefined();
  });

  it('opens the highlighted lead on Enter, otherwise submits the typed name to the list', () => {
    const chosen = context({ activeResult: 1 });
    expect(press('Enter', 'search', chosen.context)).toBe('searchOpenResult');
    expect(chosen.calls.opened).toEqual([1]);
    expect(chosen.calls.submitted).toBe(0);

    const none = context({ activeResult: null });
    expect(press('Enter', 'search', none.context)).toBe('searchSubmit');
    expect(none.calls.submitted).toBe(1);

    // A highlight left over from a longer result list does not open a lead that is no longer shown.
    const stale = context({ activeResult: 5, resultCount: 2 });
    expect(press('Enter', 'search', stale.context)).toBe('searchSubmit');

    // With the overlay closed (say, after Esc), Enter still searches what is typed.
    const closed = context({ searchOpen: false, activeResult: 0 });
    expect(press('Enter', 'search', closed.context)).toBe('searchSubmit');
  });

  it('ignores Enter with modifiers', () => {
    expect(press('Enter', 'search', context().context, { ctrlKey: true })).toBeUndefined();
  });

  it('closes the overlay on Escape only while it is open', () => {
    const open = context();
    expect(press('Escape', 'search', open.context)).toBe('searchClose');
    expect(open.calls.closed).toBe(1);
    expect(press('Escape', 'search', context({ searchOpen: false }).context)).toBeUndefined();
  });
});

describe('shellActions', () => {
  it('has unique names and a Turkish label for each action', () => {
    const names = shellActions.map((action) => action.name);
    expect(new Set(names).size).toBe(names.length);
    for (const action of shellActions) expect(action.label.trim()).not.toBe('');
  });

  it('lets palette-only actions run without a key', () => {
    const { context: ctx, calls } = context();
    const profile = shellActions.find((action) => action.name === 'goProfile');
    expect(profile?.keyTest).toBeUndefined();
    profile?.perform(ctx);
    expect(calls.navigated).toEqual(['/profile']);
  });
});
