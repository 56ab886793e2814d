import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import { OPTION_LIST_IDS } from '../../src/shared/domain/constants';
import { departmentLabels, messages } from '../../src/shared/i18n/messages';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { get, login } from './support/http';
import { forgetCaches } from './support/caches';

let server: DemoServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startDemoServer();
  for (const account of ['sales_manager', 'finance', 'risk', 'retention']) {
    tokens[account] = await login(server.app, `${account}@demo.crm`, DEMO_PASSWORD);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type AdminInfo = CallResult<'adminInfo'>;

async function countWhere(condition: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(condition)}`.execute(
    server.db,
  );
  return Number(rows[0]?.n);
}

describe('GET /admin/info', () => {
  it('gives an admin the counts of users, leads, customers and the average conversion days', async () => {
    const info = okAnswer<AdminInfo>(await get(server.app, '/api/admin/info', server.users.admin.token));
    expect(info.users.count).toBe(await countWhere('users'));
    expect(info.leads.count).toBe(await countWhere('leads'));
    expect(info.customers.count).toBe(await countWhere('leads where is_customer = 1'));
    expect(info.customers.count).toBeGreaterThan(0);
    const { rows } = await sql<{ days: string }>`select round((avg(extract(epoch from
        (customer_set_date - created_at))) / 86400)::numeric, 1)::text as days
      from leads where is_customer = 1 and customer_set_date is not null`.execute(server.db);
    expect(info.customer_average_conversion_time.average_conversion_time).toBe(Number(rows[0]?.days));
  });

  it('refuses every other department with the Turkish admin-only text', async () => {
    // docs/admin-guide.md: the panel grants permissions and accounts, so sales managers stay outside too.
    for (const token of [
      tokens.sales_manager,
      server.users.sales.token,
      tokens.finance,
      tokens.risk,
      tokens.retention,
    ]) {
      const msg = failureMessage(await get(server.app, '/api/admin/info', token), 403);
      expect(msg).toBe(messages.adminPanelOnly);
    }
    failureMessage(await get(server.app, '/api/admin/info'), 401);
  });

  it('answers null for a table the group may not see, rather than a count it may not know', async () => {
    const group = server.users.admin.user_group_id;
    await server.db
      .updateTable('permissions')
      .set({ show: 0 })
      .where('user_group_id', '=', group)
      .where('table_name', '=', 'customers')
      .execute();
    await forgetCaches(server.app);
    try {
      const info = okAnswer<AdminInfo>(await get(server.app, '/api/admin/info', server.users.admin.token));
      expect(info.customers.count).toBeNull();
      expect(info.customer_average_conversion_time.average_conversion_time).toBeNull();
      expect(info.leads.count).toBe(await countWhere('leads'));
    } finally {
      await server.db
        .updateTable('permissions')
        .set({ show: 1 })
        .where('user_group_id', '=', group)
        .where('table_name', '=', 'customers')
        .execute();
      await forgetCaches(server.app);
    }
  });
});

describe('department labels', () => {
  it('shows users.department through the departments option list, in Turkish', async () => {
    const answer = okAnswer<CallResult<'fields'>>(
      await get(server.app, '/api/fields/users', server.users.admin.token),
    );
    const department = answer.fields.find((field) => field.name === 'department');
    expect(department?.component.name).toBe('selectbox');
    expect(department?.options).toBe(OPTION_LIST_IDS.departments);
    const options = okAnswer<CallResult<'getOption'>>(
      await get(server.app, `/api/getOption/${OPTION_LIST_IDS.departments}`, server.users.admin.token),
    );
    expect(options.options).toContainEqual({ value: 'sales_manager', label: departmentLabels.sales_manager });
    expect(options.options.map((option) => option.label)).toEqual(Object.values(departmentLabels));
  });

  it('gives a database seeded before the list the list and the selectbox on the next start', async () => {
    await server.db
      .updateTable('crm_fields')
      .set({ component: 'string', option_list_id: null })
      .where('table_name', '=', 'users')
      .where('name', '=', 'department')
      .execute();
    await server.db.deleteFrom('option_lists').where('id', '=', OPTION_LIST_IDS.departments).execute();

    expect((await seedReferenceData(server.db)).seeded).toEqual(['option_lists']);
    const field = await server.db
      .selectFrom('crm_fields')
      .select(['component', 'option_list_id'])
      .where('table_name', '=', 'users')
      .where('name', '=', 'department')
      .executeTakeFirstOrThrow();
    expect(field).toEqual({ component: 'selectbox', option_list_id: OPTION_LIST_IDS.departments });
    const labels = await server.db
      .selectFrom('option_values')
      .select('label')
      .where('list_id', '=', OPTION_LIST_IDS.departments)
      .orderBy('sort')
      .execute();
    expect(labels.map((row) => row.label)).toEqual(Object.values(departmentLabels));
    // Nothing more the next time: the list is there now.
    expect((await seedReferenceData(server.db)).seeded).toEqual([]);
  });
});
