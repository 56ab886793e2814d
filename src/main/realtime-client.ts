import type { z } from 'zod';
import {
  REALTIME_EVENTS,
  realtimeEventSchemas,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  type RealtimeEventName,
} from '../shared/contract/realtime';
import type { Log } from './log';
import type { Schedule } from './timers';

/** The part of a socket.io-client Socket the client uses; tests pass a fake. */
export interface RealtimeSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  disconnect(): unknown;
}

export interface RealtimeConnectOptions {
  path: string;
  auth: { token: string };
  /** Off: back-off, and the token read again for every attempt, are this module's job. */
  reconnection: false;
  /** A fresh connection per attempt, never a cached manager still holding an old token. */
  forceNew: true;
  /** Sent with the handshake: the embedded server's per-launch secret (create-main-services.ts). */
  extraHeaders?: Record<string, string>;
}

/** socket.io-client's `io`, or a fake. */
export type IoFactory = (origin: string, options: RealtimeConnectOptions) => RealtimeSocket;

export type RealtimePayloads = { [E in RealtimeEventName]: z.infer<(typeof realtimeEventSchemas)[E]> };

/** A validated push, discriminated by its event name. */
export type RealtimeMessage = {
  [E in RealtimeEventName]: { event: E; payload: RealtimePayloads[E] };
}[RealtimeEventName];

export interface BackoffOptions {
  minMs: number;
  maxMs: number;
  /** Spread of each delay around its exponential value: 0.25 means ±25 %. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { minMs: 1_000, maxMs: 30_000, jitter: 0.25 };

/**
 * Delay before reconnect attempt `attempt` (0 for the first after a failure): min·2^attempt, spread by
 * the jitter so a thousand desktops do not return to a restarted server in the same instant, and always
 * within [min, max].
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: number): number {
  const exponential = Math.min(options.maxMs, options.minMs * 2 ** Math.min(attempt, 30));
  const spread = exponential * (1 + options.jitter * (2 * random - 1));
  return Math.round(Math.min(options.maxMs, Math.max(options.minMs, spread)));
}

/**
 * Where the socket lives for an API base: its origin, and '/socket.io' beside the API's '/api' (so a
 * server behind a path prefix, https://host/crm/api, is reached at /crm/socket.io).
 */
export function socketEndpoint(apiBase: string): { origin: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const prefix = path.endsWith('/api') ? path.slice(0, -'/api'.length) : '';
  return { origin: url.origin, path: `${prefix}${SOCKET_PATH}` };
}

export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'waiting';

export interface RealtimeClientDeps {
  io: IoFactory;
  /** The session's API base (null: no server chosen). */
  apiBase(): Promise<string | null>;
  /** The session's current token, read for every attempt (null: no session, so stay off). */
  token(): Promise<string | null>;
  /** A validated push; invalid ones are logged and dropped here. */
  onEvent(message: RealtimeMessage): void;
  /** `reconnect` is true for every connect after the first of a start: pushes may have been missed. */
  onStatus?(status: { connected: boolean; reconnect: boolean }): void;
  /** The server refused the token at the handshake; the session decides whether it is over. */
  onUnauthorized?(): void;
  schedule: Schedule;
  random?: () => number;
  backoff?: BackoffOptions;
  log: Log;
}

export interface RealtimeClient {
  /** Connects with the current session unless already running (connecting, connected or waiting). */
  start(): void;
  /** Drops the connection and connects again, e.g. with a new login's token. */
  restart(): void;
  /** Disconnects and forgets any pending retry (logout, expired session, server switch, quit). */
  stop(): void;
  state(): RealtimeState;
}

const eventNames = Object.values(REALTIME_EVENTS);

/** The main process's socket.io connection to the CRM server; its pushes go on to the renderer. */
export function createRealtimeClient(deps: RealtimeClientDeps): RealtimeClient {
  const random = deps.random ?? Math.random;
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  let state: RealtimeState = 'idle';
  let socket: RealtimeSocket | null = null;
  let cancelRetry: (() => void) | null = null;
  // Failures since the last successful connect: the back-off exponent.
  let failures = 0;
  let connectedBefore = false;
  // Bumped by stop(): async steps and socket callbacks of an earlier run see it and do nothing.
  let run = 0;

  const setConnected = (connected: boolean): void => {
    deps.onStatus?.({ connected, reconnect: connected && connectedBefore });
    if (connected) connectedBefore = true;
  };

  const drop = (current: RealtimeSocket): void => {
    // Cleared first, so the 'disconnect' this causes is not taken for a lost connection.
    if (socket === current) socket = null;
    current.disconnect();
  };

  const retryLater = (myRun: number): void => {
    if (myRun !== run) return;
    const delay = backoffDelay(failures, backoff, random());
    failures += 1;
    state = 'waiting';
    cancelRetry = deps.schedule(() => {
      cancelRetry = null;
      void attempt(myRun);
    }, delay);
  };

  const forward = (event: RealtimeEventName, payload: unknown): void => {
    const parsed = realtimeEventSchemas[event].safeParse(payload);
    if (!parsed.success) {
      deps.log(`Realtime '${event}' payload refused: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return;
    }
    // The schema was picked by `event`, so the pair matches; TypeScript cannot follow that by itself.
    deps.onEvent({ event, payload: parsed.data } as RealtimeMessage);
  };

  const listen = (current: RealtimeSocket, myRun: number): void => {
    const live = (): boolean => socket === current && myRun === run;
    current.on('connect', () => {
      if (!live()) return;
      failures = 0;
      state = 'connected';
      setConnected(true);
    });
    current.on('connect_error', (error: unknown) => {
      if (!live()) return;
      const message = error instanceof Error ? error.message : String(error);
      drop(current);
      if (message === SOCKET_UNAUTHORIZED) deps.onUnauthorized?.();
      else deps.log(`Realtime connection failed: ${message}`);
      // After onUnauthorized: if the session ends, its stop() has bumped the run and this does nothing.
      retryLater(myRun);
    });
    current.on('disconnect', (reason: unknown) => {
      if (!live()) return;
      drop(current);
      setConnected(false);
      deps.log(`Realtime connection lost: ${String(reason)}`);
      // Also after 'io server disconnect' (e.g. a revoked token): the next handshake settles it.
      retryLater(myRun);
    });
    for (const event of eventNames) {
      current.on(event, (payload: unknown) => {
        if (live()) forward(event, payload);
      });
    }
  };

  async function attempt(myRun: number): Promise<void> {
    state = 'connecting';
    let base: string | null;
    let token: string | null;
    try {
      [base, token] = await Promise.all([deps.apiBase(), deps.token()]);
    } catch (error) {
      deps.log(`Realtime: session unavailable: ${String(error)}`);
      retryLater(myRun);
      return;
    }
    if (myRun !== run) return;
    const endpoint = base === null ? null : socketEndpoint(base);
    if (endpoint === null || token === null) {
      // Nothing to connect to or with: off until the session starts again.
      state = 'idle';
      return;
    }
    const current = deps.io(endpoint.origin, {
      path: endpoint.path,
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket = current;
    listen(current, myRun);
  }

  const stop = (): void => {
    run += 1;
    cancelRetry?.();
    cancelRetry = null;
    const wasConnected = state === 'connected';
    if (socket) drop(socket);
    state = 'idle';
    failures = 0;
    if (wasConnected) setConnected(false);
    connectedBefore = false;
  };

  const start = (): void => {
    if (state !== 'idle') return;
    void attempt(run);
  };

  return {
    start,
    restart: () => {
      stop();
      start();
    },
    stop,
    state: () => state,
  };
}
