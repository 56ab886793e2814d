import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { buildServer } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { benchLogin } from './bench-login';
import { contract, SOCKET_PATH, type NotificationEvent } from '../../src/shared/contract';

/** docs/performance.md#current-figures: one push reaches 1,000 connected sockets in under a second. */
export const PUSH_FANOUT_TARGET_MS = 1000;

export interface FanoutFigures {
  sockets: number;
  /** Time to open and authenticate every socket (not part of the target). */
  connectMs: number;
  /** From the emit until the last socket received the push. */
  deliveryMs: number;
}

export interface FanoutOptions {
  /** Base URL of a listening server (http://127.0.0.1:port). */
  url: string;
  token: string;
  count: number;
  /** Sends the push (server side) that every socket should receive once. */
  push: () => void;
  /** Sockets opened at once; the rest wait, so a thousand handshakes do not time out together. */
  connectConcurrency?: number;
}

function openSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // forceNew: one real connection per socket (the default would multiplex them all on one).
    const socket = connect(url, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * Connects `count` sockets as one user, sends one push and measures until every socket has it. The
 * sockets are closed again before it returns (also when it fails).
 */
export async function measurePushFanout(options: FanoutOptions): Promise<FanoutFigures> {
  const sockets: Socket[] = [];
  const concurrency = options.connectConcurrency ?? 100;
  try {
    const t0 = performance.now();
    for (let opened = 0; opened < options.count; opened += concurrency) {
      const batch = Math.min(concurrency, options.count - opened);
      sockets.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openSocket(options.url, options.token)))),
      );
    }
    const connectMs = performance.now() - t0;
    // Joining the user room happens right after the handshake; give the server a moment to finish it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const received = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('notification', () => resolve());
        }),
    );
    const t1 = performance.now();
    options.push();
    await Promise.race([
      Promise.all(received),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('push did not reach every socket within 10 s')), 10_000),
      ),
    ]);
    return { sockets: options.count, connectMs, deliveryMs: performance.now() - t1 };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

/**
 * `benchPushFanout(1000)`: a server listening on a free port over an in-memory PGlite with the demo
 * accounts, `count` sockets of one user, one notification pushed to the user's room.
 */
export async function benchPushFanout(count = 1000): Promise<FanoutFigures> {
  const database = await openDatabase({});
  const app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  try {
    await seedDemoData(database.db, { leads: 10 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const token = await benchLogin(app, 'sales@demo.crm');
    const me = await app.inject({
      method: 'POST',
      url: `/api${contract.me.path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const userId = me.json<{ id: number }>().id;
    const payload: NotificationEvent = {
      id: 1,
      title: 'Hatırlatma',
      body: 'Fan-out ölçümü',
      leadName: null,
      lead_id: null,
      start: null,
      completed: 0,
    };
    return await measurePushFanout({
      url: `http://127.0.0.1:${port}`,
      token,
      count,
      push: () => app.crmRealtime.notifyUser(userId, payload),
    });
  } finally {
    await app.close();
    await database.close();
  }
}
