import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import {
  SOCKET_PASSWORD_CHANGE_REQUIRED,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  type NotificationEvent,
  type TransactionUpdateEvent,
} from '../../src/shared/contract';
import { adminMessages } from '../../src/shared/i18n/admin-messages';
import { format, messages } from '../../src/shared/i18n/messages';
import { DEMO_PASSWORD } from './support/demo-server';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * Every way of making a user sets the first-password rule, and sockets follow the session: a session that
 * must change its password or has ended gets no socket, and pushes go only to whoever may see their row
 * when they are sent (docs/security.md#sessions-and-sockets).
 */

const RECHECK_MS = 150;
const NEW_PASSWORD = 'Yeni.Sifre.2026';

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
let port: number;
let adminToken: string;
const sockets: Socket[] = [];

function open(token: string): Socket {
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

function outcome(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    if (socket.connected) resolve('connected');
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error) => resolve(error.message));
  });
}

function disconnected(socket: Socket, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    if (!socket.connected) resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function transactionPushes(socket: Socket): TransactionUpdateEvent[] {
  const seen: TransactionUpdateEvent[] = [];
  socket.on('transactionUpdate', (payload: TransactionUpdateEvent) => seen.push(payload));
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mustChange(email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('must_change_password')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.must_change_password;
}

async function groupIdOf(email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('user_group_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.user_group_id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 30 });
  app = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    socketRecheckMs: RECHECK_MS,
    cacheTtlMs: 100,
    reminderIntervalMs: 100,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  adminToken = await login(app, 'admin@demo.crm', DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await database?.close();
});

describe('every way of making a user sets the first-password rule', () => {
  it('the generic insert (POST /inline/save/ on users) makes a user who must change the password', async () => {
    const email = 'genel.ekleme@demo.crm';
    const created = await postForm(
      app,
      '/api/inline/save/',
      {
        table: 'users',
        type: 'insert',
        inputs: {
          name: 'Genel Ekleme',
          email,
          password_hash: NEW_PASSWORD,
          department: 'sales',
          user_group_id: await groupIdOf('sales@demo.crm'),
        },
      },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await mustChange(email)).toBe(1);
    const token = await login(app, email, NEW_PASSWORD);
    const me = (await get(app, '/api/permissions', token)).json<{ me: { must_change_password: boolean } }>();
    expect(me.me.must_change_password).toBe(true);
    const list = await postForm(app, '/api/table/leads', {}, token);
    expect(list.statusCode).toBe(403);
    expect(list.json<{ msg: string }>().msg).toBe(adminMessages.passwordChangeRequired);
  });

  it('the admin screen makes a user who must change the password', async () => {
    const email = 'yonetim.ekleme@demo.crm';
    const created = await postForm(
      app,
      '/api/admin/users/create',
      {
        name: 'Yönetim Ekleme',
        email,
        password: NEW_PASSWORD,
        department: 'sales',
        user_group_id: await groupIdOf('sales@demo.crm'),
      },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await mustChange(email)).toBe(1);
  });

  it('no bulk save, inline edit or import makes or frees an account from the rule', async () => {
    const email = 'genel.ekleme@demo.crm';
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const bulk = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'users', ids: [id], fieldName: 'must_change_password', fieldValue: '0' },
      adminToken,
    );
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json<{ msg: string }>().msg).toBe(
      format(messages.invalidField, { field: 'must_change_password' }),
    );
    const inline = await postForm(
      app,
      '/api/inline/save/',
      { table: 'users', keyName: 'id', keyValue: String(id), fieldName: 'password_hash', fieldValue: 'x' },
      adminToken,
    );
    expect(inline.statusCode).toBe(400);
    // A bulk edit of what may be edited leaves the rule as it was.
    const rename = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'users', ids: [id], fieldName: 'dahili', fieldValue: '1999' },
      adminToken,
    );
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await mustChange(email)).toBe(1);
    const imported = await postJson(
      app,
      '/api/bulk/insert/',
      {
        table: 'users',
        excelId: 'kullanicilar_aaaaaaaaaaa',
        fileName: 'kullanicilar.xlsx',
        chunk: 0,
        chunks: 1,
        total: 1,
        inputs: { columns: ['name', 'email'], data: [['Dosyadan Gelen', 'dosya@demo.crm']] },
      },
      adminToken,
    );
    expect(imported.statusCode).toBe(403);
    expect(await mustChange('dosya@demo.crm')).toBeUndefined();
  });
});

describe('sockets follow the session', () => {
  it('refuses the socket of a session that must change its password, and takes it once changed', async () => {
    const email = 'yonetim.ekleme@demo.crm';
    const token = await login(app, email, NEW_PASSWORD);
    expect(await outcome(open(token))).toBe(SOCKET_PASSWORD_CHANGE_REQUIRED);
    const changed = await postForm(
      app,
      '/api/auth/save',
      { password: NEW_PASSWORD, new_password: 'Baska.Sifre.2027', new_password_2: 'Baska.Sifre.2027' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await outcome(open(token))).toBe('connected');
  });

  it('drops an open socket whose account must now change its password (set outside the CRM)', async () => {
    const token = await login(app, 'retention@demo.crm', DEMO_PASSWORD);
    const socket = open(token);
    expect(await outcome(socket)).toBe('connected');
    await db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('email', '=', 'retention@demo.crm')
      .execute();
    expect(await disconnected(socket)).toBe(true);
    expect(await outcome(open(token))).toBe(SOCKET_PASSWORD_CHANGE_REQUIRED);
    await db
      .updateTable('users')
      .set({ must_change_password: 0 })
      .where('email', '=', 'retention@demo.crm')
      .execute();
  });

  it('drops an open socket whose session was revoked or whose account was deactivated by a generic save', async () => {
    const token = await login(app, 'risk@demo.crm', DEMO_PASSWORD);
    const socket = open(token);
    expect(await outcome(socket)).toBe('connected');
    await sql`update sessions set revoked_at = localtimestamp where user_id = (
      select id from users where email = 'risk@demo.crm')`.execute(db);
    expect(await disconnected(socket)).toBe(true);
    expect(await outcome(open(token))).toBe(SOCKET_UNAUTHORIZED);

    const financeToken = await login(app, 'finance@demo.crm', DEMO_PASSWORD);
    const finance = open(financeToken);
    expect(await outcome(finance)).toBe('connected');
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'finance@demo.crm')
      .executeTakeFirstOrThrow();
    const saved = await postForm(
      app,
      '/api/detail/save/',
      { table: 'users', id, inputs: { active: '0' } },
      adminToken,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // At once, not at the next sweep: the generic write's invalidation reaches the socket layer.
    expect(await disconnected(finance, RECHECK_MS / 2 + 400)).toBe(true);
    await db.updateTable('users').set({ active: 1 }).where('id', '=', id).execute();
  });

  it('pushes a transaction change only to those who may see the transaction when it is sent', async () => {
    const sales = await db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const lead = await db
      .insertInto('leads')
      .values({ name: 'Push Kapsamı', team_id: sales.team_id, agent_id: sales.id, is_customer: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trx = await db
      .insertInto('transactions')
      .values({
        customer_id: lead.id,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '100',
        login: '990001',
        agent_id: sales.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const managerToken = await login(app, 'sales_manager@demo.crm', DEMO_PASSWORD);
    const manager = open(managerToken);
    const salesSocket = open(await login(app, 'sales2@demo.crm', DEMO_PASSWORD));
    expect(await outcome(manager)).toBe('connected');
    expect(await outcome(salesSocket)).toBe('connected');
    const managerSeen = transactionPushes(manager);
    const otherTeamSeen = transactionPushes(salesSocket);

    const comment = async (text: string) => {
      const answer = await postForm(
        app,
        `/api/transaction/changeComment/${trx.id}`,
        { comment: text },
        adminToken,
      );
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await comment('görünür');
    await pause(500);
    expect(managerSeen.map((push) => push.id)).toEqual([trx.id]);
    // The other team's agent is no watcher and does not see the row: nothing.
    expect(otherTeamSeen).toEqual([]);

    // The manager's group loses the transactions table: the next change is not sent to them.
    const managerGroup = await groupIdOf('sales_manager@demo.crm');
    await db
      .updateTable('permissions')
      .set({ show: 0 })
      .where('user_group_id', '=', managerGroup)
      .where('table_name', '=', 'transactions')
      .execute();
    await app.crmInvalidation.publish({ kind: 'permissions' });
    await comment('artık görünmez');
    await pause(500);
    expect(managerSeen.map((push) => push.id)).toEqual([trx.id]);
    await db
      .updateTable('permissions')
      .set({ show: 1 })
      .where('user_group_id', '=', managerGroup)
      .where('table_name', '=', 'transactions')
      .execute();
    await app.crmInvalidation.publish({ kind: 'permissions' });
  });

  it('pushes a reminder about a lead only while its user may still see the lead', async () => {
    const sales2 = await db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('email', '=', 'sales2@demo.crm')
      .executeTakeFirstOrThrow();
    const sales = await db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const own = await db
      .insertInto('leads')
      .values({ name: 'Kendi Leadim', team_id: sales2.team_id, agent_id: sales2.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A lead that moved to the other team after the reminder was set.
    const moved = await db
      .insertInto('leads')
      .values({ name: 'Taşınan Lead', team_id: sales.team_id, agent_id: sales.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const socket = open(await login(app, 'sales2@demo.crm', DEMO_PASSWORD));
    expect(await outcome(socket)).toBe('connected');
    const seen: NotificationEvent[] = [];
    socket.on('notification', (payload: NotificationEvent) => seen.push(payload));
    for (const lead of [own, moved]) {
      await db
        .insertInto('notifications')
        .values({
          user_id: sales2.id,
          lead_id: lead.id,
          lead_name: 'Hatırlatma Leadi',
          title: 'Hatırlatma',
          body: `lead ${lead.id}`,
          start: sql<string>`date_trunc('second', localtimestamp) - interval '1 second'`,
          completed_agent_name: null,
          note_id: null,
        })
        .execute();
    }
    await pause(1000);
    expect(seen.map((push) => push.lead_id)).toEqual([own.id]);
  });
});
