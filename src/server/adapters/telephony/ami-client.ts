import { randomBytes } from 'node:crypto';
import { createConnection, type Socket } from 'node:net';
import {
  AMI_BANNER_PREFIX,
  AmiError,
  AmiParser,
  amiField,
  isAmiError,
  isAmiSuccess,
  serializeAction,
  type AmiFields,
  type AmiMessage,
} from './ami-protocol';

export { AmiError, amiField, amiFieldAll, isAmiError, isAmiSuccess } from './ami-protocol';
export type { AmiErrorCode, AmiFields, AmiFieldValue, AmiMessage } from './ami-protocol';

/** Event classes asked for at login; OriginateResponse belongs to 'call', so click-to-call needs it. */
export type AmiEventMask = 'off' | 'call';
export type AmiClientState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface AmiClientOptions {
  host: string;
  port: number;
  username: string;
  secret: string;
  events?: AmiEventMask;
  /** TCP connect plus banner. */
  connectTimeoutMs?: number;
  /** Default wait for the response of any action, Login included. */
  actionTimeoutMs?: number;
  /** Ping keep-alive while connected; 0 turns it off. */
  pingIntervalMs?: number;
  reconnectInitialDelayMs?: number;
  reconnectMaxDelayMs?: number;
  onEvent?: (event: AmiMessage) => void;
  onStateChange?: (state: AmiClientState, error?: AmiError) => void;
}

export interface ActionOptions {
  actionId?: string;
  timeoutMs?: number;
}

export interface OriginateOptions extends ActionOptions {
  /** How long to wait for the OriginateResponse event after sending. */
  outcomeTimeoutMs: number;
}

export interface OriginateHandle {
  actionId: string;
  /**
   * The PBX's response to the Originate action; null when none came within the action timeout. A late
   * PBX still runs a queued Originate, so null means "unknown yet", never "not dialled": the outcome
   * below keeps waiting and settles either way.
   */
  response: AmiMessage | null;
  /**
   * Settles with the OriginateResponse event of the same ActionID; null when the PBX refused the action.
   * Rejects with an AmiError ('timeout', 'connection-lost', 'closed', or 'rejected' for a late refusal),
   * so attach a handler at once.
   */
  outcome: Promise<AmiMessage> | null;
}

/** What the telephony adapter needs from a client; tests and other transports can supply their own. */
export interface AmiConnection {
  connect(): Promise<void>;
  originate(fields: AmiFields, options: OriginateOptions): Promise<OriginateHandle>;
  close(): Promise<void>;
}

export type AmiClientFactory = (options: AmiClientOptions) => AmiConnection;

export const AMI_DEFAULTS = {
  connectTimeoutMs: 5_000,
  actionTimeoutMs: 10_000,
  // Well under the usual NAT and firewall idle limits, and cheap for Asterisk.
  pingIntervalMs: 20_000,
  reconnectInitialDelayMs: 500,
  reconnectMaxDelayMs: 30_000,
} as const;

/** Logoff should not hold up shutdown when the PBX is slow. */
const LOGOFF_TIMEOUT_MS = 1_000;
const SOCKET_END_TIMEOUT_MS = 500;

interface Waiter {
  resolve(message: AmiMessage): void;
  reject(error: AmiError): void;
  timer: NodeJS.Timeout;
}

interface BannerWaiter {
  resolve(): void;
  reject(error: AmiError): void;
  timer: NodeJS.Timeout;
}

function eventKey(event: string, actionId: string): string {
  return `${event.toLowerCase()}\n${actionId}`;
}

function describeSocketError(error: Error | undefined): string {
  return error ? `: ${error.message}` : '';
}

/**
 * A small AMI client on one TCP socket. Logs in on connect, keeps the session alive with Ping, and
 * after the connection is lost reconnects with exponential back-off until `close()`. Every action has
 * a timeout; pending actions fail with 'connection-lost' when the socket goes away, because answers
 * and events never cross to a new session.
 */
export class AmiClient implements AmiConnection {
  private readonly connectTimeoutMs: number;
  private readonly actionTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly reconnectInitialDelayMs: number;
  private readonly reconnectMaxDelayMs: number;
  private readonly idPrefix = `crm-${randomBytes(4).toString('hex')}`;
  private sequence = 0;

  private currentState: AmiClientState = 'idle';
  private socket: Socket | undefined;
  private attempt: Promise<void> | undefined;
  private bannerWaiter: BannerWaiter | undefined;
  private readonly responses = new Map<string, Waiter>();
  private readonly eventWaiters = new Map<string, Waiter>();
  private pingTimer: NodeJS.Timeout | undefined;
  private pingInFlight = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  /** True once connect() was asked for; a wrong secret turns it off so we do not hammer the PBX. */
  private keepConnected = false;
  private version: string | undefined;

  constructor(private readonly options: AmiClientOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? AMI_DEFAULTS.connectTimeoutMs;
    this.actionTimeoutMs = options.actionTimeoutMs ?? AMI_DEFAULTS.actionTimeoutMs;
    this.pingIntervalMs = options.pingIntervalMs ?? AMI_DEFAULTS.pingIntervalMs;
    this.reconnectInitialDelayMs = options.reconnectInitialDelayMs ?? AMI_DEFAULTS.reconnectInitialDelayMs;
    this.reconnectMaxDelayMs = options.reconnectMaxDelayMs ?? AMI_DEFAULTS.reconnectMaxDelayMs;
  }

  get state(): AmiClientState {
    return this.currentState;
  }

  /** The version from the banner of the current or last connection. */
  get serverVersion(): string | undefined {
    return this.version;
  }

  /**
   * Resolves once logged in. A failed attempt rejects, and unless the login itself was refused the
   * client keeps retrying in the background; calling connect() again retries at once.
   */
  connect(): Promise<void> {
    if (this.currentState === 'closed') return Promise.reject(new AmiError('closed', 'AMI client is closed'));
    if (this.currentState === 'connected') return Promise.resolve();
    this.keepConnected = true;
    return this.attempt ?? this.startAttempt();
  }

  /** Sends one action and resolves with its response, whatever its Response value. */
  async sendAction(action: string, fields: AmiFields = {}, options: ActionOptions = {}): Promise<AmiMessage> {
    this.assertConnected();
    return this.request(action, fields, options);
  }

  async originate(fields: AmiFields, options: OriginateOptions): Promise<OriginateHandle> {
    this.assertConnected();
    const actionId = options.actionId ?? this.nextActionId();
    const answerWithinMs = options.timeoutMs ?? this.actionTimeoutMs;
    // Registered before sending: Asterisk may emit OriginateResponse (e.g. an unreachable phone) before
    // its "queued" response, and possibly in the same TCP chunk.
    const outcome = this.expectEvent('OriginateResponse', actionId, options.outcomeTimeoutMs);
    // The response is awaited as long as the outcome: a PBX that answers after answerWithinMs still
    // runs the call, and its late answer (or refusal) must not be dropped.
    const response = this.request('Originate', fields, {
      actionId,
      timeoutMs: Math.max(answerWithinMs, options.outcomeTimeoutMs),
    });
    let first: AmiMessage | null;
    try {
      first = await within(response, answerWithinMs);
    } catch (error) {
      outcome.cancel();
      throw error;
    }
    if (first === null) {
      return {
        actionId,
        response: null,
        outcome: lateOutcome(response, outcome, () => this.cancelRequest(actionId)),
      };
    }
    this.cancelRequest(actionId);
    if (!isAmiSuccess(first)) {
      outcome.cancel();
      return { actionId, response: first, outcome: null };
    }
    return { actionId, response: first, outcome: outcome.promise };
  }

  /** Logs off when connected, then closes the socket; no reconnect afterwards. Safe to call twice. */
  async close(): Promise<void> {
    if (this.currentState === 'closed') return;
    const wasConnected = this.currentState === 'connected';
    this.keepConnected = false;
    this.clearReconnectTimer();
    this.stopPing();
    this.setState('closed');
    const socket = this.socket;
    if (!socket) return;
    if (wasConnected) {
      try {
        await this.request('Logoff', {}, { timeoutMs: Math.min(this.actionTimeoutMs, LOGOFF_TIMEOUT_MS) });
      } catch {
        // The socket is closed below either way; a missing Goodbye changes nothing.
      }
    }
    this.socket = undefined;
    this.rejectAll(new AmiError('closed', 'AMI client is closed'));
    await endSocket(socket);
  }

  private assertConnected(): void {
    if (this.currentState === 'closed') throw new AmiError('closed', 'AMI client is closed');
    if (this.currentState !== 'connected' || !this.socket) {
      throw new AmiError('not-connected', 'Not connected to the Asterisk manager');
    }
  }

  /** Forgets the response wait of an action that needs no answer any more (clears its timer). */
  private cancelRequest(actionId: string): void {
    const waiter = this.responses.get(actionId);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.responses.delete(actionId);
  }

  private nextActionId(): string {
    this.sequence += 1;
    return `${this.idPrefix}-${this.sequence}`;
  }

  private startAttempt(): Promise<void> {
    this.clearReconnectTimer();
    const attempt = this.open();
    this.attempt = attempt;
    const done = (): void => {
      if (this.attempt === attempt) this.attempt = undefined;
    };
    // Also marks the rejection as handled for background attempts nobody awaits.
    attempt.then(done, done);
    return attempt;
  }

  private async open(): Promise<void> {
    this.setState('connecting');
    const { host, port } = this.options;
    const socket = createConnection({ host, port });
    this.socket = socket;
    socket.setNoDelay(true);
    let socketError: Error | undefined;
    const parser = new AmiParser({
      banner: (line) => this.onBanner(socket, line),
      message: (message) => this.onMessage(socket, message),
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        parser.push(chunk);
      } catch (error) {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', (error) => {
      socketError = error;
    });
    socket.on('close', () => this.onSocketClosed(socket, socketError));

    try {
      await this.waitForBanner(socket);
      const response = await this.request('Login', {
        Username: this.options.username,
        Secret: this.options.secret,
        Events: this.options.events ?? 'off',
      });
      if (!isAmiSuccess(response)) {
        const reason = amiField(response, 'Message') ?? 'no reason given';
        throw new AmiError('auth', `Asterisk manager login rejected: ${reason}`);
      }
      if (this.currentState === 'closed') throw new AmiError('closed', 'AMI client is closed');
    } catch (error) {
      const failure = isAmiError(error)
        ? error
        : new AmiError(
            'connect',
            `AMI connection failed${describeSocketError(error instanceof Error ? error : undefined)}`,
            { cause: error },
          );
      this.discardSocket(socket, failure);
      this.afterFailedAttempt(failure);
      throw failure;
    }
    this.failures = 0;
    this.setState('connected');
    this.startPing();
  }

  private waitForBanner(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.bannerWaiter?.timer !== timer) return;
        this.bannerWaiter = undefined;
        reject(new AmiError('connect', `No Asterisk manager banner within ${this.connectTimeoutMs} ms`));
        socket.destroy();
      }, this.connectTimeoutMs);
      this.bannerWaiter = { resolve, reject, timer };
    });
  }

  private onBanner(socket: Socket, line: string): void {
    if (socket !== this.socket) return;
    const waiter = this.bannerWaiter;
    if (!waiter) return;
    this.bannerWaiter = undefined;
    clearTimeout(waiter.timer);
    if (line.startsWith(AMI_BANNER_PREFIX)) {
      this.version = line.slice(AMI_BANNER_PREFIX.length).trim();
      waiter.resolve();
    } else {
      waiter.reject(new AmiError('protocol', `Not an Asterisk manager banner: "${line.slice(0, 80)}"`));
    }
  }

  private onMessage(socket: Socket, message: AmiMessage): void {
    if (socket !== this.socket) return;
    const actionId = amiField(message, 'ActionID');
    const event = amiField(message, 'Event');
    if (event !== undefined) {
      if (actionId !== undefined) settle(this.eventWaiters, eventKey(event, actionId), message);
      try {
        this.options.onEvent?.(message);
      } catch {
        // A listener's bug must not tear down the PBX connection (this runs inside the socket reader).
      }
      return;
    }
    // Responses to actions that already timed out are dropped here.
    if (actionId !== undefined) settle(this.responses, actionId, message);
  }

  private onSocketClosed(socket: Socket, error: Error | undefined): void {
    if (socket !== this.socket) return;
    const wasConnected = this.currentState === 'connected';
    const where = `${this.options.host}:${this.options.port}`;
    const failure = wasConnected
      ? new AmiError('connection-lost', `Connection to the Asterisk manager at ${where} was lost`, {
          cause: error,
        })
      : new AmiError(
          'connect',
          `Cannot connect to the Asterisk manager at ${where}${describeSocketError(error)}`,
          {
            cause: error,
          },
        );
    this.discardSocket(socket, failure);
    // While connecting, open() sees the rejected banner or Login wait and decides what happens next.
    if (wasConnected) {
      this.setState('reconnecting', failure);
      this.scheduleReconnect();
    }
  }

  private afterFailedAttempt(failure: AmiError): void {
    if (this.currentState === 'closed') return;
    if (failure.code === 'auth') {
      // Retrying a refused secret only fills the PBX log (and may trip fail2ban); wait for a new connect().
      this.keepConnected = false;
      this.setState('idle', failure);
      return;
    }
    this.setState('reconnecting', failure);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.keepConnected || this.reconnectTimer || this.currentState === 'closed') return;
    const delay = Math.min(this.reconnectMaxDelayMs, this.reconnectInitialDelayMs * 2 ** this.failures);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.currentState === 'reconnecting' && !this.attempt) void this.startAttempt();
    }, delay);
    // The server's own listeners keep the process alive; a pending retry should not.
    this.reconnectTimer.unref();
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private startPing(): void {
    this.stopPing();
    if (this.pingIntervalMs <= 0) return;
    this.pingTimer = setInterval(() => void this.ping(), this.pingIntervalMs);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private async ping(): Promise<void> {
    const socket = this.socket;
    if (this.pingInFlight || this.currentState !== 'connected' || !socket) return;
    this.pingInFlight = true;
    try {
      await this.request('Ping', {}, { timeoutMs: Math.min(this.actionTimeoutMs, this.pingIntervalMs) });
    } catch {
      // A silent PBX or a half-open TCP connection: drop it so the close handler reconnects.
      if (this.socket === socket && this.currentState === 'connected') socket.destroy();
    } finally {
      this.pingInFlight = false;
    }
  }

  private async request(
    action: string,
    fields: AmiFields = {},
    options: ActionOptions = {},
  ): Promise<AmiMessage> {
    const socket = this.socket;
    if (!socket || socket.destroyed)
      throw new AmiError('not-connected', 'Not connected to the Asterisk manager');
    const actionId = options.actionId ?? this.nextActionId();
    if (this.responses.has(actionId))
      throw new AmiError('invalid-action', `ActionID ${actionId} is already pending`);
    const text = serializeAction(action, actionId, fields);
    const timeoutMs = options.timeoutMs ?? this.actionTimeoutMs;
    return new Promise<AmiMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.responses.delete(actionId);
        reject(new AmiError('timeout', `No response to AMI ${action} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.responses.set(actionId, { resolve, reject, timer });
      socket.write(text);
    });
  }

  private expectEvent(
    event: string,
    actionId: string,
    timeoutMs: number,
  ): { promise: Promise<AmiMessage>; cancel(): void } {
    const key = eventKey(event, actionId);
    const promise = new Promise<AmiMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.eventWaiters.delete(key);
        reject(new AmiError('timeout', `No ${event} for ${actionId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.eventWaiters.set(key, { resolve, reject, timer });
    });
    // The event can fail (connection lost) before the caller gets the promise; that must not count as
    // an unhandled rejection. Handlers the caller attaches later still see the rejection.
    promise.catch(() => undefined);
    const cancel = (): void => {
      const waiter = this.eventWaiters.get(key);
      if (!waiter) return;
      clearTimeout(waiter.timer);
      this.eventWaiters.delete(key);
    };
    return { promise, cancel };
  }

  private discardSocket(socket: Socket, error: AmiError): void {
    if (this.socket === socket) this.socket = undefined;
    this.stopPing();
    socket.destroy();
    this.rejectAll(error);
  }

  private rejectAll(error: AmiError): void {
    const banner = this.bannerWaiter;
    this.bannerWaiter = undefined;
    if (banner) {
      clearTimeout(banner.timer);
      banner.reject(error);
    }
    for (const waiters of [this.responses, this.eventWaiters]) {
      const all = [...waiters.values()];
      waiters.clear();
      for (const waiter of all) {
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
    }
  }

  private setState(state: AmiClientState, error?: AmiError): void {
    if (this.currentState === state) return;
    this.currentState = state;
    try {
      this.options.onStateChange?.(state, error);
    } catch {
      // Same as onEvent: observers must not break the connection logic.
    }
  }
}

/** The promise's value if it settles within `ms`, null if it is still pending then; rejections pass on. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The outcome of an Originate whose response came late: the OriginateResponse event as usual, unless
 * the late response turns out to be a refusal (then no event follows and the wait ends at once).
 */
function lateOutcome(
  response: Promise<AmiMessage>,
  outcome: { promise: Promise<AmiMessage>; cancel(): void },
  stopWaitingForResponse: () => void,
): Promise<AmiMessage> {
  const settled = new Promise<AmiMessage>((resolve, reject) => {
    outcome.promise.then(
      (event) => {
        stopWaitingForResponse();
        resolve(event);
      },
      (error: unknown) => {
        stopWaitingForResponse();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
    response.then(
      (message) => {
        if (isAmiSuccess(message)) return;
        outcome.cancel();
        const reason = amiField(message, 'Message') ?? '';
        reject(new AmiError('rejected', `Asterisk refused the Originate: ${reason || 'no reason given'}`));
      },
      // A response that never comes (timeout, lost connection) leaves the verdict to the event wait.
      () => undefined,
    );
  });
  settled.catch(() => undefined);
  return settled;
}

function settle(waiters: Map<string, Waiter>, key: string, message: AmiMessage): void {
  const waiter = waiters.get(key);
  if (!waiter) return;
  waiters.delete(key);
  clearTimeout(waiter.timer);
  waiter.resolve(message);
}

/** Half-closes so the Logoff is flushed, and destroys if the peer does not close in time. */
function endSocket(socket: Socket): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => socket.destroy(), SOCKET_END_TIMEOUT_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.end();
  });
}

export const createAmiClient: AmiClientFactory = (options) => new AmiClient(options);
