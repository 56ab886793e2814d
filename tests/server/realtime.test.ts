import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { SOCKET_PATH, SOCKET_UNAUTHORIZED, type NotificationEvent } from '../../src/shared/contract';
import { measurePushFanout } from '../bench/push-fanout';
import { DEMO_PASSWORD } from './support/demo-server';
import { login, postForm } from './support/http';
import { createTestDatabase } from './support/test-database';

const TICK_MS = 100;

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
let port: number;
let token: string;
let userId: number;
const sockets: Socket[] = [];

async function startApp(listenPort: number): Promise<FastifyInstance> {
  const server = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    reminderIntervalMs: TICK_MS,
  });
  await server.listen({ port: listenPort, host: '127.0.0.1' });
  return server;
}

function open(auth: Record<string, unknown>, reconnection = false): Socket {
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function nextNotification(socket: Socket, id: number, timeoutMs = 3000): Promise<NotificationEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`notification ${id} not received`)), timeoutMs);
    const listener = (payload: NotificationEvent): void => {
      if (payload.id !== id) return;
      clearTimeout(timer);
      socket.off('notification', listener);
      resolve(payload);
    };
    socket.on('notification', listener);
  });
}

/** A reminder of the sales user that fell due a second ago and has not been pushed. */
async function dueReminder(body: string): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      lead_id: null,
      lead_name: 'Işık Yılmaz',
      title: 'Hatırlatma',
      body,
      start: sql<string>`date_trunc('second', localtimestamp) - interval '1 second'`,
      completed_agent_name: null,
      note_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 20 });
  app = await startApp(0);
  port = (app.server.address() as AddressInfo).port;
  token = await login(app, 'sales@demo.crm', DEMO_PASSWORD);
  userId = (
    await db.selectFrom('users').select('id').where('email', '=', 'sales@demo.crm').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await database.close();
});

describe('socket.io handshake', () => {
  it('refuses a missing or unknown token with unauthorized', async () => {
    for (const auth of [{}, { token: 'x'.repeat(43) }, { token: 42 }]) {
      const socket = open(auth);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe(SOCKET_UNAUTHORIZED);
      expect(socket.connected).toBe(false);
    }
  });

  it('refuses the token of a session that logged out, and drops its open socket', async () => {
    const other = await login(app, 'sales@demo.crm', DEMO_PASSWORD);
    const socket = open({ token: other });
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await postForm(app, '/api/auth/logout', {}, other)).statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const again = open({ token: other });
    const error = await new Promise<Error>((resolve) => again.once('connect_error', resolve));
    expect(error.message).toBe(SOCKET_UNAUTHORIZED);
  });
});

describe('reminder pushes', () => {
  it('pushes a due reminder once, within a scheduler tick', async () => {
    const socket = open({ token });
    await connected(socket);
    const received: number[] = [];
    socket.on('notification', (payload: NotificationEvent) => received.push(payload.id));
    const id = await dueReminder('Müşteriyi ara');
    const payload = await nextNotification(socket, id, TICK_MS * 20);
    expect(payload).toMatchObject({
      id,
      title: 'Hatırlatma',
      body: 'Müşteriyi ara',
      leadName: 'Işık Yılmaz',
      completed: 0,
    });
    // Several more ticks: still only the one push.
    await new Promise((resolve) => setTimeout(resolve, TICK_MS * 5));
    expect(received.filter((value) => value === id)).toHaveLength(1);
    const row = await db
      .selectFrom('notifications')
      .select('pushed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.pushed_at).not.toBeNull();
  });

  it('marks a reminder open past the grace period overdue and pushes the update', async () => {
    const socket = open({ token });
    await connected(socket);
    const row = await db
      .insertInto('notifications')
      .values({
        user_id: userId,
        lead_id: null,
        lead_name: null,
        title: 'Hatırlatma',
        body: 'Geçmiş hatırlatma',
        start: sql<string>`date_trunc('second', localtimestamp) - interval '2 hours'`,
        completed_agent_name: null,
        note_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload = await nextNotification(socket, row.id, TICK_MS * 20);
    expect(payload.completed).toBe(2);
    const stored = await db
      .selectFrom('notifications')
      .select('completed')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.completed).toBe(2);
  });

  it("never pushes one user's reminder to another user's socket", async () => {
    const otherToken = await login(app, 'sales2@demo.crm', DEMO_PASSWORD);
    const other = open({ token: otherToken });
    const mine = open({ token });
    await Promise.all([connected(other), connected(mine)]);
    const leaked: NotificationEvent[] = [];
    other.on('notification', (payload: NotificationEvent) => leaked.push(payload));
    const id = await dueReminder('Yalnızca bana');
    await nextNotification(mine, id, TICK_MS * 20);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS * 2));
    expect(leaked.filter((payload) => payload.id === id)).toEqual([]);
  });

  it('reconnects to a new server on the same port and receives its pushes', async () => {
    const socket = open({ token }, true);
    await connected(socket);
    const lost = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await app.close();
    // A transport close, which the client answers by reconnecting (not 'io server disconnect').
    expect(await lost).toBe('transport close');
    app = await startApp(port);
    await connected(socket);
    const id = await dueReminder('Yeniden bağlandıktan sonra');
    const payload = await nextNotification(socket, id, TICK_MS * 30);
    expect(payload.body).toBe('Yeniden bağlandıktan sonra');
  });
});

describe('fan-out', () => {
  it('delivers one push to 200 sockets of the user', async () => {
    const figures = await measurePushFanout({
      url: `http://127.0.0.1:${port}`,
      token,
      count: 200,
      push: () =>
        app.crmRealtime.notifyUser(userId, {
          id: 999_999,
          title: 'Hatırlatma',
          body: 'Herkese',
          leadName: null,
          lead_id: null,
          start: null,
          completed: 0,
        }),
    });
    expect(figures.sockets).toBe(200);
    expect(figures.deliveryMs).toBeLessThan(1000);
  });

  it('broadcasts fieldUpdate when a lead status changes through the generic save', async () => {
    const socket = open({ token });
    await connected(socket);
    const update = new Promise<unknown>((resolve) => socket.once('fieldUpdate', resolve));
    const adminToken = await login(app, 'admin@demo.crm', DEMO_PASSWORD);
    const status = await db
      .selectFrom('lead_statuses')
      .select(['id', 'label'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const saved = await postForm(
      app,
      '/api/detail/save/',
      { table: 'lead_statuses', id: status.id, inputs: { label: `${status.label} ` } },
      adminToken,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await update).toEqual({ table: 'lead_statuses' });
  });
});

/** Two server nodes over one database: rooms are shared through Redis (skipped without REDIS_URL). */
describe.skipIf(!process.env.REDIS_URL)('several server nodes (REDIS_URL)', () => {
  it('delivers a push sent on one node to a socket connected to the other', async () => {
    const redisUrl = process.env.REDIS_URL;
    const nodeA = await buildServer({ database, webRoot: '/nonexistent-web-root', redisUrl });
    const nodeB = await buildServer({ database, webRoot: '/nonexistent-web-root', redisUrl });
    try {
      await nodeA.listen({ port: 0, host: '127.0.0.1' });
      const portA = (nodeA.server.address() as AddressInfo).port;
      const socket = connect(`http://127.0.0.1:${portA}`, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      await connected(socket);
      // The adapters subscribe to Redis asynchronously after start; give them a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const payload: NotificationEvent = {
        id: 424_242,
        title: 'Hatırlatma',
        body: 'Diğer düğümden',
        leadName: null,
        lead_id: null,
        start: null,
        completed: 0,
      };
      const received = nextNotification(socket, payload.id);
      nodeB.crmRealtime.notifyUser(userId, payload);
      expect(await received).toEqual(payload);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});
