import type { Location } from 'react-router-dom';

/**
 * Where AuthGuard (or the session-expiry listener) sent the user from, so login can bring them back to
 * the same screen: path, query (a list's filters) and hash (a lead's tab).
 */
export function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = (state as { from?: Partial<Location> }).from;
  const path = `${from?.pathname ?? '/'}${from?.search ?? ''}${from?.hash ?? ''}`;
  // Never bounce back into the login or logout route itself.
  return path.startsWith('/login') || path.startsWith('/logout') ? '/' : path;
}
