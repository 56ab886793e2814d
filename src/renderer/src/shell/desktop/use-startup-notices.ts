import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { desktopTexts } from '../../../../shared/i18n/desktop-texts';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { leadDetailPath } from '../search/search-keyword';

/**
 * Once the shell is up, collects what happened before it could show anything: the page crashed and was
 * reloaded (unsaved form input is gone, so the user is told), or a crm://lead/{id} link is waiting.
 */
export function useStartupNotices(): void {
  const bridge = useBridge();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    const desktop = bridge.desktop;
    if (!desktop || asked.current) return;
    asked.current = true;
    void desktop.takeStartupNotices().then(({ recoveredFromCrash, leadId }) => {
      if (recoveredFromCrash) notifier.warning(desktopTexts.crashRecovered);
      if (leadId !== null) void navigate(leadDetailPath(leadId));
    });
  }, [bridge, notifier, navigate]);
}
