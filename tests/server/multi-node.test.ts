import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { encodeForm, SOCKET_PATH, type CallResult, type NotificationEvent } from '../../src/shared/contract';
import { PERMISSION_ACTIONS } from '../../src/shared/domain/constants';
import { messages } from '../../src/shared/i18n/messages';
import { databaseUrlOn } from '../../scripts/lib/test-database-url';
import { DEMO_PASSWORD } from './support/demo-server';
import { ownDatabaseName, runOnServer, testServerUrl } from './support/test-database';

/*
 * Two server nodes on loopback, each with its own connection pool, sharing one PostgreSQL database (its
 * own crm_test_* database on the server of TEST_DATABASE_URL / DATABASE_URL) and one Redis: what a
 * deployment behind a reverse proxy runs. Everything goes over real HTTP and sockets.
 */
const databaseUrl = testServerUrl;
const redisUrl = process.env.REDIS_URL;
const missing = [databaseUrl ? null : 'DATABASE_URL', redisUrl ? null : 'REDIS_URL'].filter(
  (name): name is string => name !== null,
);
const skipReason = missing.length > 0 ? ` (skipped: ${missing.join(' and ')} not set)` : '';

const TICK_MS = 100;

interface Node {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
}

interface Answer {
  status: number;
  body: unknown;
}

let databaseName = '';
const nodes: Node[] = [];
const sockets: Socket[] = [];

async function startNode(url: string): Promise<Node> {
  const database = await openDatabase({ url });
  const app = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    redisUrl,
    reminderIntervalMs: TICK_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, database, url: `http://127.0.0.1:${port}` };
}

async function send(
  node: Node,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: { form: Record<string, unknown> } | { json: unknown },
): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | undefined;
  if (body && 'form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = encodeForm(body.form);
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const response = await fetch(`${node.url}/api${path}`, { method, headers, body: payload });
  return { status: response.status, body: await response.json() };
}

async function login(node: Node, email: string): Promise<string> {
  const answer = await send(node, 'POST', '/auth/login', null, {
    form: { email, password: DEMO_PASSWORD },
  });
  const body = answer.body as { success: boolean; token?: string; msg: string };
  if (!body.success || !body.token) throw new Error(`login failed for ${email}: ${body.msg}`);
  return body.token;
}

const validate = (node: Node, token: string): Promise<Answer> =>
  send(node, 'POST', '/auth/validate', token, { form: {} });

const leadsPage = (node: Node, token: string): Promise<Answer> =>
  send(node, 'POST', '/table/leads', token, { form: { page: 1, limit: 15 } });

function openSocket(node: Node, token: string): Promise<Socket> {
  const socket = connect(node.url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

type GroupAnswer = CallResult<'groupPermissions'>;

/** The save body that stores exactly `answer` (what GET /permissions/{id} gave), with `edit` applied. */
function saveBody(groupId: number, answer: GroupAnswer, hidden: ReadonlySet<string>) {
  const root: string[] = [];
  const child: string[] = [];
  const extra: Record<string, string> = {};
  for (const table of answer.tables) {
    for (const action of PERMISSION_ACTIONS) {
      if (table[action] === 1 && !(action === 'show' && hidden.has(table.table))) {
        root.push(`${table.id}|${action}`);
      }
    }
    for (const kind of ['list', 'read', 'write'] as const) {
      for (const field of table[`${kind}_fields`]) child.push(`${kind}|${table.id}|${field}`);
    }
    extra[String(table.id)] = table.extra_sql;
  }
  return { user_group_id: groupId, root, child, extra_sql: extra, modules: answer.modules };
}

describe.skipIf(missing.length > 0)(`two server nodes, one PostgreSQL, one Redis${skipReason}`, () => {
  let nodeA: Node;
  let nodeB: Node;

  beforeAll(async () => {
    const serverUrl = databaseUrl ?? '';
    databaseName = ownDatabaseName();
    await runOnServer(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = databaseUrlOn(serverUrl, databaseName);
    // Node A migrates and seeds; node B opens the same database as a second node would.
    nodeA = await startNode(url);
    nodes.push(nodeA);
    await seedDemoData(nodeA.database.db, { leads: 30 });
    nodeB = await startNode(url);
    nodes.push(nodeB);
    // The Redis subscriptions (socket.io adapter, cache bus) come up asynchronously after start.
    await sleep(300);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    if (databaseName && databaseUrl) {
      await runOnServer(databaseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }
  });

  it('accepts a session opened on node A on node B', async () => {
    const token = await login(nodeA, 'sales@demo.crm');
    const answer = await validate(nodeB, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { userName: expect.any(String) } });
  });

  it('refuses on node B, at its next request, a session that logged out on node A', async () => {
    const token = await login(nodeA, 'sales@demo.crm');
    // Both nodes have served (and cached) the session before the logout.
    expect((await validate(nodeB, token)).status).toBe(200);
    expect((await validate(nodeA, token)).status).toBe(200);
    expect((await send(nodeA, 'POST', '/auth/logout', token, { form: {} })).status).toBe(200);
    const refused = await validate(nodeB, token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, msg: messages.sessionExpired });
    expect((await validate(nodeA, token)).status).toBe(401);
  });

  it('refuses on node B, at once, a user an admin deactivated on node A', async () => {
    const admin = await login(nodeA, 'admin@demo.crm');
    const token = await login(nodeB, 'sales2@demo.crm');
    expect((await leadsPage(nodeB, token)).status).toBe(200);
    const { id } = await nodeA.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales2@demo.crm')
      .executeTakeFirstOrThrow();
    const off = await send(nodeA, 'POST', `/admin/users/${id}/active`, admin, { form: { active: '0' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      expect((await leadsPage(nodeB, token)).status).toBe(401);
      expect((await validate(nodeB, token)).status).toBe(401);
    } finally {
      await send(nodeA, 'POST', `/admin/users/${id}/active`, admin, { form: { active: '1' } });
    }
  });

  it("applies a permission change made on node A to node B's next request", async () => {
    const admin = await login(nodeA, 'admin@demo.crm');
    const sales = await login(nodeB, 'sales@demo.crm');
    const { user_group_id: groupId } = await nodeA.database.db
      .selectFrom('users')
      .select('user_group_id')
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const before = (await send(nodeA, 'GET', `/permissions/${groupId}`, admin)).body as GroupAnswer;
    // Node B has read (and cached) the group's rows.
    expect((await leadsPage(nodeB, sales)).status).toBe(200);

    const hide = saveBody(groupId, before, new Set(['leads']));
    expect((await send(nodeA, 'POST', '/permission/save/', admin, { json: hide })).status).toBe(200);
    try {
      const refused = await leadsPage(nodeB, sales);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ success: false, msg: messages.tableNotFound });
    } finally {
      const restore = saveBody(groupId, before, new Set());
      expect((await send(nodeA, 'POST', '/permission/save/', admin, { json: restore })).status).toBe(200);
    }
    expect((await leadsPage(nodeB, sales)).status).toBe(200);
  });

  it('pushes each due reminder once across the nodes, to the sockets on both of them', async () => {
    const token = await login(nodeA, 'sales@demo.crm');
    const { id: userId } = await nodeA.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const onA = await openSocket(nodeA, token);
    const onB = await openSocket(nodeB, token);
    const received = { a: [] as number[], b: [] as number[] };
    onA.on('notification', (payload: NotificationEvent) => received.a.push(payload.id));
    onB.on('notification', (payload: NotificationEvent) => received.b.push(payload.id));

    // Both nodes run the reminder job every 100 ms; each due reminder must reach each socket once.
    const rows = await nodeA.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          user_id: userId,
          lead_id: null,
          lead_name: null,
          title: 'Hatırlatma',
          body: `İki düğüm ${index + 1}`,
          start: sql<string>`date_trunc('second', localtimestamp) - interval '1 second'`,
          completed_agent_name: null,
          note_id: null,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((row) => row.id).sort((x, y) => x - y);
    const mine = (list: number[]) => list.filter((id) => ids.includes(id)).sort((x, y) => x - y);
    await waitUntil(
      () => mine(received.a).length >= ids.length && mine(received.b).length >= ids.length,
      5_000,
    );
    // Many more ticks on both nodes: still one push per reminder.
    await sleep(TICK_MS * 10);
    expect(mine(received.a)).toEqual(ids);
    expect(mine(received.b)).toEqual(ids);
    const pushed = await nodeA.database.db
      .selectFrom('notifications')
      .select('id')
      .where('id', 'in', ids)
      .where('pushed_at', 'is not', null)
      .execute();
    expect(pushed).toHaveLength(ids.length);
  });

  it('delivers a push sent by node A to a socket connected to node B exactly once', async () => {
    const token = await login(nodeB, 'sales@demo.crm');
    const { id: userId } = await nodeA.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const onB = await openSocket(nodeB, token);
    const received: NotificationEvent[] = [];
    onB.on('notification', (payload: NotificationEvent) => received.push(payload));
    const payload: NotificationEvent = {
      id: 515_151,
      title: 'Hatırlatma',
      body: 'A düğümünden',
      leadName: null,
      lead_id: null,
      start: null,
      completed: 0,
    };
    nodeA.app.crmRealtime.notifyUser(userId, payload);
    await waitUntil(() => received.some((item) => item.id === payload.id), 3_000);
    await sleep(300);
    expect(received.filter((item) => item.id === payload.id)).toEqual([payload]);
  });
});
