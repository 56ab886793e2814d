import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { serverMessages } from '../../src/server/domain-errors';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { format, messages } from '../../src/shared/i18n/messages';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * Review findings: hostile input that used to end in a 500 (or worse), checked on the demo data set.
 * Each case names what it guards against.
 */

const PASSWORD = 'Demo.2026';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: string;
let sales: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 300 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  // A handler whose query fails on a value, the way a cast of user text inside a service would.
  app.get('/api/test/bad-value', async () => {
    await sql`select ${'on iki'}::int as n`.execute(database.db);
    return { ok: true };
  });
  admin = await login(app, 'admin@demo.crm', PASSWORD);
  sales = await login(app, 'sales@demo.crm', PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

function expectTurkish400(response: LightMyRequestResponse, msg: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, msg });
}

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('in the login e-mail: 400 naming the field, not a 500', async () => {
    const response = await postForm(app, '/api/auth/login', { email: 'admin\u0000@demo.crm', password: 'x' });
    expectTurkish400(response, format(messages.invalidField, { field: 'email' }));
  });

  it('in a filter value, form or JSON: 400 naming the field', async () => {
    const form = await postForm(
      app,
      '/api/table/leads',
      { filters: [{ name: 'name', type: 2, value: 'a\u0000b' }] },
      admin,
    );
    expectTurkish400(form, format(messages.invalidField, { field: 'filters.0.value' }));
    const json = await postJson(
      app,
      '/api/table/leads',
      { filters: [{ name: 'status_id', type: 11, value: ['1', '\u0000'] }] },
      admin,
    );
    expectTurkish400(json, format(messages.invalidField, { field: 'filters.0.value.1' }));
  });

  it('in a saved value: 400 and nothing is written', async () => {
    const before = await database.db
      .selectFrom('leads')
      .select('name')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const response = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: 1, inputs: { name: 'Ali\u0000Veli' } },
      admin,
    );
    expectTurkish400(response, format(messages.invalidField, { field: 'inputs.name' }));
    const after = await database.db
      .selectFrom('leads')
      .select('name')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe(before.name);
  });

  it('deep in a nested JSON body: 400 at once, without naming a path of thousands of keys', async () => {
    const depth = 100_000;
    const payload = `{"filters":[{"name":"name","type":1,"value":"a","editedId":${'['.repeat(depth)}"\u0000"${']'.repeat(depth)}}]}`;
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/table/leads',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload,
    });
    expectTurkish400(response, messages.invalidRequest);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('in a query parameter: 400', async () => {
    const response = await get(app, '/api/getOption/16?x=%00', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).not.toBe(messages.serverError);
  });
});

describe('ids beyond the column range', () => {
  const huge = 99_999_999_999_999;

  it('/row answers 404 like any other missing row', async () => {
    const response = await postForm(app, `/api/row/leads/${huge}`, {}, admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: messages.recordNotFound });
  });

  it('/detail/save/ and /inline/save/ answer 404', async () => {
    const detail = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: huge, inputs: { city: 'İzmir' } },
      admin,
    );
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual({ success: false, msg: messages.recordNotFound });
    const inline = await postForm(
      app,
      '/api/inline/save/',
      { table: 'leads', keyName: 'id', keyValue: String(huge), fieldName: 'city', fieldValue: 'İzmir' },
      admin,
    );
    expect(inline.statusCode).toBe(404);
    expect(inline.json()).toEqual({ success: false, msg: messages.recordNotFound });
  });

  it('/getOption/{id} answers 404 Böyle bir seçenek listesi yok', async () => {
    const response = await get(app, `/api/getOption/${huge}`, sales);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: serverMessages.optionListNotFound });
  });
});

describe('values the database refuses', () => {
  it('a duplicate of a unique value: 409 in Turkish, nothing changed', async () => {
    const teams = await database.db
      .selectFrom('teams')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = teams;
    if (!first || !second) throw new Error('demo data has fewer than two teams');
    const response = await postJson(
      app,
      '/api/detail/save/',
      { table: 'teams', id: second.id, inputs: { name: first.name } },
      admin,
    );
    expect(response.statusCode).toBe(409);
    const { msg } = response.json<{ success: boolean; msg: string }>();
    expect(msg).not.toBe(messages.serverError);
    expect(msg).not.toMatch(/duplicate|unique|constraint|key/i);
    const after = await database.db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe(second.name);
  });

  it('a value outside a CHECK constraint: 400 in Turkish', async () => {
    // crm_tables.location is CHECKed to 1-4 by the database alone (an integer field, no option list).
    const menuEntry = await database.db
      .selectFrom('crm_tables')
      .select('id')
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    const response = await postJson(
      app,
      '/api/detail/save/',
      { table: 'crm_tables', id: menuEntry.id, inputs: { location: 9 } },
      admin,
    );
    expectTurkish400(response, messages.operationFailed);
  });

  it('a department outside the departments list: 400 naming the field, before the database sees it', async () => {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'finance@demo.crm')
      .executeTakeFirstOrThrow();
    const response = await postJson(
      app,
      '/api/detail/save/',
      { table: 'users', id: user.id, inputs: { department: 'tanrı' } },
      admin,
    );
    expectTurkish400(response, format(messages.invalidField, { field: 'Departman' }));
  });

  it('a reference to a row that does not exist: a 4xx in Turkish, not a 500', async () => {
    const response = await postJson(
      app,
      '/api/inline/save/',
      { table: 'lead_notes', type: 'insert', inputs: { body: 'Not', lead_id: 2_000_000 } },
      admin,
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ msg: string }>().msg).not.toMatch(/foreign|constraint|violates/i);
  });

  it('a value a query cannot cast: 400 in Turkish without the SQL text', async () => {
    const response = await get(app, '/api/test/bad-value', admin);
    expectTurkish400(response, messages.operationFailed);
  });
});

describe('a sales manager cannot grant themselves admin rights', () => {
  it('cannot change groups or departments, nor see or edit admin accounts', async () => {
    const manager = await login(app, 'sales_manager@demo.crm', PASSWORD);
    const user = (email: string) =>
      database.db
        .selectFrom('users')
        .select(['id', 'department', 'email', 'user_group_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    const me = await user('sales_manager@demo.crm');
    const adminUser = await user('admin@demo.crm');
    const save = (id: number, inputs: Record<string, unknown>) =>
      postForm(app, '/api/detail/save/', { table: 'users', id, inputs }, manager);
    expect((await save(me.id, { department: 'admin' })).statusCode).toBe(400);
    expect((await save(me.id, { user_group_id: adminUser.user_group_id })).statusCode).toBe(400);
    expect((await save(adminUser.id, { email: 'x@demo.crm' })).statusCode).toBe(404);
    expect(await user('sales_manager@demo.crm')).toEqual(me);
    expect(await user('admin@demo.crm')).toEqual(adminUser);
  });
});
