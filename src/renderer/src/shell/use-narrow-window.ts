import { useSyncExternalStore } from 'react';

/**
 * A phone-sized window (see docs/requirements.md#shell-lists-and-chat "Mobile"): below Blueprint's and most CSS frameworks' tablet width.
 * The shell swaps the side menu for a bottom bar, and lists start with the mobile default columns.
 */
export const NARROW_WINDOW_QUERY = '(max-width: 767px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? null
    : window.matchMedia(NARROW_WINDOW_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = (): boolean => mediaQuery()?.matches ?? false;

/** Whether the window is phone-sized now; re-renders when it crosses the width. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
