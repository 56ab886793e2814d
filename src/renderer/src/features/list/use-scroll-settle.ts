import { useEffect } from 'react';

/** How long after the last scroll event a scroll counts as finished. */
export const SCROLL_SETTLE_MS = 150;

/**
 * Announces the final position once more when a scroll inside `element` settles: the element that
 * scrolled gets one extra scroll event SCROLL_SETTLE_MS after the last real one. Blueprint's table runs
 * its scroll handler at most once a frame and drops the events that arrive meanwhile, so its idea of the
 * visible rows could stop short of where the scroll ended and leave the last rows blank until the next
 * scroll. Scroll events do not bubble: a capturing listener sees them all; the page's own event is not
 * trusted, so it does not start another round.
 */
export function useScrollSettle(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    let timer: number | undefined;
    const onScroll = (event: Event): void => {
      if (!event.isTrusted) return;
      const target = event.target;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => target?.dispatchEvent(new Event('scroll')), SCROLL_SETTLE_MS);
    };
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll, { capture: true });
      window.clearTimeout(timer);
    };
  }, [element]);
}
