import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/modules/auth/passwords';
import type { CallResult } from '../../src/shared/contract';
import { PASSWORD_MIN_LENGTH } from '../../src/shared/domain/password-policy';
import { format, messages } from '../../src/shared/i18n/messages';
import { moneyMessages } from '../../src/shared/i18n/money-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { get, login, postJson } from './support/http';

/**
 * The component types the demo data brought into the registry (see docs/requirements.md#records-notes-and-settings), through the API: a new user's
 * password (hashed, never listed), a lead's balance (exact decimal), group permissions (flags only) and a
 * task template's JSON.
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;
let salesGroup: number;
let salesTeam: number;

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  managerToken = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
  salesGroup = (
    await db.selectFrom('user_groups').select('id').where('name', '=', 'Satış').executeTakeFirstOrThrow()
  ).id;
  salesTeam = server.users.sales.team_id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const admin = (): string => server.users.admin.token;
const save = (body: unknown, token: string) => postJson(server.app, '/api/inline/save/', body, token);
const detailSave = (body: unknown, token: string) => postJson(server.app, '/api/detail/save/', body, token);

function newUser(email: string, password?: string): Record<string, unknown> {
  return {
    table: 'users',
    type: 'insert',
    inputs: {
      name: 'Deniz Ateş',
      email,
      department: 'sales',
      user_group_id: salesGroup,
      team_id: salesTeam,
      dahili: '1999',
      ...(password === undefined ? {} : { password_hash: password }),
    },
  };
}

describe('password: a new user’s Şifre', () => {
  it('is offered only to the insert form, never as a listed field', async () => {
    const fields = okAnswer<CallResult<'fields'>>(await get(server.app, '/api/fields/users', admin()));
    expect(fields.fields.map((field) => field.name)).not.toContain('password_hash');
    expect(fields.insert_fields).toEqual([
      expect.objectContaining({ name: 'password_hash', component: { name: 'password' }, show_insert: 1 }),
    ]);
    // A group that may not write users gets no insert form fields at all.
    const leads = okAnswer<CallResult<'fields'>>(
      await get(server.app, '/api/fields/leads', server.users.sales.token),
    );
    expect(leads.insert_fields).toBeUndefined();
  });

  it('is stored only as an argon2id hash that logs the new user in', async () => {
    const password = 'Yeni.Parola.2026';
    const answer = okAnswer<CallResult<'inlineSave'>>(
      await save(newUser('deniz.ates@demo.test', password), admin()),
    );
    const stored = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', Number(answer.id))
      .executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(stored.password_hash).not.toContain(password);
    expect(await verifyPassword(stored.password_hash, password)).toBe(true);
    expect(await login(server.app, 'deniz.ates@demo.test', password)).toBeTruthy();

    const row = okAnswer<CallResult<'row'>>(
      await postJson(server.app, `/api/row/users/${answer.id}`, {}, admin()),
    );
    expect(Object.keys(row.results)).not.toContain('password_hash');
    const list = okAnswer<CallResult<'table'>>(
      await postJson(server.app, '/api/table/users', { page: 1, limit: 500 }, admin()),
    );
    expect(list.results.every((result) => !('password_hash' in result))).toBe(true);
  });

  it('must meet the password policy, and is required', async () => {
    expect(failureMessage(await save(newUser('kisa@demo.test', 'kisa1'), admin()), 400)).toBe(
      format(messages.passwordPolicy, { min: PASSWORD_MIN_LENGTH }),
    );
    expect(
      failureMessage(await save(newUser('ayni.adres1@demo.test', 'ayni.adres1@demo.test'), admin()), 400),
    ).toBe(messages.passwordSameAsEmail);
    expect(failureMessage(await save(newUser('sifresiz@demo.test'), admin()), 400)).toBe(
      'Zorunlu alan eksik: Şifre',
    );
    const made = await db.selectFrom('users').select('id').where('email', 'like', '%@demo.test').execute();
    expect(made).toHaveLength(1);
  });

  it('cannot be set by a manager who may not choose the new account’s group, nor by an edit', async () => {
    expect(
      failureMessage(await save(newUser('yetkisiz@demo.test', 'Guclu.Parola.1'), managerToken), 403),
    ).toBe(messages.forbidden);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales2@demo.crm')
      .executeTakeFirstOrThrow();
    expect(
      failureMessage(
        await detailSave(
          { table: 'users', id: user.id, inputs: { password_hash: 'Baska.Parola.9' } },
          admin(),
        ),
        400,
      ),
    ).toBe(format(messages.invalidField, { field: 'password_hash' }));
  });
});

describe('double: a lead’s balance', () => {
  it('is read as people write money, kept exactly, and refused when it is no amount', async () => {
    const lead = 1;
    const balance = async (): Promise<unknown> =>
      okAnswer<CallResult<'row'>>(await postJson(server.app, `/api/row/leads/${lead}`, {}, admin())).results
        .balance;
    okAnswer(await detailSave({ table: 'leads', id: lead, inputs: { balance: '12,50' } }, admin()));
    expect(await balance()).toBe('12.50');
    okAnswer(await detailSave({ table: 'leads', id: lead, inputs: { balance: '1.000' } }, admin()));
    expect(await balance()).toBe('1000.00');
    okAnswer(await detailSave({ table: 'leads', id: lead, inputs: { balance: '1234567.89' } }, admin()));
    const row = okAnswer<CallResult<'row'>>(
      await postJson(server.app, `/api/row/leads/${lead}`, {}, admin()),
    );
    expect(row.results.balance).toBe('1234567.89');
    // NUMERIC(16,2): a third decimal would be rounded by the database, so it is refused here.
    for (const [text, reason] of [
      ['1e3', moneyMessages.malformed],
      ['0,125', moneyMessages.decimals],
      ['-5', moneyMessages.negative],
    ] as const) {
      expect(
        failureMessage(
          await detailSave({ table: 'leads', id: lead, inputs: { balance: text } }, admin()),
          400,
        ),
      ).toBe(format(reason, { field: 'Bakiye', decimals: 2 }));
    }
    expect(await balance()).toBe('1234567.89');
    // Agents read it; money moves through transactions, not through their forms.
    expect(row.write_fields).toContain('balance');
    const own = okAnswer<CallResult<'row'>>(
      await postJson(server.app, `/api/row/leads/${lead}`, {}, server.users.sales.token),
    );
    expect(own.results.balance).toBe('1234567.89');
    expect(own.write_fields).not.toContain('balance');
  });
});

describe('permissionModal and json: the admin area’s configuration tables', () => {
  it('lets an admin switch a group’s flags but not its field lists; managers do not see them', async () => {
    const permission = await db
      .selectFrom('permissions')
      .select(['id', 'modules'])
      .where('user_group_id', '=', salesGroup)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    const list = okAnswer<CallResult<'table'>>(
      await postJson(
        server.app,
        '/api/table/permissions',
        { page: 1, limit: 5, filters: [{ name: 'id', type: 1, value: String(permission.id) }] },
        admin(),
      ),
    );
    expect(list.components.modules).toBe('permissionModal');
    expect(JSON.parse(String(list.results[0]?.modules))).toEqual(permission.modules);
    okAnswer(
      await detailSave({ table: 'permissions', id: permission.id, inputs: { excel_export: '0' } }, admin()),
    );
    expect(
      failureMessage(
        await detailSave(
          { table: 'permissions', id: permission.id, inputs: { list_fields: ['id'] } },
          admin(),
        ),
        400,
      ),
    ).toBe(format(messages.invalidField, { field: 'list_fields' }));
    okAnswer(
      await detailSave({ table: 'permissions', id: permission.id, inputs: { excel_export: '1' } }, admin()),
    );
    for (const table of ['permissions', 'crm_tables']) {
      const response = await postJson(server.app, `/api/table/${table}`, { page: 1 }, managerToken);
      expect(response.statusCode, table).toBeGreaterThanOrEqual(400);
    }
  });

  it('keeps a task template’s tasks valid JSON', async () => {
    const insert = (tasks: string) =>
      save({ table: 'tasks_templates', type: 'insert', inputs: { name: 'Deneme', tasks } }, admin());
    expect(failureMessage(await insert('[{"title": "Ara"'), 400)).toBe(
      format(messages.invalidField, { field: 'Görevler' }),
    );
    okAnswer(await insert('[{"title": "Ara"}]'));
  });
});
