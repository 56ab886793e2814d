import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { getTableRegistry } from '../../src/server/engine/registry';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';
import { textOrder } from './support/text-order';

/** A T.C. number with correct check digits (see tests/unit/domain/tc.test.ts). */
const VALID_TC = '10000000146';

let server: DemoServer;
let db: Kysely<Database>;
let tokens: Record<'admin' | 'sales' | 'sales2' | 'finance' | 'risk' | 'retention', string>;
/** Leads of the sales user's team (not customers), and one of the other sales team. */
let own: number[];
let foreign: number;

const api = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

async function leadsOfTeam(teamId: number, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('team_id', '=', teamId)
    .where('is_customer', '=', 0)
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

async function userId(email: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  const token = (account: string) => login(server.app, `${account}@demo.crm`, DEMO_PASSWORD);
  tokens = {
    admin: server.users.admin.token,
    sales: server.users.sales.token,
    sales2: server.users.sales2.token,
    finance: await token('finance'),
    risk: await token('risk'),
    retention: await token('retention'),
  };
  own = await leadsOfTeam(server.users.sales.team_id, 12);
  foreign = (await leadsOfTeam(server.users.sales2.team_id, 1))[0] as number;
});

afterAll(async () => {
  await server.close();
});

describe('POST /row/leads/{id}', () => {
  it("answers the user's modules, and the spec's 404 text outside the restriction", async () => {
    const answer = okAnswer<CallResult<'row'>>(await api(`/row/leads/${own[0]}`, {}, tokens.sales));
    const leadsPermission = await db
      .selectFrom('permissions')
      .select('modules')
      .where('user_group_id', '=', server.users.sales.user_group_id)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    expect(answer.modules).toEqual(leadsPermission.modules);
    expect(answer.modules).toContain('gecmis');
    expect(failureMessage(await api(`/row/leads/${foreign}`, {}, tokens.sales), 404)).toBe(
      'Böyle bir kayıt yok veya görmeye yetkiniz yok',
    );
  });
});

describe('notes and reminders (inline save insert_note, POST /notes/{table})', () => {
  const insertNote = (inputs: Record<string, unknown>, token: string) =>
    api('/inline/save/', { table: 'lead_notes', type: 'insert_note', inputs }, token);

  it("refuses a note without body with the spec's text", async () => {
    for (const body of [undefined, '', '   ']) {
      const inputs = body === undefined ? { lead_id: own[0] } : { lead_id: own[0], body };
      expect(failureMessage(await insertNote(inputs, tokens.sales), 400)).toBe(messages.noteBodyRequired);
    }
  });

  it("refuses a note on another team's lead with the 404 text", async () => {
    expect(failureMessage(await insertNote({ lead_id: foreign, body: 'x' }, tokens.sales), 404)).toBe(
      messages.recordNotFound,
    );
  });

  it('saves the note signed by the user, sets last_note_date, defaults quality 5 and agents to self', async () => {
    const lead = own[1] as number;
    const answer = okAnswer<CallResult<'inlineSave'>>(
      await insertNote({ lead_id: lead, body: 'İlk görüşme' }, tokens.sales),
    );
    expect(answer).toMatchObject({ success: true, message: messages.noteSaved });
    const note = await db
      .selectFrom('lead_notes')
      .selectAll()
      .where('id', '=', Number(answer.id))
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      lead_id: lead,
      body: 'İlk görüşme',
      quality: 5,
      notification: 1,
      insert_agent_id: server.users.sales.id,
      agent_name: 'Emre Şahin',
      agents: [server.users.sales.id],
    });
    const row = await db
      .selectFrom('leads')
      .select('last_note_date')
      .where('id', '=', lead)
      .executeTakeFirstOrThrow();
    expect(row.last_note_date).not.toBeNull();
    // No start and no minute: no reminder.
    const reminders = await db
      .selectFrom('notifications')
      .select('id')
      .where('note_id', '=', Number(answer.id))
      .execute();
    expect(reminders).toHaveLength(0);
  });

  it('a reminder becomes one notification per chosen agent, at now + minute', async () => {
    const lead = own[2] as number;
    const colleague = await db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('id', '<>', server.users.sales.id)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const answer = okAnswer<CallResult<'inlineSave'>>(
      await insertNote(
        {
          lead_id: lead,
          body: 'Yarın tekrar ara',
          quality: 3,
          notification: 1,
          minute: 15,
          agents: [server.users.sales.id, { value: colleague.id, label: 'Ekip arkadaşı' }],
        },
        tokens.sales,
      ),
    );
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('note_id', '=', Number(answer.id))
      .orderBy('user_id')
      .execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([server.users.sales.id, colleague.id].sort());
    const { rows: clock } = await sql<{
      now: string;
    }>`select to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS') as now`.execute(db);
    const minutesAhead = (Date.parse(`${rows[0]?.start}Z`) - Date.parse(`${clock[0]?.now}Z`)) / 60_000;
    expect(minutesAhead).toBeGreaterThan(14);
    expect(minutesAhead).toBeLessThanOrEqual(15);
    expect(rows[0]).toMatchObject({
      lead_id: lead,
      body: 'Yarın tekrar ara',
      completed: 0,
      title: messages.reminderTitle,
    });

    const listed = okAnswer<CallResult<'leadNotifications'>>(
      await api('/notes/notifications', { field: 'lead_id', id: lead }, tokens.sales),
    );
    expect(listed.total).toBe(2);
    expect(listed.results.map((row) => row.user_id).sort()).toEqual(
      [server.users.sales.id, colleague.id].sort(),
    );
    expect(listed.results[0]).toMatchObject({ lead_id: lead, completed: 0, note_id: Number(answer.id) });

    const notes = okAnswer<CallResult<'notes'>>(
      await api('/notes/lead_notes', { field: 'lead_id', id: lead }, tokens.sales),
    );
    expect(notes.results[0]).toMatchObject({
      id: Number(answer.id),
      quality: 3,
      minute: 15,
      body: 'Yarın tekrar ara',
    });
    expect(notes.results[0]?.agents.map((agent) => agent.value).sort()).toEqual(
      [server.users.sales.id, colleague.id].sort(),
    );
    expect(notes.results[0]?.agents.find((agent) => agent.value === server.users.sales.id)?.label).toBe(
      'Emre Şahin',
    );
  });

  it('takes an explicit start, and shows a past open reminder as overdue (2)', async () => {
    const lead = own[3] as number;
    okAnswer(
      await insertNote(
        { lead_id: lead, body: 'Geçmiş hatırlatma', start: '2020-01-02 09:30:00' },
        tokens.sales,
      ),
    );
    okAnswer(
      await insertNote(
        { lead_id: lead, body: 'Gelecek hatırlatma', start: '2099-01-02 09:30' },
        tokens.sales,
      ),
    );
    const listed = okAnswer<CallResult<'leadNotifications'>>(
      await api('/notes/notifications', { field: 'lead_id', id: lead }, tokens.sales),
    );
    expect(listed.results.map((row) => [row.body, row.start, row.completed])).toEqual([
      ['Gelecek hatırlatma', '2099-01-02 09:30:00', 0],
      ['Geçmiş hatırlatma', '2020-01-02 09:30:00', 2],
    ]);
    // notification 0: the note is saved, no reminder is set.
    const silent = okAnswer<CallResult<'inlineSave'>>(
      await insertNote({ lead_id: lead, body: 'Sessiz', notification: 0, minute: 30 }, tokens.sales),
    );
    expect(
      await db.selectFrom('notifications').select('id').where('note_id', '=', Number(silent.id)).execute(),
    ).toEqual([]);
  });

  it('refuses bad reminder dates, agents of another team, inactive or unknown agents', async () => {
    const lead = own[4] as number;
    for (const start of ['2024-13-01 10:00:00', '01.02.2024 10:00', '2024-02-30 10:00:00']) {
      expect(failureMessage(await insertNote({ lead_id: lead, body: 'x', start }, tokens.sales), 400)).toBe(
        messages.invalidReminderDate,
      );
    }
    expect(
      failureMessage(
        await insertNote({ lead_id: lead, body: 'x', agents: [server.users.sales2.id] }, tokens.sales),
        400,
      ),
    ).toBe(messages.agentNotInTeam);
    const inactive = await db
      .insertInto('users')
      .values({
        name: 'Pasif Kullanıcı',
        email: 'pasif@demo.crm',
        password_hash: 'x',
        department: 'sales',
        user_group_id: server.users.sales.user_group_id,
        team_id: server.users.sales.team_id,
        active: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      failureMessage(
        await insertNote({ lead_id: lead, body: 'x', agents: [inactive.id] }, tokens.sales),
        400,
      ),
    ).toBe(format(messages.invalidAgent, { id: inactive.id }));
    expect(
      failureMessage(await insertNote({ lead_id: lead, body: 'x', agents: [999_999] }, tokens.sales), 400),
    ).toBe(format(messages.invalidAgent, { id: 999_999 }));
    // Nothing of the refused notes was saved.
    const saved = await db
      .selectFrom('lead_notes')
      .select('id')
      .where('lead_id', '=', lead)
      .where('body', '=', 'x')
      .execute();
    expect(saved).toEqual([]);
    // A manager may remind anyone active.
    okAnswer(
      await insertNote(
        { lead_id: lead, body: 'Müdür notu', agents: [server.users.sales2.id], minute: 60 },
        tokens.admin,
      ),
    );
  });

  it('lists a lead’s notes newest first with paging and the total; 404 outside the scope', async () => {
    const lead = own[5] as number;
    const before = okAnswer<CallResult<'notes'>>(
      await api('/notes/lead_notes', { field: 'lead_id', id: lead }, tokens.sales),
    );
    for (const body of ['bir', 'iki', 'üç'])
      okAnswer(await insertNote({ lead_id: lead, body }, tokens.sales));
    const page = okAnswer<CallResult<'notes'>>(
      await api('/notes/lead_notes', { field: 'lead_id', id: lead, limit: 2, page: 1 }, tokens.sales),
    );
    expect(page.total).toBe((before.total ?? 0) + 3);
    expect(page.results.map((note) => note.body)).toEqual(['üç', 'iki']);
    const ids = page.results.map((note) => note.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // 'leads' names the same list.
    const same = okAnswer<CallResult<'notes'>>(
      await api('/notes/leads', { field: 'lead_id', id: lead, limit: 2 }, tokens.sales),
    );
    expect(same.results.map((note) => note.id)).toEqual(ids);

    expect(
      failureMessage(await api('/notes/lead_notes', { field: 'lead_id', id: foreign }, tokens.sales), 404),
    ).toBe(messages.recordNotFound);
    expect(
      failureMessage(await api('/notes/notifications', { field: 'lead_id', id: foreign }, tokens.sales), 404),
    ).toBe(messages.recordNotFound);
    failureMessage(
      await api('/notes/lead_notes', { field: 'lead_id', id: lead, limit: 501 }, tokens.sales),
      400,
    );
    failureMessage(await api('/notes/lead_notes', { field: 'agent_id', id: lead }, tokens.sales), 400);
    failureMessage(await api('/notes/users', { field: 'lead_id', id: lead }, tokens.sales), 400);
    failureMessage(await api('/notes/lead_notes', { field: 'lead_id' }, tokens.sales), 400);
    failureMessage(await api('/notes/lead_notes', { field: 'lead_id', id: lead }, ''), 401);
  });
});

describe('POST /convertCustomer/{id}', () => {
  let retentionId: number;
  const form = (overrides: Record<string, unknown> = {}) => ({
    retention_id: retentionId,
    tc: VALID_TC,
    occupation_id: 1,
    city: 'İstanbul',
    ilce: 'Kadıköy',
    ...overrides,
  });

  beforeAll(async () => {
    retentionId = await userId('retention@demo.crm');
  });

  it('validates the form with Turkish messages', async () => {
    const lead = own[6] as number;
    const cases: [Record<string, unknown>, string][] = [
      [{ tc: '12345678901' }, messages.invalidTc],
      [{ tc: '1000000014' }, messages.invalidTc],
      [{ tc: '' }, messages.tcRequired],
      [{ city: '  ' }, messages.cityRequired],
      [{ ilce: '' }, messages.ilceRequired],
      [{ retention_id: '' }, messages.retentionRequired],
      [{ occupation_id: '' }, messages.occupationRequired],
      [{ occupation_id: 9999 }, messages.invalidOccupation],
      [{ retention_id: 999_999 }, format(messages.invalidAgent, { id: 999_999 })],
    ];
    for (const [overrides, message] of cases) {
      expect(
        failureMessage(await api(`/convertCustomer/${lead}`, form(overrides), tokens.sales), 400),
        JSON.stringify(overrides),
      ).toBe(message);
    }
    const row = await db
      .selectFrom('leads')
      .select('is_customer')
      .where('id', '=', lead)
      .executeTakeFirstOrThrow();
    expect(row.is_customer).toBe(0);
  });

  it('converts once: is_customer 1, customer_set_date, journal entry; a second time is refused', async () => {
    const lead = own[6] as number;
    const answer = okAnswer<CallResult<'convertCustomer'>>(
      await api(`/convertCustomer/${lead}`, form({ tc: ` ${VALID_TC} ` }), tokens.sales),
    );
    expect(answer).toEqual({ success: true, msg: 'Tebrikler 1 müşteri daha kazandınız' });
    const row = await db.selectFrom('leads').selectAll().where('id', '=', lead).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_customer: 1,
      tc: VALID_TC,
      occupation_id: 1,
      city: 'İstanbul',
      ilce: 'Kadıköy',
      retention_id: retentionId,
    });
    expect(row.customer_set_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const journal = okAnswer<CallResult<'journal'>>(await api(`/journal/leads/${lead}`, {}, tokens.sales));
    expect(journal.results[0]?.values.is_customer).toEqual({ old: 0, new: 1 });
    expect(journal.results[0]?.agent_name).toBe('Emre Şahin');

    expect(failureMessage(await api(`/convertCustomer/${lead}`, form(), tokens.sales), 400)).toBe(
      messages.alreadyCustomer,
    );
  });

  it("answers 404 for another team's lead and 403 without the update flag", async () => {
    expect(failureMessage(await api(`/convertCustomer/${foreign}`, form(), tokens.sales), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failureMessage(await api(`/convertCustomer/${own[7]}`, form(), tokens.finance), 403)).toBe(
      messages.forbidden,
    );
  });

  it('cannot be undone: no plain edit changes is_customer, in either direction', async () => {
    const customer = own[6] as number;
    const lead = own[7] as number;
    const detail = (id: number, value: number) =>
      api('/detail/save/', { table: 'leads', id, inputs: { is_customer: value } }, tokens.admin);
    expect(failureMessage(await detail(customer, 0), 400)).toBe(messages.customerFlagLocked);
    expect(failureMessage(await detail(lead, 1), 400)).toBe(messages.customerFlagLocked);
    expect(
      failureMessage(
        await api(
          '/inline/save/',
          { table: 'customers', keyName: 'id', keyValue: customer, fieldName: 'is_customer', fieldValue: 0 },
          tokens.admin,
        ),
        400,
      ),
    ).toBe(messages.customerFlagLocked);
    expect(
      failureMessage(
        await api(
          '/bulk/save/',
          { ids: [customer, lead], table: 'leads', fieldName: 'is_customer', fieldValue: 0 },
          tokens.admin,
        ),
        400,
      ),
    ).toBe(messages.customerFlagLocked);
    // Sending the value it already has (a full form) is fine.
    okAnswer(await detail(customer, 1));
    const row = await db
      .selectFrom('leads')
      .select('is_customer')
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    expect(row.is_customer).toBe(1);
  });
});

describe('POST /nextLead/{x}', () => {
  const next = (x: number, body: Record<string, unknown>, token: string) =>
    api(`/nextLead/${x}`, body, token);

  it('default order id desc: the next smaller id inside the scope', async () => {
    const answer = okAnswer<CallResult<'nextLead'>>(await next(own[0] as number, {}, tokens.sales));
    const expected = await db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('id', '<', own[0] as number)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(answer.id).toBe(expected?.id ?? null);
    // The admin's list holds every lead.
    const admin = okAnswer<CallResult<'nextLead'>>(await next(own[0] as number, {}, tokens.admin));
    expect(admin.id).toBe((own[0] as number) - 1);
  });

  it('follows the filters and sort of the list, and answers null at the end', async () => {
    const status = await db
      .selectFrom('leads')
      .select('status_id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('status_id', 'is not', null)
      .groupBy('status_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const inStatus = await db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '=', server.users.sales.team_id)
      .where('status_id', '=', status.status_id)
      .orderBy('id', 'desc')
      .execute();
    expect(inStatus.length).toBeGreaterThan(2);
    const filters = [{ name: 'status_id', type: 1, value: String(status.status_id) }];
    const first = inStatus[0]?.id as number;
    const answer = okAnswer<CallResult<'nextLead'>>(await next(first, { filters }, tokens.sales));
    expect(answer.id).toBe(inStatus[1]?.id);
    const last = inStatus[inStatus.length - 1]?.id as number;
    expect(okAnswer<CallResult<'nextLead'>>(await next(last, { filters }, tokens.sales)).id).toBeNull();

    // Sorted by name ascending (ties by id ascending), as the list orders it.
    const byName = await sql<{
      id: number;
    }>`select id from leads where team_id = ${server.users.sales.team_id}
      order by ${await textOrder(db, 'name', 'name_folded')} asc, id asc`.execute(db);
    const position = 3;
    const current = byName.rows[position]?.id as number;
    const sorted = okAnswer<CallResult<'nextLead'>>(
      await postJson(
        server.app,
        `/api/nextLead/${current}`,
        { sort: { name: 'name', type: 'asc' } },
        tokens.sales,
      ),
    );
    expect(sorted.id).toBe(byName.rows[position + 1]?.id);
  });

  it('checks the filters like /table and the current lead like /row', async () => {
    failureMessage(
      await next(
        own[0] as number,
        { filters: [{ name: 'password_hash', type: 1, value: 'x' }] },
        tokens.sales,
      ),
      400,
    );
    failureMessage(
      await next(own[0] as number, { filters: [{ name: 'status_id', type: 99, value: '1' }] }, tokens.sales),
      400,
    );
    expect(failureMessage(await next(foreign, {}, tokens.sales), 404)).toBe(messages.recordNotFound);
    failureMessage(await next(own[0] as number, { table: 'users' }, tokens.sales), 400);
  });
});

describe('lead remitters (3-sahis-bilgileri)', () => {
  const insert = (inputs: Record<string, unknown>, token: string) =>
    api('/inline/save/', { table: 'lead_remitters', type: 'insert', inputs }, token);

  it('needs tc and a lead inside the scope; listed by lead_id', async () => {
    const lead = own[8] as number;
    expect(failureMessage(await insert({ lead_id: lead, name: 'Ayşe Kara' }, tokens.admin), 400)).toBe(
      messages.remitterTcRequired,
    );
    expect(
      failureMessage(await insert({ lead_id: lead, name: 'Ayşe Kara', tc: ' ' }, tokens.admin), 400),
    ).toBe(messages.remitterTcRequired);
    expect(failureMessage(await insert({ name: 'Ayşe Kara', tc: VALID_TC }, tokens.admin), 400)).toBe(
      messages.remitterLeadRequired,
    );
    const saved = okAnswer<CallResult<'inlineSave'>>(
      await insert(
        { lead_id: lead, name: 'Ayşe Kara', tc: VALID_TC, city: 'İzmir', description: 'Eşi' },
        tokens.risk,
      ),
    );
    const row = await db
      .selectFrom('lead_remitters')
      .selectAll()
      .where('id', '=', Number(saved.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lead_id: lead, tc: VALID_TC, agent_id: await userId('risk@demo.crm') });

    const list = okAnswer<CallResult<'table'>>(
      await api(
        '/table/lead_remitters',
        { filters: [{ name: 'lead_id', type: 1, value: String(lead) }] },
        tokens.risk,
      ),
    );
    expect(list.results.map((result) => result.id)).toEqual([Number(saved.id)]);

    // An edit may not clear tc.
    expect(
      failureMessage(
        await api(
          '/inline/save/',
          {
            table: 'lead_remitters',
            keyName: 'id',
            keyValue: Number(saved.id),
            fieldName: 'tc',
            fieldValue: '',
          },
          tokens.risk,
        ),
        400,
      ),
    ).toBe(messages.remitterTcRequired);
  });

  it("refuses a remitter on a lead outside the user's scope; hidden from groups without it", async () => {
    const retentionLead = await db
      .selectFrom('leads')
      .select('id')
      .where('retention_id', '<>', await userId('retention@demo.crm'))
      .executeTakeFirstOrThrow();
    expect(
      failureMessage(await insert({ lead_id: retentionLead.id, tc: VALID_TC }, tokens.retention), 404),
    ).toBe(messages.recordNotFound);
    expect(failureMessage(await insert({ lead_id: foreign, tc: VALID_TC }, tokens.sales), 404)).toBe(
      messages.recordNotFound,
    );
    // Finance has no 3-sahis-bilgileri module and no lead_remitters permission.
    expect(failureMessage(await insert({ lead_id: own[8], tc: VALID_TC }, tokens.finance), 404)).toBe(
      messages.tableNotFound,
    );
  });

  it('is added to a registry seeded before it existed, with fields and permissions', async () => {
    await db.deleteFrom('permissions').where('table_name', '=', 'lead_remitters').execute();
    await db.deleteFrom('crm_tables').where('table_name', '=', 'lead_remitters').execute();
    await seedReferenceData(db);
    const fields = await db
      .selectFrom('crm_fields')
      .select('name')
      .where('table_name', '=', 'lead_remitters')
      .execute();
    expect(fields.map((field) => field.name)).toContain('tc');
    const permissions = await db
      .selectFrom('permissions')
      .select('show')
      .where('table_name', '=', 'lead_remitters')
      .execute();
    expect(permissions.length).toBeGreaterThan(0);
    // Idempotent: a second run adds nothing.
    await seedReferenceData(db);
    const tables = await db
      .selectFrom('crm_tables')
      .select('id')
      .where('table_name', '=', 'lead_remitters')
      .execute();
    expect(tables).toHaveLength(1);
    getTableRegistry(db).invalidate();
    okAnswer(await api('/table/lead_remitters', {}, tokens.admin));
  });
});
