import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { format, messages } from '../../src/shared/i18n/messages';
import { login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';
import { forgetCaches } from './support/caches';

/**
 * docs/operations.md#security: rows that belong to a lead (notes, remitters, tasks, ...) are inside a user's scope only when
 * their lead is; author fields are the server's; menu entries that name a screen are not tables; a save
 * that writes nothing is a 400. Each case was an open hole before the engine learnt the rule.
 */

const PASSWORD = 'Demo.2026';

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
const tokens = { admin: '', sales: '', retention: '' };
let sales: { id: number; team_id: number; name: string };
let retention: { id: number; team_id: number; name: string };
let foreignAgent: { id: number };
let ownLead: number;
let retentionLead: number;
let foreignLead: number;
let ownNote: number;

async function userByEmail(email: string): Promise<{ id: number; team_id: number; name: string }> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'team_id', 'name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, team_id: Number(row.team_id), name: row.name };
}

async function addLead(values: { team_id: number | null; retention_id?: number | null }): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({ name: 'Kapsam Testi', utm_campaign: 'child-scope', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function expectNotFound(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toEqual({ success: false, msg: messages.recordNotFound });
}

function expectTableNotFound(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json<{ msg: string }>().msg).toBe(messages.tableNotFound);
}

async function noteRow(
  id: number,
): Promise<{ lead_id: number | null; agent_name: string | null; insert_agent_id: number | null }> {
  return db
    .selectFrom('lead_notes')
    .select(['lead_id', 'agent_name', 'insert_agent_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function notesOn(leadId: number): Promise<number> {
  const row = await db
    .selectFrom('lead_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 200 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  sales = await userByEmail('sales@demo.crm');
  retention = await userByEmail('retention@demo.crm');
  const sales2 = await userByEmail('sales2@demo.crm');
  foreignAgent = { id: sales2.id };
  ownLead = await addLead({ team_id: sales.team_id });
  retentionLead = await addLead({ team_id: sales.team_id, retention_id: retention.id });
  foreignLead = await addLead({ team_id: sales2.team_id });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[name] = await login(app, `${name}@demo.crm`, PASSWORD);
  }
  const saved = await postForm(
    app,
    '/api/inline/save/',
    { table: 'lead_notes', type: 'insert_note', inputs: { lead_id: ownLead, body: 'kendi notum' } },
    tokens.sales,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  ownNote = saved.json<{ id: number }>().id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('child rows of a lead follow the lead scope', () => {
  it.each(['sales', 'retention'] as const)(
    '%s cannot insert a note onto a lead outside their scope through the generic insert',
    async (who) => {
      const before = await notesOn(foreignLead);
      const response = await postForm(
        app,
        '/api/inline/save/',
        { table: 'lead_notes', type: 'insert', inputs: { lead_id: foreignLead, body: 'x' } },
        tokens[who],
      );
      expectNotFound(response);
      expect(await notesOn(foreignLead)).toBe(before);
    },
  );

  it('a missing lead answers the same 404 as a foreign one', async () => {
    const response = await postForm(
      app,
      '/api/inline/save/',
      { table: 'lead_notes', type: 'insert', inputs: { lead_id: 99_999_999, body: 'x' } },
      tokens.sales,
    );
    expectNotFound(response);
  });

  it('the generic insert onto an own lead works and the server sets the author', async () => {
    const response = await postForm(
      app,
      '/api/inline/save/',
      { table: 'lead_notes', type: 'insert', inputs: { lead_id: ownLead, body: 'genel ekleme' } },
      tokens.sales,
    );
    expect(response.statusCode, response.body).toBe(200);
    const note = await noteRow(response.json<{ id: number }>().id);
    expect(note).toEqual({ lead_id: ownLead, agent_name: sales.name, insert_agent_id: sales.id });
  });

  it('an author field in the input is refused, never stored', async () => {
    for (const field of ['agent_name', 'insert_agent_id']) {
      const response = await postForm(
        app,
        '/api/inline/save/',
        {
          table: 'lead_notes',
          type: 'insert',
          inputs: {
            lead_id: ownLead,
            body: 'sahte',
            [field]: field === 'agent_name' ? 'Başkası' : foreignAgent.id,
          },
        },
        tokens.sales,
      );
      expect(response.statusCode, response.body).toBe(400);
    }
    const detail = await postForm(
      app,
      '/api/detail/save/',
      { table: 'lead_notes', id: ownNote, inputs: { agent_name: 'Başkası' } },
      tokens.sales,
    );
    expect(detail.statusCode, detail.body).toBe(400);
    expect((await noteRow(ownNote)).agent_name).toBe(sales.name);
  });

  it('moving an own note to a foreign lead is refused through every route', async () => {
    const inline = await postForm(
      app,
      '/api/inline/save/',
      {
        table: 'lead_notes',
        keyName: 'id',
        keyValue: ownNote,
        fieldName: 'lead_id',
        fieldValue: foreignLead,
      },
      tokens.sales,
    );
    expectNotFound(inline);
    const detail = await postForm(
      app,
      '/api/detail/save/',
      { table: 'lead_notes', id: ownNote, inputs: { lead_id: foreignLead } },
      tokens.sales,
    );
    expectNotFound(detail);
    const bulk = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'lead_notes', ids: [ownNote], type: 1, fieldName: 'lead_id', fieldValue: foreignLead },
      tokens.sales,
    );
    expectNotFound(bulk);
    expect((await noteRow(ownNote)).lead_id).toBe(ownLead);
  });

  it('moving an own note to another lead in scope works', async () => {
    const other = await addLead({ team_id: sales.team_id });
    const response = await postForm(
      app,
      '/api/detail/save/',
      { table: 'lead_notes', id: ownNote, inputs: { lead_id: other } },
      tokens.sales,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await noteRow(ownNote)).lead_id).toBe(other);
    await db.updateTable('lead_notes').set({ lead_id: ownLead }).where('id', '=', ownNote).execute();
  });

  it('retention cannot move its note to a lead it does not hold', async () => {
    const saved = await postForm(
      app,
      '/api/inline/save/',
      {
        table: 'lead_notes',
        type: 'insert_note',
        inputs: { lead_id: retentionLead, body: 'retention notu' },
      },
      tokens.retention,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: number }>().id;
    const response = await postForm(
      app,
      '/api/inline/save/',
      { table: 'lead_notes', keyName: 'id', keyValue: id, fieldName: 'lead_id', fieldValue: ownLead },
      tokens.retention,
    );
    expectNotFound(response);
    expect((await noteRow(id)).lead_id).toBe(retentionLead);
  });

  it("an own note on a lead that left the user's scope can no longer be read or changed", async () => {
    const lead = await addLead({ team_id: sales.team_id });
    const saved = await postForm(
      app,
      '/api/inline/save/',
      { table: 'lead_notes', type: 'insert_note', inputs: { lead_id: lead, body: 'eski ekibimin notu' } },
      tokens.sales,
    );
    const id = saved.json<{ id: number }>().id;
    const visible = await postJson(app, `/api/row/lead_notes/${id}`, {}, tokens.sales);
    expect(visible.statusCode, visible.body).toBe(200);

    // The manager moves the lead to another team: its notes go with it.
    await db
      .updateTable('leads')
      .set({ team_id: (await userByEmail('sales2@demo.crm')).team_id })
      .where('id', '=', lead)
      .execute();
    expectNotFound(await postJson(app, `/api/row/lead_notes/${id}`, {}, tokens.sales));
    expectNotFound(
      await postForm(
        app,
        '/api/detail/save/',
        { table: 'lead_notes', id, inputs: { body: 'değişti' } },
        tokens.sales,
      ),
    );
    const list = await postJson(
      app,
      '/api/table/lead_notes',
      { page: 1, limit: 100, filters: [{ name: 'id', type: 1, value: String(id) }] },
      tokens.sales,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ total: number }>().total).toBe(0);
  });

  it('a remitter cannot be moved to a foreign lead', async () => {
    const saved = await postForm(
      app,
      '/api/inline/save/',
      {
        table: 'lead_remitters',
        type: 'insert',
        inputs: { lead_id: ownLead, name: 'Üçüncü Kişi', tc: '12345678901' },
      },
      tokens.sales,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: number }>().id;
    const bulk = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'lead_remitters', ids: [id], type: 1, fieldName: 'lead_id', fieldValue: foreignLead },
      tokens.sales,
    );
    expectNotFound(bulk);
  });
});

describe('record hooks run on every generic write', () => {
  it("a bulk edit cannot clear a third person's tc (the rule of the inline insert and the edit form)", async () => {
    const saved = await postForm(
      app,
      '/api/inline/save/',
      {
        table: 'lead_remitters',
        type: 'insert',
        inputs: { lead_id: ownLead, name: 'Toplu Kişi', tc: '10987654321' },
      },
      tokens.sales,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: number }>().id;
    const bulk = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'lead_remitters', ids: [id], type: 1, fieldName: 'tc', fieldValue: '' },
      tokens.sales,
    );
    expect(bulk.statusCode, bulk.body).toBe(400);
    expect(bulk.json<{ msg: string }>().msg).toBe(messages.remitterTcRequired);
    const row = await db
      .selectFrom('lead_remitters')
      .select('tc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.tc).toBe('10987654321');
  });
});

describe('handing leads and tasks to other teams', () => {
  it('an agent cannot hand a lead to an agent of another team; an admin can', async () => {
    const response = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: ownLead, inputs: { agent_id: foreignAgent.id } },
      tokens.sales,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe(messages.assigneeNotInTeam);
    const bulk = await postForm(
      app,
      '/api/bulk/save/',
      { table: 'leads', ids: [ownLead], type: 1, fieldName: 'agent_id', fieldValue: foreignAgent.id },
      tokens.sales,
    );
    expect(bulk.statusCode, bulk.body).toBe(400);

    const own = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: ownLead, inputs: { agent_id: sales.id } },
      tokens.sales,
    );
    expect(own.statusCode, own.body).toBe(200);
    const admin = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: foreignLead, inputs: { agent_id: sales.id } },
      tokens.admin,
    );
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('an agent cannot assign a task to an agent of another team', async () => {
    const response = await postForm(
      app,
      '/api/task/add',
      { inputs: { title: 'Başka ekibe görev', lead_id: ownLead, agents: [foreignAgent.id] } },
      tokens.sales,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe(messages.assigneeNotInTeam);
  });
});

describe('a save that writes nothing', () => {
  it('answers 400 when every input key was dropped', async () => {
    const payload = 'table=lead_notes&id=' + String(ownNote) + '&inputs[__proto__][x]=1';
    const response = await app.inject({
      method: 'POST',
      url: '/api/detail/save/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${tokens.sales}`,
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe(messages.nothingToSave);
    const empty = await postForm(app, '/api/detail/save/', { table: 'leads', id: ownLead }, tokens.sales);
    expect(empty.statusCode, empty.body).toBe(400);
    const insert = await postForm(app, '/api/inline/save/', { table: 'leads', type: 'insert' }, tokens.sales);
    expect(insert.statusCode, insert.body).toBe(400);
  });
});

describe('a menu entry is never a table', () => {
  const names = ['report_utm', 'no_such_table', 'sessions', 'users_password'];
  it.each(names)('%s is refused by every table route', async (name) => {
    const token = tokens.admin;
    expectTableNotFound(
      await postJson(app, `/api/table/${name}`, { page: 1, limit: 15, filters: [] }, token),
    );
    expectTableNotFound(await postJson(app, `/api/row/${name}/1`, {}, token));
    expectTableNotFound(
      await app.inject({
        method: 'GET',
        url: `/api/fields/${name}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expectTableNotFound(await postForm(app, '/api/bulk/remove/', { table: name, ids: [ownLead] }, token));
    expectTableNotFound(
      await postForm(
        app,
        '/api/bulk/save/',
        { table: name, ids: [ownLead], type: 1, fieldName: 'name', fieldValue: 'x' },
        token,
      ),
    );
    expectTableNotFound(await postForm(app, `/api/export/${name}`, { table: name }, token));
    expectTableNotFound(
      await postForm(app, '/api/inline/save/', { table: name, type: 'insert', inputs: { name: 'x' } }, token),
    );
    expectTableNotFound(
      await postForm(app, '/api/detail/save/', { table: name, id: ownLead, inputs: { name: 'x' } }, token),
    );
    // Nothing went: the lead the bulk delete named is still there.
    const still = await db.selectFrom('leads').select('id').where('id', '=', ownLead).executeTakeFirst();
    expect(still?.id).toBe(ownLead);
  });

  it('an alias never widens what its source table allows', async () => {
    // Sales may do anything on customers but leads keeps its team restriction and no delete flag.
    const group = await db
      .selectFrom('users')
      .select('user_group_id')
      .where('id', '=', sales.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('permissions')
      .set({
        extra_sql: null,
        delete: 1,
        update: 1,
        write_fields: null,
        read_fields: null,
        list_fields: null,
      })
      .where('user_group_id', '=', group.user_group_id)
      .where('table_name', '=', 'customers')
      .execute();
    await forgetCaches(app);
    const customer = await db
      .insertInto('leads')
      .values({
        name: 'Yabancı Müşteri',
        is_customer: 1,
        team_id: (await userByEmail('sales2@demo.crm')).team_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectNotFound(await postJson(app, `/api/row/customers/${customer.id}`, {}, tokens.sales));
    const list = await postJson(
      app,
      '/api/table/customers',
      { page: 1, limit: 15, filters: [{ name: 'id', type: 1, value: String(customer.id) }] },
      tokens.sales,
    );
    expect(list.json<{ total: number }>().total).toBe(0);
    const remove = await postForm(
      app,
      '/api/bulk/remove/',
      { table: 'customers', ids: [customer.id] },
      tokens.sales,
    );
    expect(remove.statusCode, remove.body).toBe(403);
    expect(format(messages.forbidden, {})).toBe(remove.json<{ msg: string }>().msg);
  });
});
