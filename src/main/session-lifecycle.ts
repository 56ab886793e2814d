import type { CallName } from '../shared/contract';
import type { SessionManager } from './session-manager';

export interface SessionLifecycleHooks {
  /** A session is in use: right after a login (`fresh`) or at the first validation that keeps one. */
  started(fresh: boolean): void;
  /** Logout, an expired token, a server switch: everything that belongs to the session stops. */
  ended(): void;
  /** A call from the renderer went through the session (some change what the tray shows). */
  called?(name: CallName, ok: boolean): void;
}

export interface ObservedSession extends SessionManager {
  /** For endings the session manager only announces (the `sessionExpired` event). */
  markEnded(): void;
}

/**
 * The session manager as the router sees it, telling the desktop services (socket, reminders, tray)
 * when a session begins and ends. It changes nothing the session manager answers.
 */
export function observeSession(session: SessionManager, hooks: SessionLifecycleHooks): ObservedSession {
  let active = false;

  const end = (): void => {
    if (!active) return;
    active = false;
    hooks.ended();
  };

  const begin = (fresh: boolean): void => {
    // A login over a running session (another user) ends that one first.
    if (fresh) end();
    if (active) return;
    active = true;
    hooks.started(fresh);
  };

  return {
    async login(input) {
      const outcome = await session.login(input);
      if (outcome.success) begin(true);
      return outcome;
    },
    async logout() {
      try {
        await session.logout();
      } finally {
        end();
      }
    },
    status: () => session.status(),
    async validate(force) {
      const status = await session.validate(force);
      if (status.authenticated) begin(false);
      else end();
      return status;
    },
    async call(name, input) {
      const outcome = await session.call(name, input);
      hooks.called?.(name, outcome.ok);
      return outcome;
    },
    open: (name, input) => session.open(name, input),
    async reset() {
      try {
        await session.reset();
      } finally {
        end();
      }
    },
    markEnded: end,
  };
}
