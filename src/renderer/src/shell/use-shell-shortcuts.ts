import { useEffect, useRef } from 'react';
import { findShellAction, type ShellActionContext } from './actions';

export type ShellShortcutHandlers = Pick<
  ShellActionContext,
  'focusSearch' | 'navigate' | 'goBack' | 'openNotifications'
>;

/**
 * The window's key handler for the shell's global actions (Ctrl+K from anywhere). Keys the search box
 * handled itself arrive with defaultPrevented and are left alone.
 */
export function useShellShortcuts(handlers: ShellShortcutHandlers): void {
  // Registered once; the newest handlers are read through this ref.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const context: ShellActionContext = {
        ...latest.current,
        // Outside the search box its overlay's keys do not apply.
        searchOpen: false,
        resultCount: 0,
        activeResult: null,
        closeSearch: () => undefined,
        highlightResult: () => undefined,
        openResult: () => undefined,
        submitSearch: () => undefined,
      };
      const action = findShellAction(event, 'global', context);
      if (!action) return;
      // Browsers bind Ctrl+K to their own address-bar search.
      event.preventDefault();
      action.perform(context);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
