import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { specAnswer, specRefusal, startSpecServer, type SpecServer } from './support/spec-server';

/** docs/requirements.md#calls: the importer's calls and the reports, with the spec's bodies. */

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer();
});
afterAll(async () => {
  await server.close();
});

const success = z.looseObject({ success: z.literal(true) });
const excelFiles = z.looseObject({
  success: z.literal(true),
  excelFiles: z.array(z.looseObject({ name: z.string(), url: z.string() })).min(1),
});

describe('importer', () => {
  /** A channel id as another client makes it: the sanitised name and 11 random characters of any case. */
  const excelId = 'musteri_listesi_Q7xK2mZp9Aa';
  let knownPhone = '';

  it('POST /doubleCheck/ (JSON phones) -> result.match_count, total', async () => {
    const lead = await server.db
      .selectFrom('leads')
      .select('phone')
      .where('phone', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    knownPhone = String(lead.phone);
    const answer = specAnswer(
      await server.json('/doubleCheck/', { phones: [knownPhone, '5550001122'] }),
      z.looseObject({ result: z.looseObject({ match_count: z.number() }), total: z.number() }),
    );
    expect(answer.result.match_count).toBe(1);
    expect(answer.total).toBe(2);
  });

  it('POST /import/templates -> success, results; a form with name and data saves one', async () => {
    const shape = z.looseObject({
      success: z.literal(true),
      results: z.array(
        z.looseObject({ id: z.number(), name: z.string(), data: z.unknown(), status: z.literal(1) }),
      ),
    });
    specAnswer(await server.bare('/import/templates'), shape);
    // Reading: the column selections as JSON text, one per column; the table defaults to leads.
    const saved = specAnswer(
      await server.form('/import/templates', {
        name: 'Spec şablonu',
        data: JSON.stringify(['name', 'phone', '-']),
      }),
      shape,
    );
    expect(saved.results.map((template) => template.name)).toContain('Spec şablonu');
    const again = specAnswer(await server.bare('/import/templates'), shape);
    expect(again.results.map((template) => template.name)).toContain('Spec şablonu');
  });

  it('POST /bulk/insert/ (inputs with column and data, table, excelId) -> successCount', async () => {
    const answer = specAnswer(
      await server.form('/bulk/insert/', {
        inputs: {
          column: ['name', 'phone', 'utm_source'],
          data: [
            ['Spec İthal Bir', '5551230001', 'spec-ithal'],
            ['Spec İthal İki', knownPhone, 'spec-ithal'],
            ['Spec İthal Üç', '5551230003', ''],
          ],
        },
        table: 'leads',
        excelId,
      }),
      z.looseObject({ successCount: z.number() }),
    );
    expect(answer.successCount).toBe(3);
    const rows = await server.db
      .selectFrom('leads')
      .select(['name', 'utm_source'])
      .where('name', 'like', 'Spec İthal%')
      .orderBy('name')
      .execute();
    expect(rows).toHaveLength(3);
    // A cell left out of the form (an empty cell) stays in its column.
    expect(rows.find((row) => row.name === 'Spec İthal Üç')?.utm_source ?? null).toBeNull();
    // The same upload again is not inserted twice.
    const repeated = await server.form('/bulk/insert/', {
      inputs: {
        column: ['name', 'phone', 'utm_source'],
        data: [
          ['Spec İthal Bir', '5551230001', 'spec-ithal'],
          ['Spec İthal İki', knownPhone, 'spec-ithal'],
          ['Spec İthal Üç', '5551230003', ''],
        ],
      },
      table: 'leads',
      excelId,
    });
    expect(specAnswer(repeated, z.looseObject({ successCount: z.number() })).successCount).toBe(3);
    expect(
      await server.db.selectFrom('leads').select('id').where('name', 'like', 'Spec İthal%').execute(),
    ).toHaveLength(3);
    // An id that is no sanitised name plus random string is refused.
    specRefusal(
      await server.form('/bulk/insert/', {
        inputs: { column: ['name'], data: [['x']] },
        table: 'leads',
        excelId: 'kısa',
      }),
      400,
    );
  });

  it('GET /import-reports -> rows (excel_id, double, double_ids, total, created_at)', async () => {
    const answer = specAnswer(
      await server.get('/import-reports'),
      z.looseObject({
        rows: z.array(
          z.looseObject({
            excel_id: z.string(),
            double: z.number(),
            double_ids: z.array(z.number()),
            total: z.number(),
            created_at: z.string(),
          }),
        ),
      }),
    );
    const report = answer.rows.find((row) => row.excel_id === excelId);
    expect(report).toMatchObject({ total: 3, double: 1 });
  });

  it('POST /export/double/{table} (double_ids) -> success, excelFiles', async () => {
    const answer = specAnswer(
      await server.get('/import-reports'),
      z.looseObject({
        rows: z.array(z.looseObject({ excel_id: z.string(), double_ids: z.array(z.number()) })),
      }),
    );
    const ids = answer.rows.find((row) => row.excel_id === excelId)?.double_ids ?? [];
    expect(ids.length).toBeGreaterThan(0);
    specAnswer(await server.form('/export/double/leads', { double_ids: ids }), excelFiles);
  });
});

describe('reports', () => {
  const status = z.array(z.looseObject({ id: z.number(), label: z.string(), background: z.string() }));

  it('POST /report/utm (utmKey) -> report (group value to per-status counts), status', async () => {
    const answer = specAnswer(
      await server.form('/report/utm', { utmKey: 'utm_source' }),
      z.looseObject({ report: z.record(z.string(), z.record(z.string(), z.number())), status }),
    );
    const { rows } = await server.db
      .selectFrom('leads')
      .select(['utm_source', 'status_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('utm_source', '=', 'spec-ithal')
      .groupBy(['utm_source', 'status_id'])
      .execute()
      .then((result) => ({ rows: result }));
    for (const row of rows) {
      if (row.status_id !== null)
        expect(answer.report['spec-ithal']?.[String(row.status_id)]).toBe(Number(row.n));
    }
  });

  it('POST /report/agent (utmKey)', async () => {
    const answer = specAnswer(
      await server.form('/report/agent', { utmKey: 'utm_source' }),
      z.looseObject({
        success: z.literal(true),
        key: z.literal('utm_source'),
        breakdown: z.record(z.string(), z.array(z.unknown())),
      }),
    );
    expect(answer.key).toBe('utm_source');
  });

  it('POST /reports/ (start, end) -> leads (date, lead_count), lead_statuses (label, lead_count, background)', async () => {
    const day = (offset: number): string =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = specAnswer(
      await server.form('/reports/', { start: day(-365), end: day(1) }),
      z.looseObject({
        leads: z.array(z.looseObject({ date: z.string(), lead_count: z.number() })),
        lead_statuses: z.array(
          z.looseObject({ label: z.string(), lead_count: z.number(), background: z.string().nullable() }),
        ),
      }),
    );
    expect(answer.leads.length).toBeGreaterThan(0);
  });

  it('POST /piechart/firstFund/ -> agent_name, lead_count', async () => {
    specAnswer(
      await server.bare('/piechart/firstFund/'),
      z.looseObject({ results: z.array(z.looseObject({ agent_name: z.string(), lead_count: z.number() })) }),
    );
  });
});

describe('report builder', () => {
  const day = (offset: number): string =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  /** The report form of docs/requirements.md#lead-money-task-and-report-data as bracket fields; no table: the builder's own (transactions). */
  const form = {
    reportType: 'custom',
    valueType: 'SUM',
    sumField: 'amount',
    xaxis: 'status_id',
    yaxis: '',
    ylistFields: [],
    onlyActiveUser: 0,
    chartSetting: { type: 'pie', valueType: 'COUNT', sumField: '', xaxis: 'type', yaxis: '' },
    filters: [
      { name: 'amount', type: 6, value: '1' },
      { name: 'created_at', type: 10, value: { start: day(-365), end: day(1) } },
    ],
  };
  let reportId = 0;

  it('POST /reportBuilder/fields/{table} -> fields and relations', async () => {
    specAnswer(
      await server.bare('/reportBuilder/fields/transactions'),
      z.looseObject({
        fields: z.array(z.looseObject({ name: z.string() })).min(1),
        relations: z.array(z.looseObject({ fields: z.array(z.unknown()) })),
      }),
    );
  });

  it('POST /reportBuilder (report form) -> return, html, total, count', async () => {
    const answer = specAnswer(
      await server.form('/reportBuilder', form),
      z.looseObject({
        return: z.unknown(),
        html: z.string().startsWith('<table'),
        total: z.string(),
        count: z.number(),
      }),
    );
    expect(answer.count).toBeGreaterThan(0);
    const list = specAnswer(
      await server.form('/reportBuilder', {
        reportType: 'list',
        ylistFields: ['amount', 'customer_id'],
        filters: [],
      }),
      z.looseObject({ return: z.unknown(), html: z.string(), total: z.string(), count: z.number() }),
    );
    expect(list.html).toContain('<td>');
  });

  it('POST /reportBuilder/saveReport (name and the report form) -> saved report (id, name, report_values with table, filters, xaxis, reportType)', async () => {
    const answer = specAnswer(
      await server.form('/reportBuilder/saveReport', { name: 'Spec raporu', ...form }),
      z.looseObject({
        success: z.literal(true),
        report: z.looseObject({
          id: z.number(),
          name: z.string(),
          report_values: z.looseObject({
            table: z.string(),
            filters: z.array(z.unknown()),
            xaxis: z.string(),
            reportType: z.string(),
          }),
        }),
      }),
    );
    reportId = answer.report.id;
    expect(answer.report.report_values.table).toBe('transactions');
    // The saved form as JSON text works the same.
    specAnswer(
      await server.form('/reportBuilder/saveReport', {
        name: 'Spec raporu (JSON)',
        report_values: JSON.stringify({ ...form, table: 'transactions' }),
      }),
      success,
    );
  });

  it('POST /reportBuilder/updateReport (id, name, report form)', async () => {
    specAnswer(
      await server.form('/reportBuilder/updateReport', {
        id: reportId,
        name: 'Spec raporu 2',
        ...form,
        xaxis: 'type',
      }),
      success,
    );
    const row = await server.db
      .selectFrom('saved_reports')
      .select(['name', 'report_values'])
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Spec raporu 2');
    specRefusal(
      await server.form('/reportBuilder/updateReport', { id: reportId, ...form }, 'sales_manager'),
      403,
    );
  });

  it('POST /reportBuilder/savePeriod (name, data, status, type, table, next_send_date, period, receiver)', async () => {
    const answer = specAnswer(
      await server.form('/reportBuilder/savePeriod', {
        name: 'Spec periyodik',
        data: JSON.stringify(form),
        status: 1,
        type: 'custom',
        table: 'transactions',
        next_send_date: '2099-01-01 09:00:00',
        period: 7,
        receiver: 'mudur@demo.crm, finans@demo.crm',
      }),
      success.extend({ id: z.number() }),
    );
    const row = await server.db
      .selectFrom('periodic_reports')
      .selectAll()
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'builder', table: 'transactions', period: 7, status: 1 });
    expect(JSON.stringify(row.data)).toContain('"xaxis":"status_id"');
  });

  it('POST /reportBuilder/deleteReport (id)', async () => {
    specAnswer(await server.form('/reportBuilder/deleteReport', { id: reportId }), success);
    expect(
      await server.db.selectFrom('saved_reports').select('id').where('id', '=', reportId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
