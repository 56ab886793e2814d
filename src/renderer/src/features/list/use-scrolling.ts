import { useEffect, useRef, useState } from 'react';

/** How long after the last scroll event a scroll counts as finished. */
export const SCROLL_IDLE_MS = 150;

/**
 * Whether something inside `element` is being scrolled: true from the first scroll event, false
 * SCROLL_IDLE_MS after the last. State changes only at those two moments, so a scroll re-renders the
 * caller twice, not once per event. Scroll events do not bubble; a capturing listener sees them all.
 */
export function useScrolling(element: HTMLElement | null): boolean {
  const [scrolling, setScrolling] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!element) return;
    const onScroll = (): void => {
      setScrolling(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setScrolling(false), SCROLL_IDLE_MS);
    };
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll, { capture: true });
      window.clearTimeout(timer.current);
    };
  }, [element]);
  return scrolling;
}
