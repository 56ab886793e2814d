import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import { MENU_LOCATIONS } from '../../src/shared/domain/constants';
import { DEMO_PASSWORD, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { get, login, postForm } from './support/http';

let server: DemoServer;
let manager: string;

beforeAll(async () => {
  server = await startDemoServer();
  manager = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
});

afterAll(async () => {
  await server.close();
});

/**
 * The Yönetim menu (docs/user-guide.md#administration-menu) shows a sales manager the administration entries
 * the group may show; the server still answers only what is granted.
 */
describe('administration for a sales manager', () => {
  it('lists the granted location-2/3 tables and screens, not the admins’ own', async () => {
    const answer = okAnswer<CallResult<'permissions'>>(await get(server.app, '/api/permissions', manager));
    const administration = answer.tables
      .filter(
        (entry) =>
          entry.show === 1 &&
          (entry.location === MENU_LOCATIONS.accountManagement ||
            entry.location === MENU_LOCATIONS.salesProcess),
      )
      .map((entry) => entry.table);
    expect(administration).toEqual(expect.arrayContaining(['users', 'hooks', 'bids', 'quizbuilder']));
    expect(administration).not.toContain('permissions');
    expect(administration).not.toContain('crm_tables');
  });

  it('opens a granted table and is refused the admins’ calls and tables', async () => {
    const users = await postForm(server.app, '/api/table/users', { table: 'users', page: 1 }, manager);
    expect(users.statusCode, users.body).toBe(200);
    const rows = users.json<{ results: { department?: string }[] }>().results;
    // The group's row restriction holds: no admin accounts.
    expect(rows.some((row) => row.department === 'admin')).toBe(false);

    for (const path of ['/api/admin/info', '/api/admin/users', '/api/admin/journal']) {
      const refused = await get(server.app, path, manager);
      expect(refused.statusCode, path).toBe(403);
    }
    const permissions = await postForm(
      server.app,
      '/api/table/permissions',
      { table: 'permissions', page: 1 },
      manager,
    );
    expect([403, 404]).toContain(permissions.statusCode);
  });
});
