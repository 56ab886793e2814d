import type { SidebarNote } from '../shared/contract/notifications';
import type { Log } from './log';
import type { Schedule } from './timers';
import { SIGNED_OUT_TRAY, type TrayState } from './tray-model';

export interface TrayStateDeps {
  /** contract `notifications`.unread; null when it could not be fetched. */
  fetchUnread(): Promise<number | null>;
  /** contract `sidebarNotes`; null when it could not be fetched. */
  fetchUpcoming(): Promise<SidebarNote[] | null>;
  schedule: Schedule;
  /** Pushes and calls come in bursts; one refresh after the burst is enough. */
  debounceMs?: number;
  /** Safety net for changes nobody told the main process about (another device, another agent). */
  periodMs?: number;
  log: Log;
}

export interface TrayStateService {
  current(): TrayState;
  subscribe(listener: (state: TrayState) => void): () => void;
  /** A session began: refresh now and then every period. */
  signedIn(): void;
  /** Something that changes the count or the reminders happened; refreshes after the debounce. */
  refresh(): void;
  signedOut(): void;
  stop(): void;
}

export const TRAY_REFRESH_DEBOUNCE_MS = 500;
export const TRAY_REFRESH_PERIOD_MS = 5 * 60_000;

/** The tray's data (unread count, next reminders), fetched through the session and kept fresh. */
export function createTrayState(deps: TrayStateDeps): TrayStateService {
  const debounceMs = deps.debounceMs ?? TRAY_REFRESH_DEBOUNCE_MS;
  const periodMs = deps.periodMs ?? TRAY_REFRESH_PERIOD_MS;
  const listeners = new Set<(state: TrayState) => void>();
  let state: TrayState = SIGNED_OUT_TRAY;
  let cancelPending: (() => void) | null = null;
  // Bumped on sign-out: an answer still in flight belongs to the previous session.
  let session = 0;

  const publish = (next: TrayState): void => {
    state = next;
    for (const listener of listeners) listener(state);
  };

  const load = async (mySession: number): Promise<void> => {
    const [unread, upcoming] = await Promise.all([deps.fetchUnread(), deps.fetchUpcoming()]);
    if (mySession !== session || !state.signedIn) return;
    // A failed half keeps what was shown before rather than blanking the tray.
    publish({
      signedIn: true,
      unread: unread ?? state.unread,
      upcoming: upcoming ?? state.upcoming,
    });
  };

  const plan = (delayMs: number): void => {
    cancelPending?.();
    const mySession = session;
    cancelPending = deps.schedule(() => {
      cancelPending = null;
      load(mySession)
        .catch((error: unknown) => deps.log(`Tray refresh failed: ${String(error)}`))
        .finally(() => {
          if (mySession === session && state.signedIn && cancelPending === null) plan(periodMs);
        });
    }, delayMs);
  };

  const signedOut = (): void => {
    session += 1;
    cancelPending?.();
    cancelPending = null;
    if (state.signedIn) publish(SIGNED_OUT_TRAY);
  };

  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    signedIn() {
      if (!state.signedIn) publish({ ...SIGNED_OUT_TRAY, signedIn: true });
      plan(0);
    },
    refresh() {
      if (state.signedIn) plan(debounceMs);
    },
    signedOut,
    stop: signedOut,
  };
}
