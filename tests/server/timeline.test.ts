import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import {
  SOCKET_PATH,
  type CallResult,
  type LeadActivityEvent,
  type TimelineItem,
} from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import { timelineMessages } from '../../src/shared/i18n/timeline-messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { forgetCaches } from './support/caches';
import { postForm } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
let own: number;
let foreign: number;

const timeline = (id: number, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api/lead/timeline/${id}`, body, token);

async function read(id: number, body: Record<string, unknown> = {}): Promise<CallResult<'leadTimeline'>> {
  return okAnswer<CallResult<'leadTimeline'>>(await timeline(id, body, server.users.sales.token));
}

async function leadOfTeam(teamId: number): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('team_id', '=', teamId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  own = await leadOfTeam(server.users.sales.team_id);
  foreign = await leadOfTeam(server.users.sales2.team_id);
  const sales = server.users.sales;
  // A known story, each step a second apart so the order is certain.
  await db.deleteFrom('lead_journal').where('lead_id', '=', own).execute();
  await db.deleteFrom('call_logs').where('lead_id', '=', own).execute();
  await db
    .insertInto('call_logs')
    .values({
      user_id: sales.id,
      lead_id: own,
      status: 'logged',
      message: 'Santral yapılandırılmadı',
      line_prefix: '',
      created_at: '2026-01-10 10:00:00',
    })
    .execute();
  await db
    .insertInto('lead_notes')
    .values({
      lead_id: own,
      body: 'Müşteri yarın aranacak',
      insert_agent_id: sales.id,
      agent_name: 'Emre Şahin',
      start: '2026-01-11 14:05:00',
      created_at: '2026-01-10 10:00:01',
    })
    .execute();
  await db
    .insertInto('lead_journal')
    .values({
      lead_id: own,
      agent_id: sales.id,
      values: JSON.stringify({ tc: { old: null, new: '12345678950' } }),
      created_at: '2026-01-10 10:00:02',
    })
    .execute();
});

afterAll(async () => {
  await server.close();
});

describe('POST /lead/timeline/{id}', () => {
  it('holds notes, calls and changes newest first, each with its actor and time', async () => {
    // A status change through the ordinary save: the journal carries it into the timeline.
    const statuses = await db.selectFrom('lead_statuses').select('id').orderBy('id').limit(2).execute();
    const current = await db
      .selectFrom('leads')
      .select('status_id')
      .where('id', '=', own)
      .executeTakeFirstOrThrow();
    const next = statuses.find((row) => row.id !== current.status_id)?.id;
    okAnswer(
      await postForm(
        server.app,
        '/api/detail/save/',
        { table: 'leads', id: own, inputs: { status_id: next } },
        server.users.sales.token,
      ),
    );
    const answer = await read(own);
    const kinds = answer.results.map((item) => item.kind);
    expect(kinds.slice(0, 4)).toEqual(['change', 'change', 'note', 'call']);
    const [status, tc, note, call] = answer.results as [
      TimelineItem,
      TimelineItem,
      TimelineItem,
      TimelineItem,
    ];
    expect(status.title).toBe(timelineMessages.statusChange);
    expect(status.values?.status_id?.new).toBe(next);
    expect(status.actor_name).toBe('Emre Şahin');
    expect(note.title).toBe(timelineMessages.note);
    expect(note.detail).toContain('Müşteri yarın aranacak');
    // The reminder reads as the user types it: 11.01.2026 14:05.
    expect(note.detail).toContain('11.01.2026 14:05');
    expect(note.actor_name).toBe('Emre Şahin');
    expect(call.detail).toBe(timelineMessages.callStates.logged);
    expect(call.at).toBe('2026-01-10 10:00:00');
    expect(tc.title).toBe(timelineMessages.fieldChange);
    const times = answer.results.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(answer.kinds).toEqual(expect.arrayContaining(['note', 'call', 'change']));
  });

  it('masks a clickShow field (T.C.) as the lead screen does: the number never leaves the server', async () => {
    const response = await timeline(own, {}, server.users.sales.token);
    expect(response.body).not.toContain('12345678950');
    const answer = await read(own);
    const tc = answer.results.find((item) => item.values?.tc !== undefined);
    expect(tc?.values?.tc?.new).toBe('12•••••••50');
  });

  it('filters by kind and pages', async () => {
    const notes = await read(own, { kinds: ['note'] });
    expect(notes.results.length).toBeGreaterThan(0);
    expect(notes.results.every((item) => item.kind === 'note')).toBe(true);
    const all = await read(own);
    const first = await read(own, { page: 1, limit: 1 });
    const second = await read(own, { page: 2, limit: 1 });
    expect(first.total).toBe(all.total);
    expect(first.results.map((item) => item.key)).toEqual([all.results[0]?.key]);
    expect(second.results.map((item) => item.key)).toEqual([all.results[1]?.key]);
    expect(second.page).toBe(2);
  });

  it('answers a lead of another team exactly as a missing one (404, the same text)', async () => {
    const missing = failureMessage(await timeline(99_999_999, {}, server.users.sales.token), 404);
    const other = failureMessage(await timeline(foreign, {}, server.users.sales.token), 404);
    expect(other).toBe(missing);
    expect(other).toBe(messages.recordNotFound);
  });

  it('needs the history module, and each kind its own tab', async () => {
    const where = { group: server.users.sales.user_group_id, table: 'leads' };
    const before = await db
      .selectFrom('permissions')
      .select('modules')
      .where('user_group_id', '=', where.group)
      .where('table_name', '=', where.table)
      .executeTakeFirstOrThrow();
    const modules = before.modules;
    const set = async (value: string[]) => {
      await db
        .updateTable('permissions')
        .set({ modules: value })
        .where('user_group_id', '=', where.group)
        .where('table_name', '=', where.table)
        .execute();
      await forgetCaches(server.app);
    };
    try {
      await set(modules.filter((m) => m !== 'gecmis'));
      expect((await timeline(own, {}, server.users.sales.token)).statusCode).toBe(403);
      await set(['gecmis']);
      const answer = await read(own);
      expect(answer.kinds).not.toContain('task');
      expect(answer.kinds).not.toContain('transaction');
      expect(answer.results.every((item) => item.kind !== 'task')).toBe(true);
    } finally {
      await set(modules);
    }
  });
});

describe('live: leadActivity', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  async function socketOf(token: string, port: number): Promise<{ events: LeadActivityEvent[] }> {
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const events: LeadActivityEvent[] = [];
    socket.on('leadActivity', (payload: LeadActivityEvent) => events.push(payload));
    return { events };
  }

  it('reaches the users who may see the lead, and nobody else', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const mine = await socketOf(server.users.sales.token, port);
    const other = await socketOf(server.users.sales2.token, port);
    okAnswer(
      await postForm(
        server.app,
        '/api/inline/save/',
        { table: 'lead_notes', type: 'insert_note', inputs: { lead_id: own, body: 'Canlı not' } },
        server.users.sales.token,
      ),
    );
    await expect.poll(() => mine.events.map((event) => event.lead_id), { timeout: 5000 }).toContain(own);
    // The other team's agent may not see the lead: no word of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.events).toEqual([]);
  });
});
