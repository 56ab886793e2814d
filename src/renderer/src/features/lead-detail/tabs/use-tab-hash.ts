import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activeTabFromHash, hashForTab, hashToSync, type LeftTab } from './lead-tabs';

/**
 * The active left tab lives in the URL hash (see docs/requirements.md#lead-workspace-and-work-screens): the hash selects it, and choosing a tab writes
 * it. Under the hash router the address is '#/leadDetail/5#gorevler', whose second hash is the router's
 * location.hash. Entries are replaced, not pushed, so "Geri" leaves the lead instead of walking its tabs.
 */
export function useTabHash(visible: readonly LeftTab[]): [LeftTab, (tab: LeftTab) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const active = activeTabFromHash(hash, visible);

  useEffect(() => {
    const next = hashToSync(hash, active);
    if (next !== null) void navigate({ pathname, search, hash: next }, { replace: true });
  }, [hash, active, pathname, search, navigate]);

  const select = useCallback(
    (tab: LeftTab) => {
      void navigate({ pathname, search, hash: hashForTab(tab) }, { replace: true });
    },
    [pathname, search, navigate],
  );

  return [active, select];
}
