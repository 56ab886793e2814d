import type { IoFactory, RealtimeConnectOptions, RealtimeSocket } from '../../../src/main/realtime-client';
import type { NativeNotification, Notifier } from '../../../src/main/reminder-notifier';
import type { Schedule } from '../../../src/main/timers';

type Listener = (...args: unknown[]) => void;

/** A socket.io-client socket the test drives: `serverSends` plays the server, `disconnected` is what the client did. */
export class FakeSocket implements RealtimeSocket {
  readonly listeners = new Map<string, Listener[]>();
  disconnected = false;

  constructor(
    readonly origin: string,
    readonly options: RealtimeConnectOptions,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  disconnect(): this {
    if (this.disconnected) return this;
    this.disconnected = true;
    // socket.io-client reports its own disconnect as 'io client disconnect'.
    this.serverSends('disconnect', 'io client disconnect');
    return this;
  }

  serverSends(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  accept(): void {
    this.serverSends('connect');
  }

  refuse(message: string): void {
    this.serverSends('connect_error', new Error(message));
  }
}

/** An `io` that hands out FakeSockets and keeps them, newest last. */
export function createFakeIo(): { io: IoFactory; sockets: FakeSocket[]; last(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    io: (origin, options) => {
      const socket = new FakeSocket(origin, options);
      sockets.push(socket);
      return socket;
    },
    sockets,
    last: () => {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

interface PendingTimer {
  callback: () => void;
  delayMs: number;
  cancelled: boolean;
  fired: boolean;
}

/** A clock that only moves when the test says so; `delays` is every delay ever asked for, in order. */
export function createFakeClock(): {
  schedule: Schedule;
  delays: number[];
  pending(): PendingTimer[];
  /** Fires the earliest pending timer; false when none is pending. */
  fireNext(): boolean;
} {
  const timers: PendingTimer[] = [];
  const delays: number[] = [];
  const pending = (): PendingTimer[] => timers.filter((timer) => !timer.cancelled && !timer.fired);
  return {
    schedule: (callback, delayMs) => {
      const timer: PendingTimer = { callback, delayMs, cancelled: false, fired: false };
      timers.push(timer);
      delays.push(delayMs);
      return () => {
        timer.cancelled = true;
      };
    },
    delays,
    pending,
    fireNext: () => {
      const next = pending().sort((a, b) => a.delayMs - b.delayMs)[0];
      if (!next) return false;
      next.fired = true;
      next.callback();
      return true;
    },
  };
}

/** Records native notifications instead of showing them. */
export function createRecordingNotifier(): Notifier & { shown: NativeNotification[] } {
  const shown: NativeNotification[] = [];
  return { shown, show: (notification) => shown.push(notification) };
}

/** Lets pending promise callbacks run (async steps between a timer and the socket it opens). */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setImmediate(resolve));
}
