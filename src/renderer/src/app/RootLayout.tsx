import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/i18n/messages';
import { crmKeys } from '../api/query-keys';
import { useBridge } from '../bridge/bridge-context';
import { RouteLoadingBar } from './RouteLoadingBar';
import { useNotifier } from '../ui/toaster';

/** Routes that work without a session; an expiry heard there needs no redirect. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/login', '/logout', '/setup', '/notfound']);

/** Wraps every route: listens for the bridge's sessionExpired event and sends the user to /login. */
export function RootLayout(): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const location = useLocation();
  // The listener is registered once; it reads the current location through this ref.
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(
    () =>
      bridge.on('sessionExpired', () => {
        const current = locationRef.current;
        if (PUBLIC_PATHS.has(current.pathname)) return;
        // Nothing the old token fetched may be shown to whoever logs in next.
        queryClient.removeQueries({ queryKey: crmKeys.all });
        notifier.warning(messages.sessionExpired);
        void navigate('/login', { replace: true, state: { from: current } });
      }),
    [bridge, queryClient, notifier, navigate],
  );

  return (
    <>
      <RouteLoadingBar />
      <Outlet />
    </>
  );
}
