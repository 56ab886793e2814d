import { createContext, useContext } from 'react';
import type { AppSettings, SessionStatus } from '../../../shared/bridge';

export interface SessionContextValue {
  session: SessionStatus;
  settings: AppSettings;
}

/** Filled by AuthGuard once the session has passed its checks; screens inside the shell read it. */
export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession is only available inside AuthGuard');
  return value;
}
