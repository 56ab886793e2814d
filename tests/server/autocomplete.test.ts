import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT, type CallResult } from '../../src/shared/contract';
import { departmentLabels, format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { get } from './support/http';
import { forgetCaches } from './support/caches';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type Answer = CallResult<'autocomplete'>;

const complete = (path: string, token: string = server.users.admin.token) =>
  get(server.app, `/api/autocomplete/${path}`, token);

describe('GET /autocomplete/{table}/{field}?q=', () => {
  it('finds agents by name with Turkish letters folded, as search does', async () => {
    const sales = await server.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    expect(sales.name).toBe('Emre Şahin');
    for (const q of ['sahin', 'ŞAHİN', 'Şah', 'emre s']) {
      const answer = okAnswer<Answer>(await complete(`leads/agent_id?q=${encodeURIComponent(q)}`));
      expect(answer.options, q).toContainEqual({ label: 'Emre Şahin', value: sales.id });
    }
  });

  it('puts labels that start with the text before those that only contain it', async () => {
    // Risk and Retention start with r; Satış Müdürü only has one inside ("müdür").
    const answer = okAnswer<Answer>(await complete('users/department?q=r'));
    expect(answer.options.map((option) => option.value)).toEqual(['risk', 'retention', 'sales_manager']);
    // 'mü' folds as 'mu': only the later word of Satış Müdürü has it.
    const words = okAnswer<Answer>(await complete(`users/department?q=${encodeURIComponent('mü')}`));
    expect(words.options).toEqual([{ label: departmentLabels.sales_manager, value: 'sales_manager' }]);
    const agents = okAnswer<Answer>(await complete('leads/agent_id?q=s'));
    const labels = agents.options.map((option) => option.label);
    // Names starting with S or Ş first; after the first one that does not, none does.
    const firstInside = labels.findIndex((label) => !/^[sşSŞ]/.test(label));
    expect(firstInside).toBeGreaterThan(0);
    expect(labels.slice(firstInside).every((label) => !/^[sşSŞ]/.test(label))).toBe(true);
  });

  it('answers at most 20, the first of the list for an empty text, with status colours', async () => {
    const agents = okAnswer<Answer>(await complete('leads/agent_id?q='));
    expect(agents.options).toHaveLength(AUTOCOMPLETE_LIMIT);
    const statuses = okAnswer<Answer>(await complete('leads/status_id'));
    expect(statuses.options.length).toBeGreaterThan(0);
    expect(statuses.options[0]?.background).toMatch(/^#/);
    const none = okAnswer<Answer>(await complete('leads/agent_id?q=zzzqqq'));
    expect(none.options).toEqual([]);
  });

  it('treats % and _ as letters, not as patterns', async () => {
    const answer = okAnswer<Answer>(await complete('leads/agent_id?q=%25'));
    expect(answer.options).toEqual([]);
  });

  it('refuses a field without an option list, a table the user may not see, and bad names', async () => {
    expect(failureMessage(await complete('leads/name?q=a'), 404)).toBe(
      format(messages.invalidField, { field: 'name' }),
    );
    expect(failureMessage(await complete('leads/nope?q=a'), 404)).toBe(
      format(messages.invalidField, { field: 'nope' }),
    );
    expect(failureMessage(await complete('users/team_id?q=a', server.users.sales.token), 404)).toBe(
      messages.tableNotFound,
    );
    failureMessage(await complete('Leads;drop/agent_id?q=a'), 400);
    failureMessage(await complete(`leads/agent_id?q=${'a'.repeat(101)}`), 400);
    failureMessage(await get(server.app, '/api/autocomplete/leads/agent_id?q=a'), 401);
  });

  it('refuses a choice field the group may neither read, list nor write', async () => {
    const group = server.users.sales.user_group_id;
    const before = await server.db
      .selectFrom('permissions')
      .select(['read_fields', 'list_fields', 'write_fields'])
      .where('user_group_id', '=', group)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    expect(
      okAnswer<Answer>(await complete('leads/agent_id?q=a', server.users.sales.token)).options,
    ).not.toEqual([]);
    await server.db
      .updateTable('permissions')
      .set({ read_fields: ['id', 'name'], list_fields: ['id', 'name'], write_fields: ['name'] })
      .where('user_group_id', '=', group)
      .where('table_name', '=', 'leads')
      .execute();
    await forgetCaches(server.app);
    try {
      expect(failureMessage(await complete('leads/agent_id?q=a', server.users.sales.token), 404)).toBe(
        format(messages.invalidField, { field: 'agent_id' }),
      );
    } finally {
      await server.db
        .updateTable('permissions')
        .set(before)
        .where('user_group_id', '=', group)
        .where('table_name', '=', 'leads')
        .execute();
      await forgetCaches(server.app);
    }
  });
});
