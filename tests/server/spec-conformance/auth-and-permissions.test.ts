import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../support/fixtures';
import { login } from '../support/http';
import { specAnswer, specRefusal, startSpecServer, type SpecServer } from './support/spec-server';

/** docs/requirements.md#calls "Authentication and user" and the docs/requirements.md#calls rows of the same calls, as a spec client sends them. */

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer();
});
afterAll(async () => {
  await server.close();
});

const flag = z.union([z.literal(0), z.literal(1)]);

describe('authentication and the user', () => {
  it('POST /auth/login (email, password) -> success, token, msg', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=sales%40demo.crm&password=Demo.2026',
    });
    specAnswer(
      response,
      z.looseObject({ success: z.literal(true), token: z.string().min(10), msg: z.string() }),
    );
    // A wrong password: success false with the server's message (see docs/requirements.md#messages-the-user-reads "Hatalı Giriş" shows it).
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=sales%40demo.crm&password=yanlis',
    });
    expect(wrong.json()).toMatchObject({ success: false, msg: expect.any(String) });
  });

  it('POST /auth/validate -> success, data {userName, userId, telegram_id, theme, dahili}', async () => {
    const answer = specAnswer(
      await server.bare('/auth/validate', 'sales'),
      z.looseObject({
        success: z.literal(true),
        data: z.looseObject({
          userName: z.string(),
          userId: z.number(),
          telegram_id: z.string().nullable(),
          theme: z.string().nullable(),
          dahili: z.string().nullable(),
        }),
      }),
    );
    expect(answer.data.userId).toBe(server.users.sales.id);
  });

  it('GET /user/info -> the signed-in user (reading: {user} with the "me" fields)', async () => {
    const answer = specAnswer(
      await server.get('/user/info', 'sales'),
      z.looseObject({
        user: z.looseObject({
          department: z.string(),
          team_id: z.number().nullable(),
          dahili: z.string().nullable(),
        }),
      }),
    );
    expect(answer.user.department).toBe('sales');
  });

  it('GET /admin/info -> users, leads, customers, customer_average_conversion_time', async () => {
    specAnswer(
      await server.get('/admin/info'),
      z.looseObject({
        users: z.unknown(),
        leads: z.unknown(),
        customers: z.unknown(),
        customer_average_conversion_time: z.looseObject({ average_conversion_time: z.number().nullable() }),
      }),
    );
  });

  it('POST /me -> department, team_id, team, dahili', async () => {
    const answer = specAnswer(
      await server.bare('/me', 'finance'),
      z.looseObject({
        department: z.string(),
        team_id: z.number().nullable(),
        team: z.string().nullable(),
        dahili: z.string().nullable(),
      }),
    );
    expect(answer.department).toBe('finance');
  });

  it('POST /auth/save (telegram_id, theme, dahili, username, password, new_password, new_password_2) -> success, dahili, telegram flags', async () => {
    // The profile form sends every field; empty password fields change no password.
    const answer = specAnswer(
      await server.form(
        '/auth/save',
        {
          telegram_id: '@spec_client',
          theme: 'dark',
          dahili: '2044',
          username: 'Emre Şahin',
          password: '',
          new_password: '',
          new_password_2: '',
        },
        'sales2',
      ),
      z.looseObject({ success: z.literal(true), dahili: z.literal(true), telegram: z.literal(true) }),
    );
    expect(answer.success).toBe(true);
    // A password change through the same form, by a user of its own (it ends the other sessions).
    const user = await createUser(server.db, { email: 'spec.sifre@demo.crm', password: 'Eski.Sifre.2026' });
    const token = await login(server.app, user.email, user.password);
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/save',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: new URLSearchParams({
        telegram_id: '',
        theme: '',
        dahili: '',
        username: '',
        password: 'Eski.Sifre.2026',
        new_password: 'Yeni.Sifre.2026!',
        new_password_2: 'Yeni.Sifre.2026!',
      }).toString(),
    });
    specAnswer(changed, z.looseObject({ success: z.literal(true) }));
    await login(server.app, user.email, 'Yeni.Sifre.2026!');
  });
});

describe('permissions', () => {
  it('GET /permissions -> tables (table, name), me (department)', async () => {
    const answer = specAnswer(
      await server.get('/permissions', 'sales'),
      z.looseObject({
        tables: z.array(z.looseObject({ table: z.string(), name: z.string() })).min(1),
        me: z.looseObject({ department: z.string() }),
      }),
    );
    expect(answer.me.department).toBe('sales');
  });

  it('GET /permissionsAdmin -> tables', async () => {
    specAnswer(
      await server.get('/permissionsAdmin'),
      z.looseObject({ tables: z.array(z.looseObject({ table: z.string(), name: z.string() })).min(1) }),
    );
  });

  const permissionShape = z.looseObject({
    id: z.number(),
    name: z.string(),
    table: z.string(),
    show: flag,
    delete: flag,
    update: flag,
    excel_import: flag,
    excel_export: flag,
    extra_sql: z.string(),
    modules: z.string(),
    read_fields: z.array(z.string()),
    write_fields: z.array(z.string()),
    list_fields: z.array(z.string()),
  });
  const groupShape = z.looseObject({
    users: z.looseObject({ say: z.number() }),
    tables: z.array(permissionShape).min(1),
  });

  it('GET /permissions/{userGroupId} -> users.say, tables with permission fields', async () => {
    const answer = specAnswer(
      await server.get(`/permissions/${server.users.sales.user_group_id}`),
      groupShape,
    );
    expect(answer.users.say).toBeGreaterThan(0);
  });

  it('POST /permission/save/ (extra_sql, modules, user_group_id, root list of tableId|action, child list of kind|tableId|field), extra_sql keyed by table id', async () => {
    const groupId = server.users.sales2.user_group_id;
    const before = specAnswer(await server.get(`/permissions/${groupId}`), groupShape);
    const root: string[] = [];
    const child: string[] = [];
    const extra: Record<string, string> = {};
    for (const table of before.tables) {
      for (const action of ['show', 'delete', 'update', 'excel_import', 'excel_export'] as const) {
        if (table[action] === 1) root.push(`${table.id}|${action}`);
      }
      for (const kind of ['list', 'read', 'write'] as const) {
        for (const field of table[`${kind}_fields`]) child.push(`${kind}|${table.id}|${field}`);
      }
      if (table.extra_sql !== '') extra[String(table.id)] = table.extra_sql;
    }
    const leads = before.tables.find((table) => table.table === 'leads');
    expect(leads).toBeDefined();
    const leadsId = String(leads?.id);
    extra[leadsId] = 'team_id = {user.team_id} and agent_id is not null';
    const modules = leads?.modules.split(',').filter((item) => item !== '') ?? [];
    // Form-encoded as the spec says: extra_sql[<table id>]=..., the lists as root[0]=..., child[0]=...
    const saved = await server.form('/permission/save/', {
      user_group_id: groupId,
      root,
      child,
      extra_sql: extra,
      modules,
    });
    specAnswer(saved, z.looseObject({ success: z.literal(true) }));
    const after = specAnswer(await server.get(`/permissions/${groupId}`), groupShape);
    expect(after.tables.find((table) => table.table === 'leads')?.extra_sql).toBe(extra[leadsId]);
    // Every table kept its flags and field lists.
    for (const table of before.tables) {
      const now = after.tables.find((candidate) => candidate.id === table.id);
      expect(now?.show, table.table).toBe(table.show);
      expect(now?.read_fields, table.table).toEqual(table.read_fields);
    }
    // Only admins edit permissions: another department is refused in the API's shape.
    specRefusal(
      await server.form('/permission/save/', { user_group_id: groupId, root, child }, 'sales'),
      403,
    );
  });
});
