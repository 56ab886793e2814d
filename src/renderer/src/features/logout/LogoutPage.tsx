import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { crmKeys } from '../../api/query-keys';
import { FullPageStatus } from '../../ui/FullPageStatus';
import { useBridge } from '../../bridge/bridge-context';
import { uiTexts } from '../../i18n/ui-texts';

/** /logout: forgets the session (token, user name, id), drops cached server data, goes to /login. */
export function LogoutPage(): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; one logout call is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    bridge.session
      .logout()
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: crmKeys.all });
        void navigate('/login', { replace: true });
      });
  }, [bridge, queryClient, navigate]);

  return <FullPageStatus text={uiTexts.signingOut} testId="logout-progress" />;
}
