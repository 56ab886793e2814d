import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { BULK_MAX_IDS, type BulkAnswer } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';
import { forgetCaches } from './support/caches';

let server: DemoServer;
let db: Kysely<Database>;

interface LeadState {
  id: number;
  agent_id: number | null;
  status_id: number | null;
  team_id: number | null;
  utm_source: string | null;
  updated_at: string | null;
}

const save = (body: Record<string, unknown>, token: string) =>
  postForm(server.app, '/api/bulk/save/', body, token);
const remove = (body: Record<string, unknown>, token: string) =>
  postForm(server.app, '/api/bulk/remove/', body, token);
const removeNotes = (body: Record<string, unknown>, token: string) =>
  postForm(server.app, '/api/bulk/removeNotes/', body, token);

async function leadIdsOfTeam(teamId: number, count: number, offset = 0): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('team_id', '=', teamId)
    .orderBy('id')
    .offset(offset)
    .limit(count)
    .execute();
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

async function leadStates(ids: readonly number[]): Promise<LeadState[]> {
  return db
    .selectFrom('leads')
    .select(['id', 'agent_id', 'status_id', 'team_id', 'utm_source', 'updated_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

async function leadCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(db);
  return Number(rows[0]?.n);
}

async function statusIds(): Promise<number[]> {
  return (await db.selectFrom('lead_statuses').select('id').orderBy('id').execute()).map((row) => row.id);
}

async function newLeads(teamId: number, count: number): Promise<number[]> {
  const rows = await db
    .insertInto('leads')
    .values(Array.from({ length: count }, (_, i) => ({ name: `Toplu Silme ${i}`, team_id: teamId })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

async function addNotes(leadId: number, authorId: number, count: number): Promise<void> {
  await db
    .insertInto('lead_notes')
    .values(
      Array.from({ length: count }, (_, i) => ({
        lead_id: leadId,
        body: `Toplu not ${i}`,
        insert_agent_id: authorId,
      })),
    )
    .execute();
}

async function notesOf(leadIds: readonly number[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from lead_notes
    where lead_id = any(${leadIds}::int8[])`.execute(db);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/bulk/save/', () => {
  it('lets admin set agent_id on 3 rows, with updated_at, and leaves the others alone', async () => {
    const { admin, sales, sales2 } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 4);
    const [untouched] = await leadStates(ids.slice(3));
    const picked = ids.slice(0, 3);
    const answer = okAnswer<BulkAnswer>(
      await save(
        { ids: picked, table: 'leads', type: 1, fieldName: 'agent_id', fieldValue: sales2.id },
        admin.token,
      ),
    );
    expect(answer).toEqual({ success: true, count: 3, msg: format(messages.bulkUpdated, { count: 3 }) });
    for (const lead of await leadStates(picked)) {
      expect(lead.agent_id).toBe(sales2.id);
      expect(lead.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(await leadStates(ids.slice(3))).toEqual([untouched]);
  });

  it('sets two fields with doubleUpdate, and accepts JSON and duplicate ids', async () => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 2, 10);
    const status = (await statusIds())[1];
    const answer = okAnswer<BulkAnswer>(
      await postJson(
        server.app,
        '/api/bulk/save/',
        {
          ids: [...ids, ids[0]],
          table: 'leads',
          type: 1,
          fieldName: 'status_id',
          fieldValue: String(status),
          doubleUpdate: 1,
          fieldName2: 'utm_source',
          fieldValue2: 'toplu-kampanya',
        },
        admin.token,
      ),
    );
    expect(answer.count).toBe(2);
    for (const lead of await leadStates(ids)) {
      expect(lead).toMatchObject({ status_id: status, utm_source: 'toplu-kampanya' });
    }
  });

  it('ignores the second field without doubleUpdate (the form sends it empty)', async () => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 1, 12);
    const before = await leadStates(ids);
    okAnswer<BulkAnswer>(
      await save(
        {
          ids,
          table: 'leads',
          fieldName: 'utm_source',
          fieldValue: 'tek-alan',
          doubleUpdate: 0,
          fieldName2: '',
          fieldValue2: '',
        },
        admin.token,
      ),
    );
    const [after] = await leadStates(ids);
    expect(after).toMatchObject({ utm_source: 'tek-alan', status_id: before[0]?.status_id });
  });

  it("refuses the same field twice with the spec's text, changing nothing", async () => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 2, 20);
    const before = await leadStates(ids);
    const msg = failureMessage(
      await save(
        {
          ids,
          table: 'leads',
          type: 1,
          fieldName: 'utm_source',
          fieldValue: 'a',
          doubleUpdate: 1,
          fieldName2: 'utm_source',
          fieldValue2: 'b',
        },
        admin.token,
      ),
      400,
    );
    expect(msg).toBe('Güncellenecek alanların ikiside aynı olmamalı');
    expect(await leadStates(ids)).toEqual(before);
  });

  it('asks for the field to update', async () => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 1);
    const msg = failureMessage(await save({ ids, table: 'leads', fieldValue: 'x' }, admin.token), 400);
    expect(msg).toBe(messages.bulkFieldRequired);
    const second = failureMessage(
      await save(
        { ids, table: 'leads', fieldName: 'utm_source', fieldValue: 'x', doubleUpdate: 1 },
        admin.token,
      ),
      400,
    );
    expect(second).toBe(messages.bulkFieldRequired);
  });

  it('lets an agent update a writable field on their own team', async () => {
    const { sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 3, 30);
    const status = (await statusIds())[2];
    const answer = okAnswer<BulkAnswer>(
      await save({ ids, table: 'leads', type: 1, fieldName: 'status_id', fieldValue: status }, sales.token),
    );
    expect(answer.count).toBe(3);
    for (const lead of await leadStates(ids)) expect(lead.status_id).toBe(status);
  });

  it("refuses the whole request when one id is another team's, and changes nothing", async () => {
    const { sales, sales2 } = server.users;
    const own = await leadIdsOfTeam(sales.team_id, 3, 40);
    const [foreign] = await leadIdsOfTeam(sales2.team_id, 1);
    const ids = [...own, foreign as number];
    const before = await leadStates(ids);
    const status = (await statusIds())[3];
    const msg = failureMessage(
      await save({ ids, table: 'leads', type: 1, fieldName: 'status_id', fieldValue: status }, sales.token),
      404,
    );
    expect(msg).toBe(messages.recordNotFound);
    expect(await leadStates(ids)).toEqual(before);
  });

  it('refuses ids that do not exist the same way', async () => {
    const { admin, sales } = server.users;
    const own = await leadIdsOfTeam(sales.team_id, 1, 41);
    const before = await leadStates(own);
    const msg = failureMessage(
      await save(
        { ids: [...own, 2_000_000_000], table: 'leads', fieldName: 'utm_source', fieldValue: 'yok' },
        admin.token,
      ),
      404,
    );
    expect(msg).toBe(messages.recordNotFound);
    expect(await leadStates(own)).toEqual(before);
  });

  it.each(['team_id', 'is_customer', 'id', 'created_at', 'name_folded', 'no_such_field'])(
    'refuses %s, a field the agent may not write',
    async (field) => {
      const { sales, sales2 } = server.users;
      const ids = await leadIdsOfTeam(sales.team_id, 2, 50);
      const before = await leadStates(ids);
      const msg = failureMessage(
        await save({ ids, table: 'leads', fieldName: field, fieldValue: sales2.team_id }, sales.token),
        400,
      );
      expect(msg).toBe(format(messages.invalidField, { field }));
      expect(await leadStates(ids)).toEqual(before);
    },
  );

  it('keeps updated rows inside the row restriction, even where the field is writable', async () => {
    const { sales, sales2 } = server.users;
    const permission = await db
      .selectFrom('permissions')
      .select(['id', 'write_fields'])
      .where('user_group_id', '=', sales.user_group_id)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('permissions')
      .set({ write_fields: [...(permission.write_fields ?? []), 'team_id'] })
      .where('id', '=', permission.id)
      .execute();
    await forgetCaches(server.app);
    try {
      const ids = await leadIdsOfTeam(sales.team_id, 2, 60);
      const before = await leadStates(ids);
      const msg = failureMessage(
        await save({ ids, table: 'leads', fieldName: 'team_id', fieldValue: sales2.team_id }, sales.token),
        403,
      );
      expect(msg).toBe(messages.forbidden);
      expect(await leadStates(ids)).toEqual(before);
      // Clearing the team is outside `team_id = {user.team_id}` too (NULL is not equal).
      failureMessage(
        await save({ ids, table: 'leads', fieldName: 'team_id', fieldValue: '' }, sales.token),
        403,
      );
      expect(await leadStates(ids)).toEqual(before);
    } finally {
      await db
        .updateTable('permissions')
        .set({ write_fields: permission.write_fields })
        .where('id', '=', permission.id)
        .execute();
      await forgetCaches(server.app);
    }
  });

  it('coerces and checks values by component like detail save', async () => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 2, 70);
    const before = await leadStates(ids);
    const notAUser = failureMessage(
      await save({ ids, table: 'leads', fieldName: 'agent_id', fieldValue: 999_999 }, admin.token),
      400,
    );
    expect(notAUser).toBe(format(messages.invalidField, { field: 'Temsilci' }));
    const notANumber = failureMessage(
      await save({ ids, table: 'leads', fieldName: 'status_id', fieldValue: 'abc' }, admin.token),
      400,
    );
    expect(notANumber).toBe(format(messages.invalidField, { field: 'Durum' }));
    const badEmail = failureMessage(
      await save({ ids, table: 'leads', fieldName: 'email', fieldValue: 'değil-eposta' }, admin.token),
      400,
    );
    expect(badEmail).toBe(format(messages.invalidField, { field: 'E-posta' }));
    expect(await leadStates(ids)).toEqual(before);
  });

  it('needs the update flag (finance reads leads only)', async () => {
    const { sales } = server.users;
    const token = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
    const ids = await leadIdsOfTeam(sales.team_id, 1);
    const msg = failureMessage(
      await save({ ids, table: 'leads', fieldName: 'utm_source', fieldValue: 'x' }, token),
      403,
    );
    expect(msg).toBe(messages.forbidden);
  });

  it('needs a session', async () => {
    failureMessage(
      await postForm(server.app, '/api/bulk/save/', { ids: [1], table: 'leads', fieldName: 'utm_source' }),
      401,
    );
  });
});

describe('hostile input to the bulk calls', () => {
  const tooMany = Array.from({ length: 10_000 }, (_, i) => i + 1);
  const cases: [string, Record<string, unknown>][] = [
    ['ids with SQL', { ids: ['1 OR 1=1', '1; DROP TABLE leads'], table: 'leads' }],
    ['an id with SQL after a number', { ids: ['5; DELETE FROM leads'], table: 'leads' }],
    ['ids as one string', { ids: '1,2,3', table: 'leads' }],
    ['nested objects as ids', { ids: [{ id: 1 }, { id: { $gt: 0 } }], table: 'leads' }],
    ['no ids', { ids: [], table: 'leads' }],
    ['negative and zero ids', { ids: [0, -1], table: 'leads' }],
    ['ids past the serial range', { ids: [99_999_999_999], table: 'leads' }],
    ['a table name with SQL', { ids: [1], table: 'leads; drop table leads' }],
    ['a table as an object', { ids: [1], table: { name: 'leads' } }],
  ];
  const saveCases: [string, Record<string, unknown>][] = [
    ['a field name with SQL', { fieldName: 'name; drop table leads', fieldValue: 'x' }],
    ['a quoted field name', { fieldName: 'name" = 1 --', fieldValue: 'x' }],
    ['a field name as an object', { fieldName: { a: 'name' }, fieldValue: 'x' }],
    ['a nested value', { fieldName: 'utm_source', fieldValue: { a: { b: 1 } } }],
    [
      'a nested second value',
      {
        fieldName: 'utm_source',
        fieldValue: 'x',
        doubleUpdate: 1,
        fieldName2: 'utm_campaign',
        fieldValue2: [{ a: 1 }],
      },
    ],
    ['type 2 (delete) on save', { type: 2, fieldName: 'utm_source', fieldValue: 'x' }],
    ['an unknown field', { fieldName: 'no_such_field', fieldValue: 'x' }],
    ['a list for a text field', { fieldName: 'utm_source', fieldValue: ['a', 'b'] }],
  ];

  it.each(cases)('%s: 400 on every bulk call, form and JSON, nothing changed', async (_name, body) => {
    const { admin } = server.users;
    const before = await leadCount();
    const payload = { fieldName: 'utm_source', fieldValue: 'x', ...body };
    for (const path of ['/api/bulk/save/', '/api/bulk/remove/', '/api/bulk/removeNotes/']) {
      failureMessage(await postForm(server.app, path, payload, admin.token), 400);
      failureMessage(await postJson(server.app, path, payload, admin.token), 400);
    }
    expect(await leadCount()).toBe(before);
  });

  it('refuses booleans as ids in JSON (a form has no booleans: true is sent as 1)', async () => {
    const { admin } = server.users;
    for (const path of ['/api/bulk/save/', '/api/bulk/remove/', '/api/bulk/removeNotes/']) {
      const body = { ids: [true], table: 'leads', fieldName: 'utm_source', fieldValue: 'x' };
      failureMessage(await postJson(server.app, path, body, admin.token), 400);
    }
  });

  it.each(saveCases)('%s: 400 on save', async (_name, body) => {
    const { admin, sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 2, 80);
    const before = await leadStates(ids);
    const response = await save({ ids, table: 'leads', ...body }, admin.token);
    expect(response.statusCode, response.body).toBe(400);
    expect(await leadStates(ids)).toEqual(before);
  });

  it(`refuses more than ${BULK_MAX_IDS} ids, as a form and as JSON`, async () => {
    const { admin } = server.users;
    const before = await leadCount();
    const form = await remove({ ids: tooMany, table: 'leads' }, admin.token);
    expect(form.statusCode, form.body).toBe(400);
    const json = await postJson(
      server.app,
      '/api/bulk/remove/',
      { ids: tooMany, table: 'leads' },
      admin.token,
    );
    expect(failureMessage(json, 400)).toBe(format(messages.bulkTooMany, { max: BULK_MAX_IDS }));
    const justOver = await postJson(
      server.app,
      '/api/bulk/save/',
      { ids: tooMany.slice(0, BULK_MAX_IDS + 1), table: 'leads', fieldName: 'utm_source', fieldValue: 'x' },
      admin.token,
    );
    expect(failureMessage(justOver, 400)).toBe(format(messages.bulkTooMany, { max: BULK_MAX_IDS }));
    expect(await leadCount()).toBe(before);
  });

  it('answers 404 for tables that are not registered or not shown', async () => {
    const { admin, sales } = server.users;
    for (const table of ['pg_user', 'schema_migrations', 'call_logs']) {
      const msg = failureMessage(await remove({ ids: [1], table }, admin.token), 404);
      expect(msg).toBe(messages.tableNotFound);
    }
    failureMessage(await remove({ ids: [1], table: 'users' }, sales.token), 404);
  });
});

describe('POST /api/bulk/remove/', () => {
  it('refuses an agent without the delete flag with 403, deleting nothing', async () => {
    const { sales } = server.users;
    const ids = await leadIdsOfTeam(sales.team_id, 3, 90);
    const msg = failureMessage(await remove({ ids, table: 'leads', type: 2 }, sales.token), 403);
    expect(msg).toBe(messages.forbidden);
    expect(await leadStates(ids)).toHaveLength(3);
  });

  it('deletes the selected rows for admin, their notes with them', async () => {
    const { admin, sales } = server.users;
    const ids = await newLeads(sales.team_id, 3);
    await addNotes(ids[0] as number, admin.id, 2);
    const before = await leadCount();
    const answer = okAnswer<BulkAnswer>(await remove({ ids, table: 'leads', type: 2 }, admin.token));
    expect(answer).toEqual({ success: true, count: 3, msg: format(messages.bulkDeleted, { count: 3 }) });
    expect(await leadStates(ids)).toEqual([]);
    expect(await notesOf(ids)).toBe(0);
    expect(await leadCount()).toBe(before - 3);
  });

  it('deletes nothing when one id is missing', async () => {
    const { admin, sales } = server.users;
    const ids = await newLeads(sales.team_id, 2);
    failureMessage(await remove({ ids: [...ids, 2_000_000_001], table: 'leads' }, admin.token), 404);
    expect(await leadStates(ids)).toHaveLength(2);
  });

  it('answers 409 for rows other records still use, and rolls back', async () => {
    const { admin } = server.users;
    const used = await db
      .selectFrom('leads')
      .select('status_id')
      .where('status_id', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const ids = await statusIds();
    const msg = failureMessage(await remove({ ids, table: 'lead_statuses' }, admin.token), 409);
    expect(msg).toBe(messages.recordInUse);
    expect(await statusIds()).toEqual(ids);
    expect(ids).toContain(used.status_id);
  });
});

describe('POST /api/bulk/removeNotes/', () => {
  it("deletes the selected leads' notes for admin and keeps the leads", async () => {
    const { admin, sales } = server.users;
    const ids = await newLeads(sales.team_id, 2);
    await addNotes(ids[0] as number, admin.id, 3);
    await addNotes(ids[1] as number, sales.id, 1);
    const answer = okAnswer<BulkAnswer>(await removeNotes({ ids, table: 'leads' }, admin.token));
    expect(answer).toEqual({ success: true, count: 4, msg: format(messages.bulkNotesDeleted, { count: 4 }) });
    expect(await notesOf(ids)).toBe(0);
    expect(await leadStates(ids)).toHaveLength(2);
  });

  it('needs the delete flag on lead_notes: an agent gets 403 and the notes stay', async () => {
    const { sales } = server.users;
    const ids = await newLeads(sales.team_id, 1);
    await addNotes(ids[0] as number, sales.id, 2);
    const msg = failureMessage(await removeNotes({ ids, table: 'leads' }, sales.token), 403);
    expect(msg).toBe(messages.forbidden);
    expect(await notesOf(ids)).toBe(2);
  });

  it("refuses leads outside the user's scope and deletes nothing", async () => {
    const { admin, sales, sales2 } = server.users;
    // Give the sales group the delete flag on notes for this case only.
    const restore = await db
      .selectFrom('permissions')
      .select(['id', 'delete'])
      .where('user_group_id', '=', sales.user_group_id)
      .where('table_name', '=', 'lead_notes')
      .executeTakeFirstOrThrow();
    await db.updateTable('permissions').set({ delete: 1 }).where('id', '=', restore.id).execute();
    await forgetCaches(server.app);
    try {
      const own = await newLeads(sales.team_id, 1);
      const foreign = await newLeads(sales2.team_id, 1);
      await addNotes(own[0] as number, sales.id, 1);
      await addNotes(foreign[0] as number, sales2.id, 1);
      failureMessage(await removeNotes({ ids: [...own, ...foreign], table: 'leads' }, sales.token), 404);
      expect(await notesOf([...own, ...foreign])).toBe(2);
      // Inside the scope, only the notes the agent may see (their own) go.
      await addNotes(own[0] as number, admin.id, 1);
      const answer = okAnswer<BulkAnswer>(await removeNotes({ ids: own, table: 'leads' }, sales.token));
      expect(answer.count).toBe(1);
      expect(await notesOf(own)).toBe(1);
    } finally {
      await db
        .updateTable('permissions')
        .set({ delete: restore.delete })
        .where('id', '=', restore.id)
        .execute();
      await forgetCaches(server.app);
    }
  });

  it('only works on lists of leads', async () => {
    const { admin } = server.users;
    const msg = failureMessage(await removeNotes({ ids: [1], table: 'lead_statuses' }, admin.token), 400);
    expect(msg).toBe(messages.invalidRequest);
  });
});
