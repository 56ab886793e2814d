import { messages } from '../../../shared/i18n/messages';
import { shellTexts } from '../i18n/shell-texts';
import { actionKeywords } from '../i18n/action-keywords';

/**
 * The shell's actions as one registry, the Excalidraw shape: name, label, keywords, an optional key test,
 * a predicate and perform. The window key handler, the search box's key handler and a future command
 * palette all read this list, so a shortcut is declared once. Pure: the context carries everything an
 * action touches, which keeps the rules testable under Node.
 */

/** The parts of a KeyboardEvent the key tests read. */
export type ShellKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * Where a key press was heard: 'global' is the window (anywhere in the app), 'search' the search box.
 * The search box handles its own keys first, so arrows and Enter never leak to a list behind it.
 */
export type ShellActionScope = 'global' | 'search';

export type ShellActionContext = {
  /** The search overlay is showing. */
  searchOpen: boolean;
  /** Results the overlay shows now. */
  resultCount: number;
  /** The highlighted result, or null before the first arrow key. */
  activeResult: number | null;
  focusSearch: () => void;
  closeSearch: () => void;
  highlightResult: (index: number) => void;
  openResult: (index: number) => void;
  /** Enter without a highlighted result: the leads list filtered by the typed name. */
  submitSearch: () => void;
  navigate: (path: string) => void;
  goBack: () => void;
  openNotifications: () => void;
};

export type ShellActionName =
  | 'focusSearch'
  | 'searchPrevious'
  | 'searchNext'
  | 'searchOpenResult'
  | 'searchSubmit'
  | 'searchClose'
  | 'goHome'
  | 'goBack'
  | 'goProfile'
  | 'openNotifications';

export type ShellAction = {
  name: ShellActionName;
  label: string;
  /** Extra words a command palette matches (Turkish and English, folded by the caller). */
  keywords: readonly string[];
  scope: ShellActionScope;
  /** Palette-only actions have no key. */
  keyTest?: (event: ShellKey) => boolean;
  predicate: (context: ShellActionContext) => boolean;
  perform: (context: ShellActionContext) => void;
};

const noModifiers = (event: ShellKey): boolean =>
  !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;

const onPlainKey =
  (...keys: string[]) =>
  (event: ShellKey): boolean =>
    noModifiers(event) && keys.includes(event.key);

/**
 * Ctrl+K, or Cmd+K on macOS. `key` is compared case-free so Caps Lock does not break it; Alt and Shift
 * must be up, because AltGr (Ctrl+Alt on Windows) types characters on Turkish keyboards.
 */
export const isSearchShortcut = (event: ShellKey): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

const always = (): boolean => true;
const hasResults = (context: ShellActionContext): boolean => context.searchOpen && context.resultCount > 0;
const hasActiveResult = (context: ShellActionContext): boolean =>
  context.searchOpen && context.activeResult !== null && context.activeResult < context.resultCount;

export const shellActions: readonly ShellAction[] = [
  {
    name: 'focusSearch',
    label: shellTexts.actionFocusSearch,
    keywords: actionKeywords.focusSearch,
    // Global, so it also works inside the box: there it selects what is typed, to type over it.
    scope: 'global',
    keyTest: isSearchShortcut,
    predicate: always,
    perform: (context) => context.focusSearch(),
  },
  {
    name: 'searchPrevious',
    label: shellTexts.actionPreviousResult,
    keywords: [],
    scope: 'search',
    keyTest: onPlainKey('ArrowUp'),
    predicate: hasResults,
    perform: (context) =>
      context.highlightResult(
        context.activeResult === null || context.activeResult === 0
          ? context.resultCount - 1
          : context.activeResult - 1,
      ),
  },
  {
    name: 'searchNext',
    label: shellTexts.actionNextResult,
    keywords: [],
    scope: 'search',
    keyTest: onPlainKey('ArrowDown'),
    predicate: hasResults,
    perform: (context) =>
      context.highlightResult(
        context.activeResult === null || context.activeResult >= context.resultCount - 1
          ? 0
          : context.activeResult + 1,
      ),
  },
  {
    name: 'searchOpenResult',
    label: shellTexts.actionOpenResult,
    keywords: [],
    scope: 'search',
    keyTest: onPlainKey('Enter'),
    predicate: hasActiveResult,
    perform: (context) => {
      if (context.activeResult !== null) context.openResult(context.activeResult);
    },
  },
  {
    // After searchOpenResult in the list: Enter opens the highlighted lead when there is one.
    name: 'searchSubmit',
    label: shellTexts.actionSubmitSearch,
    keywords: [],
    scope: 'search',
    keyTest: onPlainKey('Enter'),
    predicate: always,
    perform: (context) => context.submitSearch(),
  },
  {
    name: 'searchClose',
    label: shellTexts.actionCloseSearch,
    keywords: [],
    scope: 'search',
    keyTest: onPlainKey('Escape', 'Esc'),
    predicate: (context) => context.searchOpen,
    perform: (context) => context.closeSearch(),
  },
  {
    name: 'goHome',
    label: messages.home,
    keywords: actionKeywords.goHome,
    scope: 'global',
    predicate: always,
    perform: (context) => context.navigate('/'),
  },
  {
    name: 'goBack',
    label: messages.back,
    keywords: actionKeywords.goBack,
    scope: 'global',
    predicate: always,
    perform: (context) => context.goBack(),
  },
  {
    name: 'goProfile',
    label: messages.profile,
    keywords: actionKeywords.goProfile,
    scope: 'global',
    predicate: always,
    perform: (context) => context.navigate('/profile'),
  },
  {
    name: 'openNotifications',
    label: messages.notifications,
    keywords: actionKeywords.openNotifications,
    scope: 'global',
    predicate: always,
    perform: (context) => context.openNotifications(),
  },
];

/** The action a key press triggers in this scope and state, if any (the first match wins). */
export function findShellAction(
  event: ShellKey,
  scope: ShellActionScope,
  context: ShellActionContext,
  actions: readonly ShellAction[] = shellActions,
): ShellAction | undefined {
  return actions.find(
    (action) =>
      // Global shortcuts work inside the search box as well; search keys only there.
      (action.scope === scope || action.scope === 'global') &&
      action.keyTest !== undefined &&
      action.keyTest(event) &&
      action.predicate(context),
  );
}

export function getShellAction(name: ShellActionName): ShellAction {
  const action = shellActions.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`Bilinmeyen eylem: ${name}`);
  return action;
}
