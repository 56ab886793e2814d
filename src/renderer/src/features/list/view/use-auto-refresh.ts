import { useEffect, useRef } from 'react';
import { AUTO_REFRESH_MS } from '../../../../../shared/domain';

/**
 * Calls `refresh` every AUTO_REFRESH_MS (see docs/requirements.md#constants-and-limits: 60 s) while enabled. Ticks are skipped while the
 * window is hidden: nobody reads the list then, and a call centre of idle windows should not load the
 * server once a minute each.
 */
export function useAutoRefresh(enabled: boolean, refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') latest.current();
    }, AUTO_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
