import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { TEAM_NAMES } from '../../src/server/seed/reference-data';
import { DEFAULT_PREFERENCES, type CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { createUser } from './support/fixtures';
import { get, login, postForm, postJson } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;
/** Leads made for these tests: two in the sales user's team, one in sales2's. */
let own: { isik: number; ayse: number };
let foreign: number;

const api = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);
const tokenOf = (account: 'admin' | 'sales' | 'sales2') => server.users[account].token;

async function insertLead(values: {
  name: string;
  team_id: number;
  agent_id: number;
  phone?: string;
  mobile?: string;
  created_at?: string;
}): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({
      name: values.name,
      team_id: values.team_id,
      agent_id: values.agent_id,
      phone: values.phone ?? null,
      phone_2: null,
      mobile: values.mobile ?? null,
      email: null,
      address: null,
      city: null,
      ilce: null,
      tc: null,
      occupation_id: null,
      country_id: null,
      status_id: null,
      utm_source: null,
      utm_campaign: null,
      retention_id: null,
      retention_md_id: null,
      birthday: null,
      updated_at: null,
      last_activity: null,
      last_note_date: null,
      first_deposit_at: null,
      last_deposit_at: null,
      customer_set_date: null,
      first_fund_date: null,
      ...(values.created_at ? { created_at: values.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertNotification(values: {
  user_id: number;
  title?: string;
  body: string;
  start: string | null;
  lead_id?: number | null;
  completed?: number;
}): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: values.user_id,
      lead_id: values.lead_id ?? null,
      lead_name: values.lead_id ? 'Işık Özdemir Test' : null,
      title: values.title ?? messages.reminderTitle,
      body: values.body,
      start: values.start,
      completed: values.completed ?? 0,
      completed_agent_name: null,
      note_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A moment relative to the database's clock, as the API writes it. */
async function dbMoment(offset: string): Promise<string> {
  const { rows } = await sql<{
    at: string;
  }>`select to_char(date_trunc('second', localtimestamp) + ${offset}::interval,
    'YYYY-MM-DD HH24:MI:SS') as at`.execute(db);
  return rows[0]?.at ?? '';
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  const { sales, sales2 } = server.users;
  // These tests count what the agent did here; the demo workspace (reminders, favourites, a journal on
  // the first leads, notes) would be counted too, so the agent starts with an empty one.
  await db.deleteFrom('notifications').where('user_id', '=', sales.id).execute();
  await db.deleteFrom('favorites').where('user_id', '=', sales.id).execute();
  await db.deleteFrom('lead_journal').where('agent_id', '=', sales.id).execute();
  await db.deleteFrom('lead_notes').where('insert_agent_id', '=', sales.id).execute();
  own = {
    isik: await insertLead({
      name: 'Işık Özdemir Test',
      team_id: sales.team_id,
      agent_id: sales.id,
      phone: '05329998877',
    }),
    ayse: await insertLead({ name: 'Ayşe Işıkçı', team_id: sales.team_id, agent_id: sales.id }),
  };
  foreign = await insertLead({
    name: 'Işık Başka Takım',
    team_id: sales2.team_id,
    agent_id: sales2.id,
    mobile: '+90 532 999 88 77',
  });
  for (const [index, body] of ['Birinci not', 'İkinci not', 'Üçüncü not', 'Dördüncü not'].entries()) {
    await db
      .insertInto('lead_notes')
      .values({
        lead_id: own.isik,
        body,
        minute: null,
        start: null,
        end: null,
        channel_id: null,
        note_status_id: null,
        insert_agent_id: sales.id,
        agent_name: 'Emre Şahin',
        agents: null,
        created_at: `2026-01-0${index + 1} 10:00:00`,
      })
      .execute();
  }
  // A chat message hangs off the lead too; it is not a note to show in search.
  await db
    .insertInto('lead_notes')
    .values({
      lead_id: own.isik,
      body: 'Sohbet mesajı',
      minute: null,
      start: null,
      end: null,
      channel_id: 1,
      note_status_id: 7,
      insert_agent_id: sales.id,
      agent_name: 'Emre Şahin',
      agents: null,
    })
    .execute();
});

afterAll(async () => {
  await server.close();
});

describe('POST /search/', () => {
  const ids = (answer: CallResult<'search'>) => answer.results.map((result) => result.id);

  it('folds Turkish letters: isik, IŞIK and ışık find Işık', async () => {
    for (const keyword of ['isik', 'IŞIK', 'ışık', '  Isik  ']) {
      const answer = okAnswer<CallResult<'search'>>(await api('/search/', { keyword }, tokenOf('sales')));
      expect(answer.success).toBe(true);
      expect(ids(answer)).toContain(own.isik);
      expect(ids(answer)).toContain(own.ayse);
    }
  });

  it('puts names starting with the keyword first and shows agent, phone and the last 3 notes', async () => {
    const answer = okAnswer<CallResult<'search'>>(
      await api('/search/', { keyword: 'isik' }, tokenOf('sales')),
    );
    expect(ids(answer).indexOf(own.isik)).toBeLessThan(ids(answer).indexOf(own.ayse));
    const hit = answer.results.find((result) => result.id === own.isik);
    expect(hit).toMatchObject({ name: 'Işık Özdemir Test', agent_name: 'Emre Şahin', phone: '05329998877' });
    expect(hit?.last_notes.map((note) => note.body)).toEqual(['Dördüncü not', 'Üçüncü not', 'İkinci not']);
    expect(hit?.last_notes[0]).toEqual({
      body: 'Dördüncü not',
      created_at: '2026-01-04 10:00:00',
      agent_name: 'Emre Şahin',
    });
  });

  it("never returns another team's leads to a restricted agent", async () => {
    const sales = okAnswer<CallResult<'search'>>(
      await api('/search/', { keyword: 'ışık' }, tokenOf('sales')),
    );
    expect(ids(sales)).not.toContain(foreign);
    const teamOfSales = server.users.sales.team_id;
    const teams = await db.selectFrom('leads').select('team_id').where('id', 'in', ids(sales)).execute();
    expect(teams.every((row) => row.team_id === teamOfSales)).toBe(true);

    const sales2 = okAnswer<CallResult<'search'>>(
      await api('/search/', { keyword: 'ışık' }, tokenOf('sales2')),
    );
    expect(ids(sales2)).toContain(foreign);
    expect(ids(sales2)).not.toContain(own.isik);

    const admin = okAnswer<CallResult<'search'>>(
      await api('/search/', { keyword: 'ışık' }, tokenOf('admin')),
    );
    expect(ids(admin)).toEqual(expect.arrayContaining([own.isik, own.ayse, foreign]));
  });

  it('answers with names starting with the keyword first, then those with it at a later word', async () => {
    const { sales } = server.users;
    // Stored first, so a search that took any 30 matches would find these before the better ones.
    const later: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      later.push(
        await insertLead({ name: `Ali Qüzazoğlu ${i}`, team_id: sales.team_id, agent_id: sales.id }),
      );
    }
    const starting: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      starting.push(
        await insertLead({ name: `Qüzaz Test ${i}`, team_id: sales.team_id, agent_id: sales.id }),
      );
    }
    const search = async () =>
      ids(okAnswer<CallResult<'search'>>(await api('/search/', { keyword: 'quzaz' }, tokenOf('sales'))));
    try {
      // 20 names start with it: they are the answer
      expect([...(await search())].sort((a, b) => a - b)).toEqual(starting);
      // 19 do: all of them, then one with it at a later word
      await db
        .deleteFrom('leads')
        .where('id', '=', starting[0] ?? 0)
        .execute();
      const mixed = await search();
      expect(mixed).toHaveLength(20);
      expect([...mixed.slice(0, 19)].sort((a, b) => a - b)).toEqual(starting.slice(1));
      expect(later).toContain(mixed[19]);
    } finally {
      await db
        .deleteFrom('leads')
        .where('id', 'in', [...later, ...starting])
        .execute();
    }
  });

  it('searches one or two letters as a name prefix, answers at most 20, and nothing for an empty keyword', async () => {
    const short = okAnswer<CallResult<'search'>>(await api('/search/', { keyword: 'ış' }, tokenOf('sales')));
    expect(ids(short)).toContain(own.isik);
    expect(ids(short)).not.toContain(own.ayse);
    const broad = okAnswer<CallResult<'search'>>(await api('/search/', { keyword: 'a' }, tokenOf('admin')));
    expect(broad.results.length).toBeLessThanOrEqual(20);
    const empty = okAnswer<CallResult<'search'>>(await api('/search/', { keyword: '   ' }, tokenOf('sales')));
    expect(empty.results).toEqual([]);
    // LIKE wildcards are text, not patterns.
    const percent = okAnswer<CallResult<'search'>>(
      await api('/search/', { keyword: '%%%' }, tokenOf('admin')),
    );
    expect(percent.results).toEqual([]);
  });

  it('leaves out the fields the group may not read, and does not search by them', async () => {
    const group = await db
      .insertInto('user_groups')
      .values({ name: 'Dar Okuma' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('permissions')
      .values({
        user_group_id: group.id,
        table_name: 'leads',
        show: 1,
        read_fields: ['id', 'name'],
        list_fields: ['id', 'name'],
        extra_sql: 'team_id = {user.team_id}',
      })
      .execute();
    const user = await createUser(db, {
      email: 'dar.okuma@demo.crm',
      group: 'Dar Okuma',
      team: TEAM_NAMES.salesIstanbul,
    });
    const token = await login(server.app, user.email, user.password);
    const answer = okAnswer<CallResult<'search'>>(await api('/search/', { keyword: 'isik oz' }, token));
    const hit = answer.results.find((result) => result.id === own.isik);
    expect(hit).toBeDefined();
    expect(hit).not.toHaveProperty('phone');
    expect(hit?.agent_name).toBeNull();
    const byPhone = okAnswer<CallResult<'searchPhone'>>(
      await api('/searchPhone/', { keyword: '05329998877' }, token),
    );
    expect(byPhone.results).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await postForm(server.app, '/api/search/', { keyword: 'isik' })).statusCode).toBe(401);
  });
});

describe('POST /searchPhone/ and /suggestion/', () => {
  it('normalises the number: +90 (532) 999 88 77 finds 05329998877 and +90 532 999 88 77', async () => {
    const admin = okAnswer<CallResult<'searchPhone'>>(
      await api('/searchPhone/', { keyword: '+90 (532) 999 88 77' }, tokenOf('admin')),
    );
    expect(admin.results.map((result) => result.id).sort((a, b) => a - b)).toEqual(
      [own.isik, foreign].sort((a, b) => a - b),
    );
    const sales = okAnswer<CallResult<'searchPhone'>>(
      await api('/searchPhone/', { keyword: '0532 999 8877' }, tokenOf('sales')),
    );
    expect(sales.results.map((result) => result.id)).toEqual([own.isik]);
    expect(sales.results[0]?.last_notes).toHaveLength(3);
    // The demo data's fixed lead, stored as '+90 (532) 111 22 33', found by the bare digits.
    const fixed = okAnswer<CallResult<'searchPhone'>>(
      await api('/searchPhone/', { keyword: '5321112233' }, tokenOf('admin')),
    );
    expect(fixed.results.map((result) => result.name)).toEqual(['Işık Yılmaz']);
    const partial = okAnswer<CallResult<'searchPhone'>>(
      await api('/searchPhone/', { keyword: '532' }, tokenOf('admin')),
    );
    expect(partial.results).toEqual([]);
  });

  it('suggests name prefixes inside the scope, alphabetically', async () => {
    const answer = okAnswer<CallResult<'suggestion'>>(
      await api('/suggestion/', { keyword: 'IŞI' }, tokenOf('sales')),
    );
    expect(answer.results).toContainEqual({ id: own.isik, name: 'Işık Özdemir Test' });
    expect(answer.results.map((result) => result.id)).not.toContain(own.ayse);
    expect(answer.results.map((result) => result.id)).not.toContain(foreign);
    const names = answer.results.map((result) => result.name ?? '');
    expect(names.every((name) => /^(ı|i|I|İ)ş/i.test(name) || name.toLowerCase().startsWith('is'))).toBe(
      true,
    );
  });
});

describe('notifications', () => {
  let due: number;
  let future: number;
  let platform: number;
  let others: number;

  beforeAll(async () => {
    const { sales, sales2 } = server.users;
    due = await insertNotification({
      user_id: sales.id,
      body: 'Ara',
      start: await dbMoment('-5 minutes'),
      lead_id: own.isik,
    });
    future = await insertNotification({
      user_id: sales.id,
      body: 'Yarın ara',
      start: await dbMoment('1 day'),
    });
    platform = await insertNotification({
      user_id: sales.id,
      title: messages.platformLogin,
      body: 'Müşteri platforma girdi',
      start: null,
    });
    others = await insertNotification({
      user_id: sales2.id,
      body: 'Başkasının',
      start: await dbMoment('-1 minute'),
    });
  });

  it("lists only the user's own notifications, latest time first, with the unread count", async () => {
    const answer = okAnswer<CallResult<'notifications'>>(await api('/notifications', {}, tokenOf('sales')));
    const ids = answer.results.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([due, future, platform]));
    expect(ids).not.toContain(others);
    // In time order (a reminder's time, else when it was made), latest first (docs/user-guide.md#dates-and-numbers)
    expect(ids.filter((id) => [due, future, platform].includes(id))).toEqual([future, platform, due]);
    expect(answer.results.every((row) => row.user_id === server.users.sales.id)).toBe(true);
    // Only `due` is open and due: the future one is not yet, the platform login cannot be completed.
    expect(answer.unread).toBe(1);
  });

  it("completes an own reminder; another user's is 404 and a Platform Girişi one is 400", async () => {
    const done = okAnswer<CallResult<'completeNotification'>>(
      await api(`/completeNotification/${due}`, {}, tokenOf('sales')),
    );
    expect(done.result).toMatchObject({ id: due, completed: 1, completed_agent_name: 'Emre Şahin' });
    expect(failureMessage(await api(`/completeNotification/${others}`, {}, tokenOf('sales')), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await api(`/completeNotification/${platform}`, {}, tokenOf('sales')), 400)).toBe(
      messages.notificationCannotComplete,
    );
    expect(failureMessage(await api('/completeNotification/abc', {}, tokenOf('sales')), 400)).toBeTruthy();
    const stored = await db
      .selectFrom('notifications')
      .select('completed')
      .where('id', '=', others)
      .executeTakeFirstOrThrow();
    expect(stored.completed).toBe(0);
  });

  it('lists the next open reminders in the sidebar, soonest first', async () => {
    const later = await insertNotification({
      user_id: server.users.sales.id,
      body: 'Gelecek hafta',
      start: await dbMoment('7 days'),
      lead_id: own.isik,
    });
    const answer = okAnswer<CallResult<'sidebarNotes'>>(await api('/sidebarNotes', {}, tokenOf('sales')));
    const ids = answer.results.map((row) => row.id);
    expect(ids.indexOf(future)).toBeLessThan(ids.indexOf(later));
    expect(ids).not.toContain(due);
    expect(ids.length).toBeLessThanOrEqual(10);
    expect(answer.results.find((row) => row.id === later)).toMatchObject({
      lead_id: own.isik,
      lead_name: 'Işık Özdemir Test',
      body: 'Gelecek hafta',
    });
  });

  it("shows the user's reminders of the range in the calendar", async () => {
    const start = (await dbMoment('-1 day')).slice(0, 10);
    const end = (await dbMoment('2 days')).slice(0, 10);
    const answer = okAnswer<CallResult<'calendar'>>(
      await api('/calendar/', { start, end }, tokenOf('sales')),
    );
    const ids = answer.events.map((event) => event.id);
    expect(ids).toEqual(expect.arrayContaining([due, future]));
    expect(ids).not.toContain(others);
    expect(answer.events.find((event) => event.id === due)?.title).toBe('Işık Özdemir Test: Ara');
    expect(failureMessage(await api('/calendar/', { start: '2026-02-30', end }, tokenOf('sales')), 400)).toBe(
      messages.invalidDateRange,
    );
  });
});

describe('favourites and preferences', () => {
  it('adds, renames, lists and removes favourite pages of the user only', async () => {
    const token = tokenOf('sales');
    const added = okAnswer<CallResult<'favoriteAdd'>>(
      await api('/favorites', { title: 'Leadler', url: '/list/leads' }, token),
    );
    expect(added.results).toEqual([
      expect.objectContaining({ id: added.id, title: 'Leadler', url: '/list/leads' }),
    ]);
    const renamed = okAnswer<CallResult<'favoriteAdd'>>(
      await api('/favorites', { title: 'Tüm leadler', url: '/list/leads' }, token),
    );
    expect(renamed.results).toHaveLength(1);
    expect(renamed.results[0]?.title).toBe('Tüm leadler');
    for (const url of ['https://example.com', '//example.com', 'list/leads', '/\\evil']) {
      expect((await api('/favorites', { title: 'Kötü', url }, token)).statusCode).toBe(400);
    }
    const listed = okAnswer<CallResult<'favorites'>>(await get(server.app, '/api/favorites', token));
    expect(listed.results.map((row) => row.url)).toEqual(['/list/leads']);
    const id = added.id ?? 0;
    expect(failureMessage(await api(`/favorite/remove/${id}`, {}, tokenOf('sales2')), 404)).toBe(
      messages.recordNotFound,
    );
    const removed = okAnswer<CallResult<'favoriteRemove'>>(await api(`/favorite/remove/${id}`, {}, token));
    expect(removed.results).toEqual([]);
  });

  it('keeps preferences per user, merging partial saves, with the theme in the profile', async () => {
    const token = tokenOf('sales2');
    const initial = okAnswer<CallResult<'preferences'>>(await api('/preferences/', {}, token));
    expect(initial.preferences).toMatchObject({ ...DEFAULT_PREFERENCES, theme: expect.any(String) });
    okAnswer(
      await postJson(
        server.app,
        '/api/preferences/save',
        { layout: 'head_navbar', mutedKeywords: ['spam'] },
        token,
      ),
    );
    const merged = okAnswer<CallResult<'preferencesSave'>>(
      await postJson(
        server.app,
        '/api/preferences/save',
        { favoriteShow: false, dark: true, theme: 'mavi' },
        token,
      ),
    );
    expect(merged.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      layout: 'head_navbar',
      mutedKeywords: ['spam'],
      favoriteShow: false,
      dark: true,
      theme: 'mavi',
    });
    const me = okAnswer<CallResult<'me'>>(await api('/me', {}, token));
    expect(me.theme).toBe('mavi');
    const others = okAnswer<CallResult<'preferences'>>(await api('/preferences/', {}, tokenOf('sales')));
    expect(others.preferences.layout).toBe('sidebar');
    expect(
      (await postJson(server.app, '/api/preferences/save', { layout: 'floating' }, token)).statusCode,
    ).toBe(400);
  });
});

describe('POST /auth/save', () => {
  const password = 'Eski.Sifre.2026';

  it('updates dahili and telegram id with the spec messages', async () => {
    const user = await createUser(db, { email: 'profil.bir@demo.crm', password });
    const token = await login(server.app, user.email, password);
    const dahili = okAnswer<CallResult<'authSave'>>(await api('/auth/save', { dahili: '2001' }, token));
    expect(dahili).toMatchObject({ success: true, msg: messages.dahiliUpdated, dahili: true });
    const telegram = okAnswer<CallResult<'authSave'>>(
      await api('/auth/save', { dahili: '2001', telegram_id: '123456789' }, token),
    );
    expect(telegram).toMatchObject({ success: true, msg: messages.telegramIdUpdated, telegram: true });
    expect(telegram.dahili).toBeUndefined();
    const me = okAnswer<CallResult<'me'>>(await api('/me', {}, token));
    expect(me).toMatchObject({ dahili: '2001', telegram_id: '123456789' });
    expect((await api('/auth/save', { dahili: '12a' }, token)).statusCode).toBe(400);
  });

  it('refuses a bad password change with a Turkish reason and changes nothing', async () => {
    const user = await createUser(db, { email: 'profil.iki@demo.crm', password });
    const token = await login(server.app, user.email, password);
    const refuse = async (body: Record<string, unknown>, reason: string) => {
      const answer = okAnswer<CallResult<'authSave'>>(await api('/auth/save', body, token));
      expect(answer).toEqual({
        success: false,
        msg: format(messages.passwordUpdateFailedWithReason, { reason }),
      });
    };
    const strong = 'Yeni.Sifre.2027';
    await refuse({ new_password: strong, new_password_2: strong }, messages.currentPasswordRequired);
    await refuse(
      { password: 'yanlis', new_password: strong, new_password_2: strong },
      messages.currentPasswordWrong,
    );
    await refuse(
      { password, new_password: strong, new_password_2: `${strong}x` },
      messages.passwordRepeatMismatch,
    );
    await refuse(
      { password, new_password: 'kisa1', new_password_2: 'kisa1' },
      format(messages.passwordPolicy, { min: 10 }),
    );
    await refuse(
      { password, new_password: 'sadeceharfler', new_password_2: 'sadeceharfler' },
      format(messages.passwordPolicy, { min: 10 }),
    );
    await refuse({ password, new_password: password, new_password_2: password }, messages.passwordSameAsOld);
    // The dahili of a refused save is not applied either.
    await refuse(
      { password: 'yanlis', new_password: strong, new_password_2: strong, dahili: '3003' },
      messages.currentPasswordWrong,
    );
    const me = okAnswer<CallResult<'me'>>(await api('/me', {}, token));
    expect(me.dahili).toBe('1005');
    expect(await login(server.app, user.email, password)).toBeTruthy();
  });

  it('refuses the e-mail address as the new password', async () => {
    const email = 'eposta1sifre@demo.crm';
    const user = await createUser(db, { email, password });
    const token = await login(server.app, user.email, password);
    const answer = okAnswer<CallResult<'authSave'>>(
      await api('/auth/save', { password, new_password: email, new_password_2: email }, token),
    );
    expect(answer).toEqual({
      success: false,
      msg: format(messages.passwordUpdateFailedWithReason, { reason: messages.passwordSameAsEmail }),
    });
  });

  it("changes the password and revokes the user's other sessions", async () => {
    const user = await createUser(db, { email: 'profil.uc@demo.crm', password });
    const current = await login(server.app, user.email, password);
    const other = await login(server.app, user.email, password);
    const next = 'Yepyeni.Sifre.42';
    const answer = okAnswer<CallResult<'authSave'>>(
      await api('/auth/save', { password, new_password: next, new_password_2: next }, current),
    );
    expect(answer).toMatchObject({ success: true, msg: messages.passwordUpdated, password: true });
    expect((await api('/me', {}, other)).statusCode).toBe(401);
    expect((await api('/me', {}, current)).statusCode).toBe(200);
    await expect(login(server.app, user.email, password)).rejects.toThrow();
    expect(await login(server.app, user.email, next)).toBeTruthy();
  });
});

describe('dashboards', () => {
  it("counts the user's own leads and records views, changes and notes as activity", async () => {
    const { sales } = server.users;
    const token = tokenOf('sales');
    okAnswer(await api(`/row/leads/${own.isik}`, {}, token));
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: own.ayse, inputs: { utm_source: 'panel-testi' } },
        token,
      ),
    );
    okAnswer(
      await api(
        '/inline/save/',
        { table: 'lead_notes', type: 'insert_note', inputs: { lead_id: own.ayse, body: 'Aradım' } },
        token,
      ),
    );
    // The view is written after the answer went out.
    let answer = okAnswer<CallResult<'userDashboard'>>(await api('/user/dashboard', {}, token));
    for (let tries = 0; tries < 20 && (answer.activity[0]?.lead_view ?? 0) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = okAnswer<CallResult<'userDashboard'>>(await api('/user/dashboard', {}, token));
    }
    const expected = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('team_id', '=', sales.team_id)
      .where((eb) => eb.or([eb('agent_id', '=', sales.id), eb('retention_id', '=', sales.id)]))
      .executeTakeFirstOrThrow();
    expect(answer.leads.count).toBe(Number(expected.count));
    const today = answer.activity[0];
    expect(today).toMatchObject({ lead_interaction: 1, lead_view: 1, lead_note: 1 });
    expect(today?.start_action_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((today?.last_action_time ?? '') >= (today?.start_action_time ?? '')).toBe(true);
  });

  it('counts leads per day and status within the scope of the user', async () => {
    const body = { start: '2000-01-01', end: '2001-12-30' };
    const { sales } = server.users;
    await insertLead({
      name: 'Eski Kayıt',
      team_id: sales.team_id,
      agent_id: sales.id,
      created_at: '2001-06-01 09:00:00',
    });
    await insertLead({
      name: 'Eski Kayıt 2',
      team_id: sales.team_id,
      agent_id: sales.id,
      created_at: '2001-06-01 17:00:00',
    });
    await insertLead({
      name: 'Eski Kayıt 3',
      team_id: server.users.sales2.team_id,
      agent_id: server.users.sales2.id,
      created_at: '2001-06-02 09:00:00',
    });
    const salesAnswer = okAnswer<CallResult<'dashboardReports'>>(
      await api('/reports/', body, tokenOf('sales')),
    );
    expect(salesAnswer.leads).toEqual([{ date: '2001-06-01', lead_count: 2 }]);
    expect(salesAnswer.lead_statuses).toEqual([
      { id: null, label: messages.noLeadStatus, lead_count: 2, background: null },
    ]);
    const adminAnswer = okAnswer<CallResult<'dashboardReports'>>(
      await api('/reports/', body, tokenOf('admin')),
    );
    expect(adminAnswer.leads).toEqual([
      { date: '2001-06-01', lead_count: 2 },
      { date: '2001-06-02', lead_count: 1 },
    ]);
    expect(
      failureMessage(
        await api('/reports/', { start: '2001-01-01', end: '2000-01-01' }, tokenOf('admin')),
        400,
      ),
    ).toBe(messages.invalidDateRange);
    expect(
      failureMessage(
        await api('/reports/', { start: '2001-01-01', end: '2009-01-01' }, tokenOf('admin')),
        400,
      ),
    ).toBe(format(messages.dateRangeTooLong, { days: 731 }));
    const current = okAnswer<CallResult<'dashboardReports'>>(await api('/reports/', {}, tokenOf('admin')));
    expect(current.success).toBe(true);
  });
});
