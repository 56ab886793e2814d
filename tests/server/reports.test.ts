import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import { REPORT_MAX_GROUPS } from '../../src/shared/domain/report-keys';
import { messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';
import { forgetCaches } from './support/caches';

type UtmAnswer = CallResult<'reportUtm'>;
type AgentAnswer = CallResult<'reportAgent'>;
type TableAnswer = CallResult<'table'>;

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const utm = (token: string, body: Record<string, unknown>) =>
  postForm(server.app, '/api/report/utm', body, token);

/** The total of the list a report cell links to, asked as the list screen asks it (equal filters). */
async function listTotal(token: string, filters: Record<string, string>): Promise<number> {
  const answer = okAnswer<TableAnswer>(
    await postForm(
      server.app,
      '/api/table/leads',
      {
        page: 1,
        limit: 15,
        exact_total: '1',
        filters: Object.entries(filters).map(([name, value]) => ({ name, type: 1, value })),
      },
      token,
    ),
  );
  return answer.total;
}

describe('POST /report/utm', () => {
  it('counts every lead once, per source and status, as the database does', async () => {
    const answer = okAnswer<UtmAnswer>(await utm(server.users.admin.token, { utmKey: 'utm_source' }));
    const { rows } = await sql<{ value: string | null; status_id: number | null; n: number }>`
      select nullif(utm_source, '') as value, status_id, count(*)::int as n from leads group by 1, 2`.execute(
      server.db,
    );
    const all = rows.reduce((sum, row) => sum + Number(row.n), 0);
    expect(answer.totals.total).toBe(all);
    for (const row of rows) {
      const reportRow = answer.rows.find((candidate) => candidate.value === row.value);
      expect(reportRow, String(row.value)).toBeDefined();
      const cell = row.status_id === null ? reportRow?.no_status : reportRow?.counts[String(row.status_id)];
      expect(cell).toBe(Number(row.n));
      // The spec's map: group value -> status id -> count, for rows with a status.
      if (row.status_id !== null)
        expect(answer.report[row.value ?? '']?.[String(row.status_id)]).toBe(Number(row.n));
    }
    // Biggest source first; every status of the table is a column, in the statuses' order.
    const totals = answer.rows.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const statusCount = await server.db
      .selectFrom('lead_statuses')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(answer.status).toHaveLength(Number(statusCount.n));
  });

  it("a cell's count equals the total of the list it links to", async () => {
    const { token } = server.users.admin;
    const answer = okAnswer<UtmAnswer>(await utm(token, { utmKey: 'utm_source' }));
    const row = answer.rows.find((candidate) => candidate.value !== null && candidate.total > 1);
    expect(row).toBeDefined();
    const [statusId, count] = Object.entries(row?.counts ?? {})[0] ?? [];
    expect(await listTotal(token, { utm_source: String(row?.value), status_id: String(statusId) })).toBe(
      count,
    );
    expect(await listTotal(token, { utm_source: String(row?.value) })).toBe(row?.total);
  });

  it("counts only the leads of a restricted agent's own team", async () => {
    const { sales } = server.users;
    const answer = okAnswer<UtmAnswer>(await utm(sales.token, { utmKey: 'utm_campaign' }));
    const own = await server.db
      .selectFrom('leads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('team_id', '=', sales.team_id)
      .executeTakeFirstOrThrow();
    const everyone = await server.db
      .selectFrom('leads')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(answer.totals.total).toBe(Number(own.n));
    expect(answer.totals.total).toBeLessThan(Number(everyone.n));
  });

  it('labels agents and countries from their option lists', async () => {
    const { admin } = server.users;
    const byAgent = okAnswer<UtmAnswer>(await utm(admin.token, { utmKey: 'agent_id' }));
    const agents = await server.db.selectFrom('users').select(['id', 'name']).execute();
    const named = byAgent.rows.filter((row) => row.value !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const row of named) {
      expect(row.label).toBe(agents.find((agent) => String(agent.id) === row.value)?.name);
    }
    const byCountry = okAnswer<UtmAnswer>(await utm(admin.token, { utmKey: 'country_id' }));
    const turkey = byCountry.rows.find((row) => row.label === 'Türkiye');
    expect(turkey?.value).toMatch(/^\d+$/);
  });

  it('limits leads to a creation range when one is given', async () => {
    const answer = okAnswer<UtmAnswer>(
      await utm(server.users.admin.token, { utmKey: 'utm_source', start: '2000-01-01', end: '2000-01-31' }),
    );
    expect(answer.totals.total).toBe(0);
    expect(answer.rows).toEqual([]);
    expect(answer.report).toEqual({});
  });

  it('sums the values past the cap into one row, keeping the totals right', async () => {
    const { admin } = server.users;
    const lead = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const values = Array.from({ length: REPORT_MAX_GROUPS + 2 }, (_, index) => ({
      name: `Rapor ${index}`,
      phone: `555${String(index).padStart(7, '0')}`,
      utm_campaign: `kampanya-sinir-${index}`,
      status_id: lead.status_id,
      team_id: lead.team_id,
    }));
    await server.db.insertInto('leads').values(values).execute();
    try {
      const answer = okAnswer<UtmAnswer>(await utm(admin.token, { utmKey: 'utm_campaign' }));
      expect(answer.rows).toHaveLength(REPORT_MAX_GROUPS + 1);
      // The summed rest is no group value: the map holds the values shown, the totals everything.
      expect(Object.keys(answer.report)).toHaveLength(REPORT_MAX_GROUPS);
      const others = answer.rows.at(-1);
      expect(others?.others).toBe(true);
      expect(others?.value).toBeNull();
      const all = await server.db
        .selectFrom('leads')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(answer.totals.total).toBe(Number(all.n));
    } finally {
      await server.db.deleteFrom('leads').where('utm_campaign', 'like', 'kampanya-sinir-%').execute();
    }
  });

  it('refuses a key outside the spec with a Turkish message', async () => {
    expect(failureMessage(await utm(server.users.admin.token, { utmKey: 'tc' }), 400)).toContain(
      'Geçersiz rapor anahtarı',
    );
  });

  it('refuses to group by a field the group may not read', async () => {
    const { sales } = server.users;
    const permission = await server.db
      .selectFrom('permissions')
      .select(['id', 'read_fields'])
      .where('user_group_id', '=', sales.user_group_id)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    const fields = await server.db
      .selectFrom('crm_fields')
      .select('name')
      .where('table_name', '=', 'leads')
      .execute();
    const withoutSource = fields.map((field) => field.name).filter((name) => name !== 'utm_source');
    await server.db
      .updateTable('permissions')
      .set({ read_fields: withoutSource })
      .where('id', '=', permission.id)
      .execute();
    await forgetCaches(server.app);
    try {
      expect(failureMessage(await utm(sales.token, { utmKey: 'utm_source' }), 403)).toBe(
        messages.reportFieldHidden,
      );
      okAnswer<UtmAnswer>(await utm(sales.token, { utmKey: 'utm_campaign' }));
    } finally {
      await server.db
        .updateTable('permissions')
        .set({ read_fields: permission.read_fields })
        .where('id', '=', permission.id)
        .execute();
      await forgetCaches(server.app);
    }
  });

  it('needs a session', async () => {
    expect((await postForm(server.app, '/api/report/utm', { utmKey: 'utm_source' })).statusCode).toBe(401);
  });
});

describe('POST /report/agent', () => {
  it("counts each agent's new leads, calls, notes and conversions in the range", async () => {
    const { admin, sales } = server.users;
    const lead = await server.db
      .selectFrom('leads')
      .select(['id'])
      .where('team_id', '=', sales.team_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const day = '2001-03-15 10:00:00';
    await server.db
      .insertInto('call_logs')
      .values([
        { user_id: sales.id, lead_id: lead.id, status: 'logged', message: 'x', created_at: day },
        { user_id: sales.id, lead_id: lead.id, status: 'logged', message: 'x', created_at: day },
        // Refused before the PBX heard of it: no call made.
        { user_id: sales.id, lead_id: lead.id, status: 'refused', message: 'x', created_at: day },
      ])
      .execute();
    await server.db
      .insertInto('lead_notes')
      .values([
        { lead_id: lead.id, body: 'Arandı', insert_agent_id: sales.id, created_at: day },
        // A chat message is no note.
        { lead_id: lead.id, body: 'sohbet', insert_agent_id: sales.id, note_status_id: 7, created_at: day },
      ])
      .execute();
    const created = await server.db
      .insertInto('leads')
      .values({
        name: 'Dönüşen Müşteri',
        phone: '5551112233',
        agent_id: sales.id,
        team_id: sales.team_id,
        created_at: day,
        customer_set_date: day,
        is_customer: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const answer = okAnswer<AgentAnswer>(
        await postForm(
          server.app,
          '/api/report/agent',
          { start: '2001-03-01', end: '2001-03-31' },
          admin.token,
        ),
      );
      const row = answer.report.find((candidate) => candidate.value === String(sales.id));
      expect(row).toMatchObject({ calls: 2, notes: 1, conversions: 1, total: 1 });
      expect(answer.totals).toMatchObject({ calls: 2, notes: 1, conversions: 1, total: 1 });
      // The other team's agent sees none of it: the lead and its calls are outside their scope.
      const other = okAnswer<AgentAnswer>(
        await postForm(
          server.app,
          '/api/report/agent',
          { start: '2001-03-01', end: '2001-03-31' },
          server.users.sales2.token,
        ),
      );
      expect(other.totals).toMatchObject({ calls: 0, notes: 0, conversions: 0, total: 0 });
    } finally {
      await server.db.deleteFrom('leads').where('id', '=', created.id).execute();
      await server.db.deleteFrom('call_logs').where('created_at', '=', day).execute();
      await server.db.deleteFrom('lead_notes').where('created_at', '=', day).execute();
    }
  });

  it("breaks each agent's leads down by the utmKey, counting as the database does", async () => {
    const { admin } = server.users;
    const range = { start: '2000-01-01', end: '2001-12-31' };
    await server.db
      .insertInto('leads')
      .values([
        {
          name: 'Kırılım Bir',
          phone: '5550000101',
          agent_id: admin.id,
          utm_source: 'kirilim-a',
          status_id: 1,
          created_at: '2001-06-01 10:00:00',
        },
        {
          name: 'Kırılım İki',
          phone: '5550000102',
          agent_id: admin.id,
          utm_source: 'kirilim-a',
          status_id: 1,
          created_at: '2001-06-02 10:00:00',
        },
        {
          name: 'Kırılım Üç',
          phone: '5550000103',
          agent_id: admin.id,
          utm_source: 'kirilim-b',
          status_id: 2,
          created_at: '2001-06-03 10:00:00',
        },
      ])
      .execute();
    try {
      const answer = okAnswer<AgentAnswer>(
        await postForm(server.app, '/api/report/agent', { ...range, utmKey: 'utm_source' }, admin.token),
      );
      expect(answer.key).toBe('utm_source');
      const rows = answer.breakdown?.[String(admin.id)] ?? [];
      expect(rows.find((row) => row.value === 'kirilim-a')).toMatchObject({ total: 2, counts: { '1': 2 } });
      expect(rows.find((row) => row.value === 'kirilim-b')).toMatchObject({ total: 1, counts: { '2': 1 } });
      // Without a key (or with agent_id itself) there is no breakdown.
      const plain = okAnswer<AgentAnswer>(
        await postForm(server.app, '/api/report/agent', range, admin.token),
      );
      expect(plain.breakdown).toBeUndefined();
    } finally {
      await server.db.deleteFrom('leads').where('utm_source', 'like', 'kirilim-%').execute();
    }
  });

  it('refuses a range longer than the dashboard allows', async () => {
    const response = await postForm(
      server.app,
      '/api/report/agent',
      { start: '2000-01-01', end: '2009-01-01' },
      server.users.admin.token,
    );
    expect(failureMessage(response, 400)).toContain('Tarih aralığı');
  });
});

describe('POST /piechart/firstFund/', () => {
  it('counts the first funds of the range per agent, inside the user scope', async () => {
    const { admin, sales } = server.users;
    const teamLeads = await server.db
      .selectFrom('leads')
      .select(['id', 'first_fund_date', 'agent_id'])
      .where('team_id', '=', sales.team_id)
      .orderBy('id')
      .limit(3)
      .execute();
    const otherLead = await server.db
      .selectFrom('leads')
      .select(['id', 'first_fund_date', 'agent_id'])
      .where('team_id', '<>', sales.team_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const touched = [...teamLeads, otherLead];
    const day = '2001-05-10 12:00:00';
    await server.db
      .updateTable('leads')
      .set({ first_fund_date: day, agent_id: sales.id })
      .where(
        'id',
        'in',
        teamLeads.map((lead) => lead.id),
      )
      .execute();
    await server.db
      .updateTable('leads')
      .set({ first_fund_date: day, agent_id: admin.id })
      .where('id', '=', otherLead.id)
      .execute();
    const range = { start: '2001-05-01', end: '2001-05-31' };
    try {
      const all = okAnswer<CallResult<'firstFund'>>(
        await postForm(server.app, '/api/piechart/firstFund/', range, admin.token),
      );
      const salesName = await server.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', sales.id)
        .executeTakeFirstOrThrow();
      expect(all.results[0]).toEqual({ agent_id: sales.id, agent_name: salesName.name, lead_count: 3 });
      expect(all.results.find((row) => row.agent_id === admin.id)?.lead_count).toBe(1);
      const own = okAnswer<CallResult<'firstFund'>>(
        await postForm(server.app, '/api/piechart/firstFund/', range, sales.token),
      );
      expect(own.results).toEqual([{ agent_id: sales.id, agent_name: salesName.name, lead_count: 3 }]);
    } finally {
      for (const lead of touched) {
        await server.db
          .updateTable('leads')
          .set({ first_fund_date: lead.first_fund_date, agent_id: lead.agent_id })
          .where('id', '=', lead.id)
          .execute();
      }
    }
  });
});
