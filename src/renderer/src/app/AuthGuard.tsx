import { Button, NonIdealState } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { CrmBridge } from '../../../shared/bridge';
import { messages } from '../../../shared/i18n/messages';
import { CrmError } from '../api/crm-error';
import { appSettingsQuery } from '../api/settings';
import { useBridge } from '../bridge/bridge-context';
import { uiTexts } from '../i18n/ui-texts';
import { FullPageStatus } from '../ui/FullPageStatus';
import { SessionContext, type SessionContextValue } from '../api/session-context';

type GateState =
  | { kind: 'checking' }
  | { kind: 'setup' }
  | { kind: 'login' }
  | { kind: 'failed'; message: string }
  | ({ kind: 'ready' } & SessionContextValue);

type QueryClientLike = ReturnType<typeof useQueryClient>;

/**
 * The order of docs/requirements.md#shell-lists-and-chat plus the desktop first run: a server must be chosen, a session must exist, and
 * the token must survive /auth/validate (the bridge asks at most once an hour). Whether the server speaks
 * this API at all is decided by the shell's first call (GET /permissions).
 */
async function checkGate(bridge: CrmBridge, queryClient: QueryClientLike): Promise<GateState> {
  const settings = await queryClient.fetchQuery(appSettingsQuery(bridge));
  if (settings.serverUrl === null) return { kind: 'setup' };
  const status = await bridge.session.status();
  if (!status.authenticated) return { kind: 'login' };
  let validated = status;
  try {
    validated = await bridge.session.validate();
  } catch {
    // A validation that could not run is not a refusal; GET /permissions will show what is wrong.
  }
  if (!validated.authenticated) return { kind: 'login' };
  return { kind: 'ready', session: validated, settings };
}

export function AuthGuard(): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [gate, setGate] = useState<GateState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    checkGate(bridge, queryClient)
      .then((result) => {
        if (!cancelled) setGate(result);
      })
      .catch((reason: unknown) => {
        if (!cancelled) setGate({ kind: 'failed', message: CrmError.from(reason).message });
      });
    return () => {
      cancelled = true;
    };
  }, [bridge, queryClient, attempt]);

  switch (gate.kind) {
    case 'checking':
      return <FullPageStatus text={uiTexts.checkingSession} testId="session-checking" />;
    case 'setup':
      return <Navigate to="/setup" replace />;
    case 'login':
      return <Navigate to="/login" replace state={{ from: location }} />;
    case 'failed':
      return (
        <div className="full-page-status">
          <NonIdealState
            icon="offline"
            title={messages.crmAccessProblem}
            description={gate.message}
            action={
              <Button
                intent="primary"
                text={messages.retry}
                onClick={() => {
                  setGate({ kind: 'checking' });
                  setAttempt((n) => n + 1);
                }}
              />
            }
          />
        </div>
      );
    case 'ready':
      return (
        <SessionContext value={{ session: gate.session, settings: gate.settings }}>
          <Outlet />
        </SessionContext>
      );
  }
}
