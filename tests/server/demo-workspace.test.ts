import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { seedAgentWorkspaces, reminderStart } from '../../src/server/seed/agent-workspace';
import { DEMO_ACCOUNTS } from '../../src/server/seed/reference-data';
import { PLATFORM_LOGIN_TITLE, type CallResult } from '../../src/shared/contract';
import { okAnswer, startDemoServer, DEMO_PASSWORD, type DemoServer } from './support/demo-server';
import { get, login, postForm } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  for (const account of DEMO_ACCOUNTS) {
    tokens.set(account.email, await login(server.app, account.email, DEMO_PASSWORD));
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const tokenOf = (email: string): string => {
  const token = tokens.get(email);
  if (!token) throw new Error(`no token for ${email}`);
  return token;
};
const api = (path: string, body: Record<string, unknown>, email: string) =>
  postForm(server.app, `/api${path}`, body, tokenOf(email));

async function dbNow(): Promise<string> {
  const { rows } = await sql<{ now: string }>`select localtimestamp(0)::text as now`.execute(db);
  return rows[0]?.now ?? '';
}

describe('each demo account’s first screen', () => {
  it.each(DEMO_ACCOUNTS.map((account) => [account.email]))(
    '%s has upcoming reminders, every notification state, favourites, a saved filter and tasks',
    async (email) => {
      const sidebar = okAnswer<CallResult<'sidebarNotes'>>(await api('/sidebarNotes', {}, email));
      // Later today and this week: the two soonest within hours, the rest within the week.
      expect(sidebar.results.length).toBeGreaterThanOrEqual(5);
      const now = await dbNow();
      const inHours = reminderStart(now, { minutesFromNow: 3 * 60 });
      const inAWeek = reminderStart(now, { minutesFromNow: 7 * 24 * 60 });
      const starts = sidebar.results.map((note) => note.start ?? '');
      expect((starts[0] ?? '') > now, `${starts[0]} after ${now}`).toBe(true);
      expect((starts[1] ?? '') <= inHours, `${starts[1]} within hours of ${now}`).toBe(true);
      expect(starts.every((start) => start <= inAWeek)).toBe(true);

      const drawer = okAnswer<CallResult<'notifications'>>(await api('/notifications', {}, email));
      const states = drawer.results.map((row) => row.completed);
      expect(states).toEqual(expect.arrayContaining([0, 1, 2]));
      expect(drawer.results.filter((row) => row.title === PLATFORM_LOGIN_TITLE)).toHaveLength(1);
      // One fell due minutes ago and is still open: the bell counts it.
      expect(drawer.unread).toBeGreaterThanOrEqual(1);

      // The calendar of the days around today shows them, each opening a lead.
      const start = reminderStart(now, { minutesFromNow: -3 * 24 * 60 }).slice(0, 10);
      const end = reminderStart(now, { minutesFromNow: 5 * 24 * 60 }).slice(0, 10);
      const calendar = okAnswer<CallResult<'calendar'>>(await api('/calendar/', { start, end }, email));
      expect(calendar.events.length).toBeGreaterThanOrEqual(7);
      expect(calendar.events.every((event) => event.lead_id !== null)).toBe(true);

      const favorites = okAnswer<CallResult<'favorites'>>(
        await get(server.app, '/api/favorites', tokenOf(email)),
      );
      expect(favorites.results.length).toBeGreaterThanOrEqual(2);
      expect(favorites.results.some((favorite) => favorite.url.startsWith('/leadDetail/'))).toBe(true);

      const filters = okAnswer<CallResult<'favoriteFilters'>>(
        await api('/favorite-filters/leads', {}, email),
      );
      expect(filters.results.map((filter) => filter.name)).toContain('Sıcak leadler');

      const me = okAnswer<CallResult<'permissions'>>(
        await get(server.app, '/api/permissions', tokenOf(email)),
      );
      const tasks = okAnswer<CallResult<'tasks'>>(await api('/tasks', {}, email));
      if (me.me.modules.includes('3-sahis-bilgileri')) {
        const remitters = okAnswer<CallResult<'table'>>(
          await api('/table/lead_remitters', { page: 1 }, email),
        );
        expect(remitters.components.lead_id).toBe('leadDetailModal');
        expect(remitters.results.length).toBeGreaterThanOrEqual(1);
      }
      if (me.me.modules.includes('gorevler')) {
        expect(tasks.results.some((task) => task.subtasks >= 2 && task.status === 0)).toBe(true);
        expect(tasks.results.some((task) => task.status === 1)).toBe(true);
      } else {
        // No Görevler tab, no demo tasks (finance, risk).
        expect(tasks.results).toEqual([]);
      }
    },
  );

  it('puts reminders only on leads the account may open, and a journal on its first leads', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const drawer = okAnswer<CallResult<'notifications'>>(await api('/notifications', {}, account.email));
      const leadIds = [...new Set(drawer.results.map((row) => row.lead_id))];
      for (const id of leadIds) {
        expect(id, account.email).not.toBeNull();
        const row = await api(`/row/leads/${id}`, {}, account.email);
        expect(row.statusCode, `${account.email} lead ${id}`).toBe(200);
      }
      // The drawer is in time order, so its first lead is any of them: one of them carries the history.
      const histories = await Promise.all(
        leadIds.map(async (id) =>
          okAnswer<CallResult<'journal'>>(await api(`/journal/leads/${id}`, {}, account.email)),
        ),
      );
      expect(
        histories.some((journal) => journal.results.length >= 1),
        account.email,
      ).toBe(true);
    }
    // The sales agent's first lead is the fixed lead Işık Yılmaz: its history ends at its current status.
    const journal = okAnswer<CallResult<'journal'>>(await api('/journal/leads/1', {}, 'sales@demo.crm'));
    const lead = await db
      .selectFrom('leads')
      .select('status_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(journal.results[0]?.values.status_id?.new).toBe(lead.status_id);
  });

  it('is seeded once: a rerun leaves accounts with a workspace alone', async () => {
    const before = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await seedAgentWorkspaces(db);
    expect(again.accounts).toBe(0);
    const after = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('leaves past reminders pushed, so a server start does not pop them up again', async () => {
    const { rows } = await sql<{ unpushed: number }>`select count(*)::int as unpushed from notifications
      where start <= localtimestamp and pushed_at is null`.execute(db);
    expect(Number(rows[0]?.unpushed)).toBe(0);
  });
});
