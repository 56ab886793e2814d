import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AggregateResult, CallResult, ListResult } from '../../src/shared/contract';
import { MAX_REPORT_RANGE_DAYS } from '../../src/shared/domain/report-keys';
import { messages } from '../../src/shared/i18n/messages';
import { reportBuilderMessages } from '../../src/shared/i18n/report-builder-messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { forgetCaches } from './support/caches';
import { get, login, postForm } from './support/http';

type RunAnswer = CallResult<'reportBuilder'>;
type SavedAnswer = CallResult<'saveReport'>;
type ListAnswer = CallResult<'savedReports'>;
type FieldsAnswer = CallResult<'reportBuilderFields'>;

let server: DemoServer;
let managerToken: string;
let financeToken: string;
let retentionToken: string;
/** A range holding every demo lead (seeded within the last two years) and every test transaction. */
let range: { start: string; end: string };

beforeAll(async () => {
  server = await startDemoServer();
  managerToken = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
  financeToken = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
  retentionToken = await login(server.app, 'retention@demo.crm', DEMO_PASSWORD);
  const { rows } = await sql<{
    start: string;
    end: string;
  }>`select to_char(min(created_at), 'YYYY-MM-DD') as start,
      to_char(max(created_at), 'YYYY-MM-DD') as end from leads`.execute(server.db);
  range = rows[0] ?? { start: '2000-01-01', end: '2000-01-02' };
  // Money instructions on the first 40 leads, amounts with cents: SUM must stay exact.
  const leads = await server.db.selectFrom('leads').select(['id']).orderBy('id').limit(40).execute();
  await server.db
    .insertInto('transactions')
    .values(
      leads.map((lead, index) => ({
        customer_id: lead.id,
        type: index % 3 === 0 ? 'ÇEKİM' : 'YATIRIM',
        gateway_id: 1,
        amount: `${100 + index}.${String(index % 100).padStart(2, '0')}`,
        login: `R${lead.id}`,
        created_at: `${range.end} 12:00:00`,
      })),
    )
    .execute();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const run = (token: string, body: Record<string, unknown>) =>
  postForm(server.app, '/api/reportBuilder', body, token);

const createdRange = () => ({ name: 'created_at', type: 10, value: { ...range } });

function aggregate(answer: RunAnswer): AggregateResult {
  expect(answer.return.kind).toBe('aggregate');
  return answer.return as AggregateResult;
}

/** Grants a department's group the report builder screen, as an admin would in the permission editor. */
async function openScreenFor(email: string): Promise<void> {
  const user = await server.db
    .selectFrom('users')
    .select('user_group_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('permissions')
    .set({ show: 1 })
    .where('user_group_id', '=', user.user_group_id)
    .where('table_name', '=', 'report_builder')
    .execute();
}

describe('POST /reportBuilder: aggregates', () => {
  it('a daily COUNT of leads by status equals the same count written by hand', async () => {
    const answer = okAnswer<RunAnswer>(
      await run(managerToken, {
        table: 'leads',
        reportType: 'daily',
        valueType: 'COUNT',
        xaxis: 'created_at',
        yaxis: 'status_id',
        filters: [createdRange()],
      }),
    );
    const result = aggregate(answer);
    const { rows } = await sql<{ day: string; status: string | null; n: string }>`
      select to_char(created_at, 'YYYY-MM-DD') as day, status_id::text as status, count(*)::text as n
      from leads where created_at >= ${`${range.start} 00:00:00`} and created_at < (${range.end}::date + 1)
      group by 1, 2`.execute(server.db);
    const all = rows.reduce((sum, row) => sum + Number(row.n), 0);
    expect(answer.total).toBe(String(all));
    expect(all).toBeGreaterThan(0);
    for (const row of rows) {
      const reportRow = result.rows.find((candidate) => candidate.value === row.day);
      expect(reportRow?.cells[row.status ?? ''], `${row.day} ${row.status}`).toBe(row.n);
    }
    // Days in time order, labelled in Turkish; statuses named from their option list.
    const days = result.rows.map((row) => row.value ?? '');
    expect(days).toEqual([...days].sort());
    expect(result.rows[0]?.label).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const statuses = await server.db.selectFrom('lead_statuses').select(['id', 'label']).execute();
    for (const series of result.series.filter((item) => item.value !== null)) {
      expect(series.label).toBe(statuses.find((status) => String(status.id) === series.value)?.label);
    }
  });

  it("a SUM of transaction amounts per lead's agent is exact and equals the hand-written join", async () => {
    const answer = okAnswer<RunAnswer>(
      await run(server.users.admin.token, {
        table: 'transactions',
        reportType: 'custom',
        valueType: 'SUM',
        sumField: 'amount',
        xaxis: 'lead.agent_id',
        yaxis: 'type',
        filters: [createdRange()],
      }),
    );
    const result = aggregate(answer);
    const { rows } = await sql<{ agent: string | null; type: string; total: string }>`
      select l.agent_id::text as agent, t.type, sum(t.amount)::text as total
      from transactions t join leads l on l.id = t.customer_id
      where t.created_at >= ${range.start}::date and t.created_at < (${range.end}::date + 1)
      group by 1, 2`.execute(server.db);
    const grand = await sql<{ total: string }>`select sum(amount)::text as total from transactions
      where created_at >= ${range.start}::date and created_at < (${range.end}::date + 1)`.execute(server.db);
    expect(answer.total).toBe(grand.rows[0]?.total);
    for (const row of rows) {
      const reportRow = result.rows.find((candidate) => candidate.value === row.agent);
      expect(reportRow?.cells[row.type]).toBe(row.total);
    }
    const agents = await server.db.selectFrom('users').select(['id', 'name']).execute();
    const named = result.rows.find((row) => row.value !== null);
    expect(named?.label).toBe(agents.find((agent) => String(agent.id) === named?.value)?.name);
  });

  it('monthly reports group by month; only active users leaves deactivated agents out', async () => {
    const form = {
      table: 'leads',
      reportType: 'monthly',
      xaxis: 'created_at',
      yaxis: 'agent_id',
      filters: [createdRange()],
    };
    const all = aggregate(okAnswer<RunAnswer>(await run(managerToken, form)));
    expect(all.rows.every((row) => /^\d{4}-\d{2}$/.test(row.value ?? ''))).toBe(true);
    const agent = all.series.find((series) => series.value !== null);
    expect(agent).toBeDefined();
    await server.db.updateTable('users').set({ active: 0 }).where('id', '=', Number(agent?.value)).execute();
    try {
      const active = aggregate(okAnswer<RunAnswer>(await run(managerToken, { ...form, onlyActiveUser: 1 })));
      expect(active.series.some((series) => series.value === agent?.value)).toBe(false);
      expect(active.series.some((series) => series.value === null)).toBe(false);
    } finally {
      await server.db
        .updateTable('users')
        .set({ active: 1 })
        .where('id', '=', Number(agent?.value))
        .execute();
    }
  });

  it('a chart of other axes is counted on its own; a list report pages rows with lead fields', async () => {
    const answer = okAnswer<RunAnswer>(
      await run(server.users.admin.token, {
        table: 'transactions',
        reportType: 'list',
        ylistFields: ['customer_id', 'amount', 'lead.name'],
        filters: [createdRange()],
        chartSetting: { type: 'pie', xaxis: 'type' },
        limit: 15,
      }),
    );
    const list = answer.return as ListResult;
    expect(list.kind).toBe('list');
    expect(list.rows).toHaveLength(15);
    const inRange = await sql<{ n: string; withdrawals: string }>`select count(*)::text as n,
        count(*) filter (where type = 'ÇEKİM')::text as withdrawals from transactions
      where created_at >= ${range.start}::date and created_at < (${range.end}::date + 1)`.execute(server.db);
    const { n, withdrawals } = inRange.rows[0] ?? { n: '0', withdrawals: '0' };
    expect(answer.total).toBe(n);
    expect(list.fields.map((field) => field.name)).toEqual(['id', 'customer_id', 'amount', 'lead.name']);
    const first = list.rows[0];
    const lead = await server.db
      .selectFrom('leads')
      .select('name')
      .where('id', '=', Number(first?.customer_id))
      .executeTakeFirstOrThrow();
    expect(first?.['lead.name']).toBe(lead.name);
    expect(answer.chart?.type).toBe('pie');
    const byType = answer.chart?.result.rows.map((row) => [row.value, row.total]);
    expect(byType).toEqual(
      expect.arrayContaining([
        ['YATIRIM', String(Number(n) - Number(withdrawals))],
        ['ÇEKİM', withdrawals],
      ]),
    );
  });
});

describe('POST /reportBuilder: permissions and bounds', () => {
  it("counts only the rows of a restricted agent's scope", async () => {
    await openScreenFor('sales@demo.crm');
    const { sales } = server.users;
    const answer = okAnswer<RunAnswer>(
      await run(sales.token, {
        table: 'leads',
        reportType: 'custom',
        xaxis: 'status_id',
        filters: [createdRange()],
      }),
    );
    const own = await sql<{
      n: string;
    }>`select count(*)::text as n from leads where team_id = ${sales.team_id}`.execute(server.db);
    const everyone = await sql<{ n: string }>`select count(*)::text as n from leads`.execute(server.db);
    expect(answer.total).toBe(own.rows[0]?.n);
    expect(Number(answer.total)).toBeLessThan(Number(everyone.rows[0]?.n));
  });

  it('never groups, sums, filters or lists by a field the user may not see', async () => {
    await openScreenFor('finance@demo.crm');
    const hidden = reportBuilderMessages.fieldHidden;
    const base = { table: 'leads', reportType: 'custom', filters: [createdRange()] };
    expect(failureMessage(await run(financeToken, { ...base, xaxis: 'tc' }), 403)).toBe(hidden);
    expect(
      failureMessage(
        await run(financeToken, {
          ...base,
          xaxis: 'status_id',
          filters: [...base.filters, { name: 'tc', type: 2, value: '1' }],
        }),
        403,
      ),
    ).toBe(hidden);
    expect(
      failureMessage(await run(financeToken, { ...base, reportType: 'list', ylistFields: ['tc'] }), 403),
    ).toBe(hidden);
    // An unknown field reads exactly like a hidden one.
    expect(failureMessage(await run(financeToken, { ...base, xaxis: 'no_such_field' }), 403)).toBe(hidden);
    const fields = okAnswer<FieldsAnswer>(
      await postForm(server.app, '/api/reportBuilder/fields/leads', {}, financeToken),
    );
    expect(fields.fields.some((field) => field.name === 'tc')).toBe(false);
    expect(fields.fields.some((field) => field.name === 'status_id')).toBe(true);
  });

  it("offers a lead child table's relation to the lead's fields", async () => {
    const answer = okAnswer<FieldsAnswer>(
      await postForm(server.app, '/api/reportBuilder/fields/transactions', {}, server.users.admin.token),
    );
    const lead = answer.relations.find((relation) => relation.name === 'lead');
    expect(lead?.table).toBe('leads');
    expect(lead?.fields.some((field) => field.name === 'lead.agent_id')).toBe(true);
    expect(answer.tables.some((table) => table.value === 'transactions')).toBe(true);
  });

  it('a table the user may not see answers like a missing one; a screen they lack is refused', async () => {
    const form = { reportType: 'custom', xaxis: 'id', filters: [{ name: 'id', type: 1, value: '1' }] };
    // Retention has no report builder; sales has it (granted above) but not the permissions table.
    const noScreen = failureMessage(await run(retentionToken, { ...form, table: 'leads' }), 403);
    expect(noScreen).toBe(messages.forbidden);
    await openScreenFor('sales2@demo.crm');
    const hiddenTable = failureMessage(
      await run(server.users.sales2.token, { ...form, table: 'permissions' }),
      404,
    );
    const missing = failureMessage(
      await run(server.users.sales2.token, { ...form, table: 'no_such_table' }),
      404,
    );
    expect(hiddenTable).toBe(missing);
  });

  it('refuses, in Turkish, an aggregate that would read the whole table', async () => {
    const form = { table: 'leads', reportType: 'custom', xaxis: 'status_id' };
    const unbounded = failureMessage(await run(managerToken, form), 400);
    expect(unbounded).toContain(String(MAX_REPORT_RANGE_DAYS));
    // A filter on an unindexed column bounds nothing.
    expect(
      failureMessage(
        await run(managerToken, { ...form, filters: [{ name: 'city', type: 1, value: 'İzmir' }] }),
        400,
      ),
    ).toBe(unbounded);
    // A range without an end is no bound; one longer than allowed is refused with its own message.
    expect(
      failureMessage(
        await run(managerToken, {
          ...form,
          filters: [{ name: 'created_at', type: 10, value: { start: '2020-01-01' } }],
        }),
        400,
      ),
    ).toBe(unbounded);
    const tooLong = failureMessage(
      await run(managerToken, {
        ...form,
        filters: [{ name: 'created_at', type: 10, value: { start: '2020-01-01', end: '2025-01-01' } }],
      }),
      400,
    );
    expect(tooLong).not.toBe(unbounded);
    // An equality on an indexed column bounds it.
    okAnswer<RunAnswer>(
      await run(managerToken, { ...form, filters: [{ name: 'agent_id', type: 1, value: '1' }] }),
    );
  });
});

describe('saved reports', () => {
  const form = {
    table: 'leads',
    reportType: 'daily',
    valueType: 'COUNT',
    xaxis: 'created_at',
    yaxis: 'status_id',
    filters: [{ name: 'created_at', type: 10, value: { start: '2026-01-01', end: '2026-01-31' } }],
    chartSetting: { type: 'bar' },
  };

  it('a manager saves a report and reads it back; only admins update and delete it', async () => {
    const saved = okAnswer<SavedAnswer>(
      await postForm(
        server.app,
        '/api/reportBuilder/saveReport',
        { name: 'Günlük durumlar', report_values: form },
        managerToken,
      ),
    );
    expect(saved.report.report_values).toMatchObject({ ...form, onlyActiveUser: 0, ylistFields: [] });
    const listed = okAnswer<ListAnswer>(
      await postForm(server.app, '/api/reportBuilder/savedReports', {}, managerToken),
    );
    expect(listed.results.find((report) => report.id === saved.report.id)?.name).toBe('Günlük durumlar');

    const update = {
      id: saved.report.id,
      name: 'Günlük durumlar (pasta)',
      report_values: { ...form, chartSetting: { type: 'pie' } },
    };
    expect(
      failureMessage(
        await postForm(server.app, '/api/reportBuilder/updateReport', update, managerToken),
        403,
      ),
    ).toBe(reportBuilderMessages.adminOnly);
    expect(
      failureMessage(
        await postForm(server.app, '/api/reportBuilder/deleteReport', { id: saved.report.id }, managerToken),
        403,
      ),
    ).toBe(reportBuilderMessages.adminOnly);

    const { admin } = server.users;
    const updated = okAnswer<SavedAnswer>(
      await postForm(server.app, '/api/reportBuilder/updateReport', update, admin.token),
    );
    expect(updated.report.name).toBe('Günlük durumlar (pasta)');
    expect(updated.report.report_values.chartSetting?.type).toBe('pie');
    const journal = await server.db
      .selectFrom('admin_journal')
      .select(['action', 'actor_id'])
      .where('target_table', '=', 'saved_reports')
      .where('target_id', '=', saved.report.id)
      .orderBy('id')
      .execute();
    expect(journal.map((entry) => entry.action)).toEqual(['saveReport', 'updateReport']);

    okAnswer(
      await postForm(server.app, '/api/reportBuilder/deleteReport', { id: saved.report.id }, admin.token),
    );
    const after = okAnswer<ListAnswer>(
      await postForm(server.app, '/api/reportBuilder/savedReports', {}, managerToken),
    );
    expect(after.results.some((report) => report.id === saved.report.id)).toBe(false);
  });

  it('a missing report and one on a table the admin may not see answer the same 404', async () => {
    const { admin } = server.users;
    const missing = failureMessage(
      await postForm(server.app, '/api/reportBuilder/deleteReport', { id: 987654 }, admin.token),
      404,
    );
    expect(missing).toBe(messages.recordNotFound);
    // A report whose table the admin's group has lost sight of is foreign to them now.
    const saved = okAnswer<SavedAnswer>(
      await postForm(
        server.app,
        '/api/reportBuilder/saveReport',
        { name: 'İşlemler', report_values: { ...form, table: 'transactions' } },
        admin.token,
      ),
    );
    await server.db
      .updateTable('permissions')
      .set({ show: 0 })
      .where('user_group_id', '=', admin.user_group_id)
      .where('table_name', '=', 'transactions')
      .execute();
    await forgetCaches(server.app);
    try {
      const foreign = failureMessage(
        await postForm(server.app, '/api/reportBuilder/deleteReport', { id: saved.report.id }, admin.token),
        404,
      );
      expect(foreign).toBe(missing);
      const listed = okAnswer<ListAnswer>(
        await postForm(server.app, '/api/reportBuilder/savedReports', {}, admin.token),
      );
      expect(listed.results.some((report) => report.id === saved.report.id)).toBe(false);
    } finally {
      await server.db
        .updateTable('permissions')
        .set({ show: 1 })
        .where('user_group_id', '=', admin.user_group_id)
        .where('table_name', '=', 'transactions')
        .execute();
      await forgetCaches(server.app);
    }
  });

  it('agents without the screen may not save, and a form naming a hidden field is not saved', async () => {
    const refused = failureMessage(
      await postForm(
        server.app,
        '/api/reportBuilder/saveReport',
        { name: 'X', report_values: form },
        retentionToken,
      ),
      403,
    );
    expect(refused).toBe(messages.forbidden);
    expect(
      failureMessage(
        await postForm(
          server.app,
          '/api/reportBuilder/saveReport',
          { name: 'TC', report_values: { ...form, yaxis: 'tc' } },
          financeToken,
        ),
        403,
      ),
    ).toBe(reportBuilderMessages.fieldHidden);
  });
});

describe('POST /reportBuilder/export', () => {
  it('writes the report as an xlsx the user downloads', async () => {
    const answer = okAnswer<CallResult<'reportBuilderExport'>>(
      await postForm(
        server.app,
        '/api/reportBuilder/export',
        { table: 'leads', reportType: 'custom', xaxis: 'status_id', filters: [createdRange()] },
        managerToken,
      ),
    );
    expect(answer.excelFiles).toHaveLength(1);
    const file = await get(server.app, `/api${answer.excelFiles[0]?.url ?? ''}`, managerToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
