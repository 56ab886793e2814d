import type { BridgeEvents } from '../../../shared/bridge';
import {
  REALTIME_EVENTS,
  SOCKET_PASSWORD_CHANGE_REQUIRED,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  realtimeEventSchemas,
} from '../../../shared/contract/realtime';

/** The few socket.io client members used here, so tests can pass a fake socket. */
export interface RealtimeSocketLike {
  on(event: string, handler: (payload: unknown) => void): unknown;
  disconnect(): unknown;
}

/** `auth` is a function so every reconnect reads the token stored now, not the one of the first connect. */
export type RealtimeConnect = (
  origin: string,
  options: { path: string; auth: (send: (data: { token: string | null }) => void) => void },
) => Promise<RealtimeSocketLike>;

/** Names of the bridge events this connection feeds (and whose listeners make it connect). */
export const WEB_REALTIME_EVENTS = [...Object.values(REALTIME_EVENTS), 'realtimeStatus'] as const;
export type WebRealtimeEventName = (typeof WEB_REALTIME_EVENTS)[number];

export function isWebRealtimeEvent(name: string): name is WebRealtimeEventName {
  return (WEB_REALTIME_EVENTS as readonly string[]).includes(name);
}

export interface WebRealtimeOptions {
  /** The CRM server's origin (socket.io answers at /socket.io there, beside /api). */
  origin: string;
  getToken: () => string | null;
  emit: <E extends WebRealtimeEventName>(event: E, payload: BridgeEvents[E]) => void;
  connect?: RealtimeConnect;
}

export interface WebRealtime {
  /** Connects if there is a token and no connection yet; safe to call often. */
  start(): void;
  /** Disconnects (logout, expiry); start() connects again with the next token. */
  stop(): void;
}

/**
 * socket.io-client is loaded on first use, so the desktop edition (whose main process holds the socket)
 * and pages that never listen do not pay for it at start.
 */
const defaultConnect: RealtimeConnect = async (origin, options) => {
  const { io } = await import('socket.io-client');
  return io(origin, options);
};

/**
 * The web edition's real-time connection: the desktop app's main process does this with the vault's
 * token; a browser has no main process, so the bridge holds the socket itself and forwards the server's
 * pushes as the same bridge events, validated with the contract's schemas.
 */
export function createWebRealtime(options: WebRealtimeOptions): WebRealtime {
  const connect = options.connect ?? defaultConnect;
  let socket: RealtimeSocketLike | null = null;
  // Bumped by stop(), so a connection still loading when the user logs out is dropped on arrival.
  let generation = 0;
  let connecting = false;

  const start = (): void => {
    if (socket || connecting || options.getToken() === null) return;
    connecting = true;
    const mine = generation;
    connect(options.origin, {
      path: SOCKET_PATH,
      auth: (send) => send({ token: options.getToken() }),
    })
      .then((opened) => {
        connecting = false;
        if (mine !== generation) {
          opened.disconnect();
          return;
        }
        socket = opened;
        opened.on('connect', () => options.emit('realtimeStatus', { connected: true }));
        opened.on('disconnect', () => options.emit('realtimeStatus', { connected: false }));
        opened.on('connect_error', (error) => {
          // A refused token does not get better by retrying; the next HTTP call's 401 ends the session.
          // A session that must change its password connects again with the shell's next start().
          const message = error instanceof Error ? error.message : '';
          const refused = message === SOCKET_UNAUTHORIZED || message === SOCKET_PASSWORD_CHANGE_REQUIRED;
          if (refused && socket === opened) {
            opened.disconnect();
            socket = null;
          }
        });
        // Pushes in a shape we do not know are dropped rather than handed to the screens half-valid.
        opened.on(REALTIME_EVENTS.notification, (payload) => {
          const parsed = realtimeEventSchemas.notification.safeParse(payload);
          if (parsed.success) options.emit('notification', parsed.data);
        });
        opened.on(REALTIME_EVENTS.importProgress, (payload) => {
          const parsed = realtimeEventSchemas.importProgress.safeParse(payload);
          if (parsed.success) options.emit('importProgress', parsed.data);
        });
        opened.on(REALTIME_EVENTS.fieldUpdate, (payload) => {
          const parsed = realtimeEventSchemas.fieldUpdate.safeParse(payload);
          if (parsed.success) options.emit('fieldUpdate', parsed.data);
        });
        opened.on(REALTIME_EVENTS.callOutcome, (payload) => {
          const parsed = realtimeEventSchemas.callOutcome.safeParse(payload);
          if (parsed.success) options.emit('callOutcome', parsed.data);
        });
        opened.on(REALTIME_EVENTS.transactionUpdate, (payload) => {
          const parsed = realtimeEventSchemas.transactionUpdate.safeParse(payload);
          if (parsed.success) options.emit('transactionUpdate', parsed.data);
        });
        opened.on(REALTIME_EVENTS.leadActivity, (payload) => {
          const parsed = realtimeEventSchemas.leadActivity.safeParse(payload);
          if (parsed.success) options.emit('leadActivity', parsed.data);
        });
        opened.on(REALTIME_EVENTS.chatMessage, (payload) => {
          const parsed = realtimeEventSchemas.chatMessage.safeParse(payload);
          if (parsed.success) options.emit('chatMessage', parsed.data);
        });
      })
      .catch(() => {
        // The chunk or the server could not be reached: screens still work, without pushes, until the
        // next start() (the next listener or login) tries again.
        connecting = false;
      });
  };

  const stop = (): void => {
    generation += 1;
    connecting = false;
    if (socket) {
      const closing = socket;
      socket = null;
      // Its 'disconnect' handler tells the listeners (realtimeStatus false).
      closing.disconnect();
    }
  };

  return { start, stop };
}
