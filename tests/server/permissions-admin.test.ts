import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult, GroupPermission } from '../../src/shared/contract';
import { DEPARTMENTS, PERMISSION_ACTIONS, type Department } from '../../src/shared/domain/constants';
import { adminMessages } from '../../src/shared/i18n/admin-messages';
import { format, messages } from '../../src/shared/i18n/messages';
import { restrictionMessages } from '../../src/server/engine/row-restriction-parser';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { get, login, postForm, postJson } from './support/http';

let server: DemoServer;
const tokens = {} as Record<Department, string>;
let salesGroupId = 0;
let retentionTeamId = 0;

beforeAll(async () => {
  server = await startDemoServer();
  for (const department of DEPARTMENTS) {
    tokens[department] = await login(server.app, `${department}@demo.crm`, DEMO_PASSWORD);
  }
  salesGroupId = server.users.sales.user_group_id;
  const team = await server.db
    .selectFrom('teams')
    .select('id')
    .where('name', '=', 'Retention')
    .executeTakeFirstOrThrow();
  retentionTeamId = team.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type GroupAnswer = CallResult<'groupPermissions'>;
type SaveBody = {
  user_group_id: number;
  root: string[];
  child: string[];
  extra_sql: Record<string, string>;
  modules: string[];
};

async function groupPermissions(groupId: number): Promise<GroupAnswer> {
  return okAnswer<GroupAnswer>(await get(server.app, `/api/permissions/${groupId}`, tokens.admin));
}

/** The save body that stores exactly what GET /permissions/{id} answered. */
function bodyOf(groupId: number, answer: GroupAnswer): SaveBody {
  const root: string[] = [];
  const child: string[] = [];
  const extra: Record<string, string> = {};
  for (const table of answer.tables) {
    for (const action of PERMISSION_ACTIONS) if (table[action] === 1) root.push(`${table.id}|${action}`);
    for (const kind of ['list', 'read', 'write'] as const) {
      for (const field of table[`${kind}_fields`]) child.push(`${kind}|${table.id}|${field}`);
    }
    extra[String(table.id)] = table.extra_sql;
  }
  return { user_group_id: groupId, root, child, extra_sql: extra, modules: answer.modules };
}

const tableOf = (answer: GroupAnswer, name: string): GroupPermission => {
  const found = answer.tables.find((table) => table.table === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

async function journalCount(): Promise<number> {
  const row = await server.db
    .selectFrom('admin_journal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function newUserId(email: string): Promise<number> {
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the permission matrix of the admin routes', () => {
  /** Every admin call, with input an admin's call succeeds with. */
  function calls(): { name: string; send: (token: string) => Promise<LightMyRequestResponse> }[] {
    const target = server.users.sales2.id;
    return [
      { name: 'GET /admin/info', send: (t) => get(server.app, '/api/admin/info', t) },
      { name: 'GET /admin/journal', send: (t) => get(server.app, '/api/admin/journal', t) },
      {
        name: 'GET /admin/users',
        send: (t) => get(server.app, `/api/admin/users?user_group_id=${salesGroupId}`, t),
      },
      { name: 'GET /permissionsAdmin', send: (t) => get(server.app, '/api/permissionsAdmin', t) },
      { name: 'GET /permissions/{id}', send: (t) => get(server.app, `/api/permissions/${salesGroupId}`, t) },
      {
        name: 'POST /permission/preview/',
        send: async (t) => {
          const leads = (await groupPermissions(salesGroupId)).tables.find((x) => x.table === 'leads');
          return postJson(
            server.app,
            '/api/permission/preview/',
            { user_group_id: salesGroupId, table_id: leads?.id, extra_sql: 'team_id = {user.team_id}' },
            t,
          );
        },
      },
      {
        name: 'POST /permission/save/',
        send: async (t) =>
          postJson(
            server.app,
            '/api/permission/save/',
            bodyOf(salesGroupId, await groupPermissions(salesGroupId)),
            t,
          ),
      },
      { name: 'POST /admin/resetCache', send: (t) => postForm(server.app, '/api/admin/resetCache', {}, t) },
      {
        name: 'POST /admin/users/create',
        send: (t) =>
          postForm(
            server.app,
            '/api/admin/users/create',
            {
              name: 'Matris Deneme',
              email: 'matrix.user@demo.crm',
              department: 'sales',
              user_group_id: salesGroupId,
              team_id: server.users.sales.team_id,
              password: 'Baslangic.2026',
            },
            t,
          ),
      },
      {
        name: 'POST /admin/users/{id}/team',
        send: (t) => postForm(server.app, `/api/admin/users/${target}/team`, { team_id: retentionTeamId }, t),
      },
      {
        name: 'POST /admin/users/{id}/password',
        send: (t) => postForm(server.app, `/api/admin/users/${target}/password`, { password: '' }, t),
      },
      {
        name: 'POST /admin/users/{id}/active',
        send: (t) => postForm(server.app, `/api/admin/users/${target}/active`, { active: '0' }, t),
      },
    ];
  }

  it('refuses every department but admin with 403 and changes nothing, and lets admin through', async () => {
    const before = await journalCount();
    for (const department of DEPARTMENTS.filter((name) => name !== 'admin')) {
      for (const call of calls()) {
        const answer = await call.send(tokens[department]);
        const msg = failureMessage(answer, 403);
        const expected = call.name === 'GET /admin/info' ? messages.adminPanelOnly : adminMessages.adminOnly;
        expect(msg, `${department} ${call.name}`).toBe(expected);
      }
    }
    expect(await journalCount()).toBe(before);
    const sales2 = await server.db
      .selectFrom('users')
      .select(['active', 'team_id', 'must_change_password'])
      .where('id', '=', server.users.sales2.id)
      .executeTakeFirstOrThrow();
    expect(sales2).toEqual({ active: 1, team_id: server.users.sales2.team_id, must_change_password: 0 });

    for (const call of calls()) {
      const answer = await call.send(tokens.admin);
      expect(answer.statusCode, `admin ${call.name}: ${answer.body}`).toBe(200);
    }
    // Without a session every one of them is 401.
    for (const call of calls()) expect((await call.send('')).statusCode).toBe(401);
  });
});

describe('POST /permission/save/', () => {
  it('round-trips exactly: what /permissions/{id} answers after a save is what was saved', async () => {
    const before = await groupPermissions(salesGroupId);
    const leads = tableOf(before, 'leads');
    const notes = tableOf(before, 'lead_notes');
    const edited: GroupAnswer = {
      ...before,
      modules: ['kisisel-bilgiler', 'notlar'],
      tables: before.tables.map((table) => {
        if (table.id === leads.id) {
          return {
            ...table,
            excel_export: 0,
            delete: 1,
            list_fields: table.list_fields.filter((name) => name !== 'utm_source'),
            read_fields: ['id', 'name', 'status_id', 'phone'],
            extra_sql: "team_id = {user.team_id} and status_id in (1, 2, 3) or city = 'İzmir'",
          };
        }
        if (table.id === notes.id) return { ...table, write_fields: [], extra_sql: '' };
        return table;
      }),
    };
    const saved = okAnswer<CallResult<'permissionSave'>>(
      await postJson(server.app, '/api/permission/save/', bodyOf(salesGroupId, edited), tokens.admin),
    );
    expect(saved).toEqual({ success: true, msg: messages.savedSuccessfully });

    const after = await groupPermissions(salesGroupId);
    expect(after.modules).toEqual(edited.modules);
    expect(after.tables).toEqual(
      edited.tables.map((table) => ({ ...table, modules: edited.modules.join(',') })),
    );
    expect(tableOf(after, 'leads').list_fields).not.toContain('utm_source');
    expect(after.users.say).toBeGreaterThan(1);

    // Saving the same again changes nothing: the journal records an empty change.
    await postJson(server.app, '/api/permission/save/', bodyOf(salesGroupId, after), tokens.admin);
    expect(await groupPermissions(salesGroupId)).toEqual(after);
    const last = okAnswer<CallResult<'adminJournal'>>(
      await get(
        server.app,
        `/api/admin/journal?target_table=user_groups&target_id=${salesGroupId}`,
        tokens.admin,
      ),
    );
    expect(last.results[0]?.action).toBe('permissions.save');
    expect(last.results[0]?.values).toEqual({});
    expect(last.results[1]?.values).toHaveProperty('leads');
    expect(last.results[1]?.actor).toBe('Kemal Aksoy');

    // Back to what the demo had, for the tests after this one.
    await postJson(server.app, '/api/permission/save/', bodyOf(salesGroupId, before), tokens.admin);
    // Modules are the group's: a save writes them on every row, where the demo had none on hidden tables.
    const withoutModules = (answer: GroupAnswer) => answer.tables.map(({ modules: _, ...rest }) => rest);
    expect(withoutModules(await groupPermissions(salesGroupId))).toEqual(withoutModules(before));
  });

  it('takes effect on the agent’s next request: utm_source leaves the list columns', async () => {
    type TableAnswer = CallResult<'table'>;
    const first = okAnswer<TableAnswer>(await postForm(server.app, '/api/table/leads', {}, tokens.sales));
    expect(first.fields).toContain('utm_source');

    const before = await groupPermissions(salesGroupId);
    const edited = {
      ...before,
      tables: before.tables.map((table) =>
        table.table === 'leads'
          ? { ...table, list_fields: table.list_fields.filter((name) => name !== 'utm_source') }
          : table,
      ),
    };
    okAnswer(await postJson(server.app, '/api/permission/save/', bodyOf(salesGroupId, edited), tokens.admin));
    const next = okAnswer<TableAnswer>(await postForm(server.app, '/api/table/leads', {}, tokens.sales));
    expect(next.fields).not.toContain('utm_source');
    expect(next.fields).toContain('name');
    await postJson(server.app, '/api/permission/save/', bodyOf(salesGroupId, before), tokens.admin);
  });

  it('refuses a restriction with a subquery with the parser’s message and saves nothing', async () => {
    const before = await groupPermissions(salesGroupId);
    const leads = tableOf(before, 'leads');
    const body = bodyOf(salesGroupId, before);
    body.extra_sql[String(leads.id)] = 'agent_id in (select id from users)';
    const journal = await journalCount();
    const msg = failureMessage(await postJson(server.app, '/api/permission/save/', body, tokens.admin), 400);
    expect(msg.startsWith(`${leads.name}: `)).toBe(true);
    expect(msg).toContain('Satır kısıtlamasında izin verilmeyen ifade');
    expect(await groupPermissions(salesGroupId)).toEqual(before);
    expect(await journalCount()).toBe(journal);

    body.extra_sql[String(leads.id)] = 'password_hash = 1';
    const unknown = failureMessage(
      await postJson(server.app, '/api/permission/save/', body, tokens.admin),
      400,
    );
    expect(unknown).toContain(format(restrictionMessages.unknownColumn, { column: 'password_hash' }));
  });

  it('refuses unknown tables, fields, actions and modules by name', async () => {
    const body = bodyOf(salesGroupId, await groupPermissions(salesGroupId));
    const cases: [Partial<SaveBody>, string][] = [
      [{ root: ['999999|show'] }, format(adminMessages.unknownTable, { table: '999999' })],
      [{ modules: ['gizli-modul'] }, format(adminMessages.unknownModule, { module: 'gizli-modul' })],
    ];
    for (const [change, expected] of cases) {
      const msg = failureMessage(
        await postJson(server.app, '/api/permission/save/', { ...body, ...change }, tokens.admin),
        400,
      );
      expect(msg).toBe(expected);
    }
    const leadsId = tableOf(await groupPermissions(salesGroupId), 'leads').id;
    const field = failureMessage(
      await postJson(
        server.app,
        '/api/permission/save/',
        { ...body, child: [`read|${leadsId}|password_hash`] },
        tokens.admin,
      ),
      400,
    );
    expect(field).toContain('password_hash');
    const action = await postJson(
      server.app,
      '/api/permission/save/',
      { ...body, root: [`${leadsId}|drop`] },
      tokens.admin,
    );
    expect(failureMessage(action, 400)).toBe(format(adminMessages.unknownAction, { action: 'drop' }));
    failureMessage(await get(server.app, '/api/permissions/999999', tokens.admin), 404);
  });

  it('previews how many leads the group would see', async () => {
    const leadsId = tableOf(await groupPermissions(salesGroupId), 'leads').id;
    const preview = (extra: string) =>
      postJson(
        server.app,
        '/api/permission/preview/',
        { user_group_id: salesGroupId, table_id: leadsId, extra_sql: extra },
        tokens.admin,
      );
    type Preview = CallResult<'permissionPreview'>;
    const all = okAnswer<Preview>(await preview(''));
    const total = await server.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.count).toBe(Number(total.n));
    const teams = await server.db
      .selectFrom('users')
      .select('team_id')
      .distinct()
      .where('user_group_id', '=', salesGroupId)
      .where('active', '=', 1)
      .execute();
    const inTeams = await server.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'team_id',
        'in',
        teams.map((row) => Number(row.team_id)),
      )
      .executeTakeFirstOrThrow();
    const scoped = okAnswer<Preview>(await preview('team_id = {user.team_id}'));
    expect(scoped.count).toBe(Number(inTeams.n));
    expect(scoped.users).toBeGreaterThan(1);
    expect(failureMessage(await preview('1 = (select 1)'), 400)).toContain('izin verilmeyen ifade');
  });
});

describe('users and groups', () => {
  it('creates a user whose admin-set password works once and must be changed first', async () => {
    const created = okAnswer<CallResult<'adminUserCreate'>>(
      await postForm(
        server.app,
        '/api/admin/users/create',
        {
          name: 'Yeni Temsilci',
          email: 'yeni.temsilci@demo.crm',
          department: 'sales',
          user_group_id: salesGroupId,
          team_id: server.users.sales.team_id,
          dahili: '1999',
          telegram_id: '@yeni',
          password: 'Ilk.Sifre.2026',
        },
        tokens.admin,
      ),
    );
    expect(created.password).toBeUndefined();
    const token = await login(server.app, 'yeni.temsilci@demo.crm', 'Ilk.Sifre.2026');
    const refused = failureMessage(await postForm(server.app, '/api/table/leads', {}, token), 403);
    expect(refused).toBe(adminMessages.passwordChangeRequired);
    const me = okAnswer<CallResult<'permissions'>>(await get(server.app, '/api/permissions', token));
    expect(me.me.must_change_password).toBe(true);
    expect(me.me.dahili).toBe('1999');

    const changed = okAnswer<CallResult<'authSave'>>(
      await postForm(
        server.app,
        '/api/auth/save',
        { password: 'Ilk.Sifre.2026', new_password: 'Kendi.Sifrem.77', new_password_2: 'Kendi.Sifrem.77' },
        token,
      ),
    );
    expect(changed.success).toBe(true);
    okAnswer(await postForm(server.app, '/api/table/leads', {}, token));

    const again = failureMessage(
      await postForm(
        server.app,
        '/api/admin/users/create',
        {
          name: 'Aynı',
          email: 'YENI.temsilci@demo.crm',
          department: 'sales',
          user_group_id: salesGroupId,
          password: 'Ilk.Sifre.2026',
        },
        tokens.admin,
      ),
      409,
    );
    expect(again).toBe(adminMessages.emailTaken);
    const weak = failureMessage(
      await postForm(
        server.app,
        '/api/admin/users/create',
        {
          name: 'Zayıf',
          email: 'zayif@demo.crm',
          department: 'sales',
          user_group_id: salesGroupId,
          password: 'kisa',
        },
        tokens.admin,
      ),
      400,
    );
    expect(weak).toContain('en az 10 karakter');
  });

  it('makes a one-time password when the admin leaves it empty', async () => {
    const created = okAnswer<CallResult<'adminUserCreate'>>(
      await postForm(
        server.app,
        '/api/admin/users/create',
        {
          name: 'Tek Seferlik',
          email: 'tek.seferlik@demo.crm',
          department: 'retention',
          user_group_id: salesGroupId,
        },
        tokens.admin,
      ),
    );
    expect(created.password).toMatch(/^[A-Za-z0-9]{12}$/);
    await login(server.app, 'tek.seferlik@demo.crm', created.password ?? '');
  });

  it('deactivating refuses the user’s open session at once; the same click twice is refused clearly', async () => {
    await postForm(
      server.app,
      '/api/admin/users/create',
      {
        name: 'Pasif Olacak',
        email: 'pasif.olacak@demo.crm',
        department: 'sales',
        user_group_id: salesGroupId,
        password: 'Ilk.Sifre.2026',
      },
      tokens.admin,
    );
    const id = await newUserId('pasif.olacak@demo.crm');
    const token = await login(server.app, 'pasif.olacak@demo.crm', 'Ilk.Sifre.2026');
    okAnswer(await get(server.app, '/api/permissions', token));
    const [first, second] = await Promise.all([
      postForm(server.app, `/api/admin/users/${id}/active`, { active: '0' }, tokens.admin),
      postForm(server.app, `/api/admin/users/${id}/active`, { active: '0' }, tokens.admin),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refusal = (first.statusCode === 409 ? first : second).json<{ msg: string }>();
    expect(refusal.msg).toBe(adminMessages.alreadyInactive);
    failureMessage(await get(server.app, '/api/permissions', token), 401);
    const open = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    expect(
      failureMessage(
        await postForm(
          server.app,
          `/api/admin/users/${server.users.admin.id}/active`,
          { active: '0' },
          tokens.admin,
        ),
        409,
      ),
    ).toBe(adminMessages.notYourself);
    okAnswer(await postForm(server.app, `/api/admin/users/${id}/active`, { active: '1' }, tokens.admin));
    await login(server.app, 'pasif.olacak@demo.crm', 'Ilk.Sifre.2026');
    failureMessage(
      await postForm(server.app, '/api/admin/users/999999/active', { active: '0' }, tokens.admin),
      404,
    );
  });

  it('resets a password (sessions revoked, new one to change) and moves a user between teams', async () => {
    await postForm(
      server.app,
      '/api/admin/users/create',
      {
        name: 'Takım Değişen',
        email: 'takim.degisen@demo.crm',
        department: 'sales',
        user_group_id: salesGroupId,
        password: 'Ilk.Sifre.2026',
      },
      tokens.admin,
    );
    const id = await newUserId('takim.degisen@demo.crm');
    const token = await login(server.app, 'takim.degisen@demo.crm', 'Ilk.Sifre.2026');
    const reset = okAnswer<CallResult<'adminUserPassword'>>(
      await postForm(server.app, `/api/admin/users/${id}/password`, {}, tokens.admin),
    );
    expect(reset.msg).toBe(adminMessages.passwordReset);
    failureMessage(await get(server.app, '/api/permissions', token), 401);
    const fresh = await login(server.app, 'takim.degisen@demo.crm', reset.password ?? '');
    failureMessage(await postForm(server.app, '/api/table/leads', {}, fresh), 403);

    okAnswer(
      await postForm(server.app, `/api/admin/users/${id}/team`, { team_id: retentionTeamId }, tokens.admin),
    );
    const moved = okAnswer<CallResult<'adminUsers'>>(
      await get(server.app, `/api/admin/users?user_group_id=${salesGroupId}`, tokens.admin),
    );
    const row = moved.results.find((user) => user.id === id);
    expect(row?.team).toBe('Retention');
    expect(row?.must_change_password).toBe(1);
    expect(moved.results.every((user) => user.user_group_id === salesGroupId)).toBe(true);
    expect(
      failureMessage(
        await postForm(server.app, `/api/admin/users/${id}/team`, { team_id: retentionTeamId }, tokens.admin),
        409,
      ),
    ).toBe(adminMessages.sameTeam);
    failureMessage(
      await postForm(server.app, `/api/admin/users/${id}/team`, { team_id: 999999 }, tokens.admin),
      400,
    );

    const journal = okAnswer<CallResult<'adminJournal'>>(
      await get(server.app, `/api/admin/journal?target_table=users&target_id=${id}`, tokens.admin),
    );
    expect(journal.results.map((entry) => entry.action)).toEqual([
      'users.moveTeam',
      'users.resetPassword',
      'users.create',
    ]);
    expect(JSON.stringify(journal.results)).not.toContain('Ilk.Sifre');
  });
});

describe('Reset Cache', () => {
  it('reloads the menu registry: a renamed menu table shows on the next /permissions', async () => {
    await server.db
      .updateTable('crm_tables')
      .set({ name: 'Adaylar' })
      .where('table_name', '=', 'leads')
      .execute();
    const answer = okAnswer<CallResult<'adminResetCache'>>(
      await postForm(server.app, '/api/admin/resetCache', {}, tokens.admin),
    );
    expect(answer).toEqual({ success: true, msg: adminMessages.cacheCleared });
    const menu = okAnswer<CallResult<'permissions'>>(await get(server.app, '/api/permissions', tokens.sales));
    expect(menu.tables.find((table) => table.table === 'leads')?.name).toBe('Adaylar');
    await server.db
      .updateTable('crm_tables')
      .set({ name: 'Leadler' })
      .where('table_name', '=', 'leads')
      .execute();
    await postForm(server.app, '/api/admin/resetCache', {}, tokens.admin);
  });
});

describe('the option lists admin table', () => {
  it('lets admins add a file category that the option list answers at once; others never see the table', async () => {
    const saved = await postForm(
      server.app,
      '/api/inline/save/',
      {
        table: 'option_values',
        type: 'insert',
        inputs: { list_id: '108', value: '99', label: 'Vekaletname', sort: '990' },
      },
      tokens.admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const options = okAnswer<CallResult<'getOption'>>(
      await get(server.app, '/api/getOption/108', tokens.sales),
    );
    expect(options.options.map((option) => option.label)).toContain('Vekaletname');
    const journal = okAnswer<CallResult<'adminJournal'>>(
      await get(server.app, '/api/admin/journal?target_table=option_values', tokens.admin),
    );
    expect(journal.results[0]).toMatchObject({
      action: 'option_values.insert',
      actor: 'Kemal Aksoy',
      values: { list_id: 108, value: '99', label: 'Vekaletname' },
    });
    for (const department of DEPARTMENTS.filter((name) => name !== 'admin')) {
      failureMessage(await postForm(server.app, '/api/table/option_values', {}, tokens[department]), 404);
    }
  });
});
