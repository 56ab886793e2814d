import { uiTexts } from '../../../i18n/ui-texts';

/**
 * The list's keyboard actions as one registry (the Excalidraw shape: name, label, key test, predicate,
 * perform), so the key handler, a future shortcuts help and the Ctrl+K palette read the same list. Pure:
 * the context carries everything an action touches, which keeps the rules testable under Node.
 */

/** The parts of a KeyboardEvent the key tests read. */
export type ListKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

export type ListActionContext = {
  rowCount: number;
  /** Index of the highlighted row on this page, or null before the first arrow key. */
  focusedRow: number | null;
  /** A drawer or panel of the list is open. */
  panelOpen: boolean;
  /** Row checkboxes exist (the selection column is there). */
  canToggleRows: boolean;
  focusRow: (index: number) => void;
  openRow: (index: number) => void;
  toggleRow: (index: number) => void;
  closePanels: () => void;
};

export type ListActionName =
  'focusPrevious' | 'focusNext' | 'focusFirst' | 'focusLast' | 'openRecord' | 'toggleRow' | 'closePanels';

export type ListAction = {
  name: ListActionName;
  label: string;
  keyTest: (event: ListKey) => boolean;
  predicate: (context: ListActionContext) => boolean;
  perform: (context: ListActionContext) => void;
};

const plain = (event: ListKey): boolean => !event.ctrlKey && !event.metaKey && !event.altKey;
const onKey =
  (...keys: string[]) =>
  (event: ListKey): boolean =>
    plain(event) && !event.shiftKey && keys.includes(event.key);
const hasRows = (context: ListActionContext): boolean => context.rowCount > 0;
const hasFocusedRow = (context: ListActionContext): boolean =>
  context.focusedRow !== null && context.focusedRow < context.rowCount;

export const listActions: readonly ListAction[] = [
  {
    name: 'focusPrevious',
    label: uiTexts.keyPreviousRow,
    keyTest: onKey('ArrowUp'),
    predicate: hasRows,
    perform: (context) =>
      context.focusRow(
        context.focusedRow === null ? context.rowCount - 1 : Math.max(0, context.focusedRow - 1),
      ),
  },
  {
    name: 'focusNext',
    label: uiTexts.keyNextRow,
    keyTest: onKey('ArrowDown'),
    predicate: hasRows,
    perform: (context) =>
      context.focusRow(
        context.focusedRow === null ? 0 : Math.min(context.rowCount - 1, context.focusedRow + 1),
      ),
  },
  {
    name: 'focusFirst',
    label: uiTexts.keyFirstRow,
    keyTest: onKey('Home'),
    predicate: hasRows,
    perform: (context) => context.focusRow(0),
  },
  {
    name: 'focusLast',
    label: uiTexts.keyLastRow,
    keyTest: onKey('End'),
    predicate: hasRows,
    perform: (context) => context.focusRow(context.rowCount - 1),
  },
  {
    name: 'openRecord',
    label: uiTexts.keyOpenRecord,
    keyTest: onKey('Enter'),
    predicate: hasFocusedRow,
    perform: (context) => {
      if (context.focusedRow !== null) context.openRow(context.focusedRow);
    },
  },
  {
    name: 'toggleRow',
    label: uiTexts.keyToggleRow,
    keyTest: onKey(' ', 'Spacebar'),
    predicate: (context) => context.canToggleRows && hasFocusedRow(context),
    perform: (context) => {
      if (context.focusedRow !== null) context.toggleRow(context.focusedRow);
    },
  },
  {
    name: 'closePanels',
    label: uiTexts.keyClosePanels,
    keyTest: (event) => plain(event) && (event.key === 'Escape' || event.key === 'Esc'),
    predicate: (context) => context.panelOpen,
    perform: (context) => context.closePanels(),
  },
];

/** The action a key press triggers in this state, if any. */
export function findListAction(event: ListKey, context: ListActionContext): ListAction | undefined {
  return listActions.find((action) => action.keyTest(event) && action.predicate(context));
}
