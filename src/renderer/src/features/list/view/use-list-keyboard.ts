import { Classes } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { findListAction, type ListActionContext } from './list-actions';

/** Elements that take every key themselves: typing, choosing and menus. */
const TYPING =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"], [role="listbox"]';
/** Buttons and links only claim Enter and Space (their click); arrows still move the list's row. */
const CLICKABLE = 'button, a[href], [role="button"], [role="checkbox"]';
/** Blueprint portals drawers, dialogs, popovers and alerts; they handle their own keys and Esc. */
const OVERLAY = `.${Classes.PORTAL}, .${Classes.OVERLAY}`;

function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING) !== null || target.closest(OVERLAY) !== null) return true;
  return (key === 'Enter' || key === ' ') && target.closest(CLICKABLE) !== null;
}

/**
 * The list's keyboard (spec / docs/user-guide.md#working-with-lists: arrows move the selection, Enter opens the record, Space ticks, Esc
 * closes panels), read from the actions registry. Listens on the document so the keys work without first
 * clicking into the table, but leaves inputs, buttons and overlays alone.
 */
export function useListKeyboard(context: ListActionContext): void {
  const latest = useRef(context);
  useEffect(() => {
    latest.current = context;
  }, [context]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      if (ownsKey(event.target, event.key)) return;
      const action = findListAction(event, latest.current);
      if (!action) return;
      event.preventDefault();
      action.perform(latest.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
