import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contract,
  reportFormSchema,
  type CallResult,
  type ReportForm,
  type SavedReport,
} from '../../../shared/contract';
import { addDecimals, SAVED_REPORT_LIMIT } from '../../../shared/domain/report-builder';
import { reportBuilderMessages as texts } from '../../../shared/i18n/report-builder-messages';
import type { Database, SavedReportsTable } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { LEADS_TABLE, type LeadScope } from '../../engine/lead-scope';
import { loadPermissionRows } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
import { journalAdminChange } from '../admin';
import type { ExportFileStore } from '../export';
import { requireScreenFlag } from '../hooks';
import type { OptionsService } from '../options';
import { createIndexCatalog } from './report-bounds';
import { aggregateSheet, listSheet, writeReportFile, type ReportSheet } from './report-export';
import { aggregateHtml, listHtml } from './report-html';
import { createReportRunner, type AggregateSpec } from './report-runner';
import { openReportSource, type ReportSource } from './report-source';

/** The menu entry (crm_tables row with url 'reports') whose permission opens the builder. */
export const REPORT_BUILDER_SCREEN = 'report_builder';
/** The most rows a list report writes into its xlsx. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;

type RunBody = z.output<(typeof contract)['reportBuilder']['body']>;
type SaveBody = z.output<(typeof contract)['saveReport']['body']>;
type UpdateBody = z.output<(typeof contract)['updateReport']['body']>;

export interface ReportBuilderService {
  /** POST /reportBuilder: the report of the form inside the user's scope. */
  run(user: EngineUser, body: RunBody): Promise<CallResult<'reportBuilder'>>;
  /** POST /reportBuilder/fields/{table}: fields, relations and the tables a report may read. */
  fields(user: EngineUser, table: string): Promise<CallResult<'reportBuilderFields'>>;
  savedReports(user: EngineUser): Promise<CallResult<'savedReports'>>;
  save(user: EngineUser, body: SaveBody): Promise<CallResult<'saveReport'>>;
  /** Admins only (see docs/requirements.md#departments-and-permissions: Raporu Güncelle, Chart ekle). */
  update(user: EngineUser, body: UpdateBody): Promise<CallResult<'updateReport'>>;
  /** Admins only (see docs/requirements.md#departments-and-permissions: Raporu sil). */
  remove(user: EngineUser, id: number): Promise<CallResult<'deleteReport'>>;
  exportXlsx(user: EngineUser, form: ReportForm): Promise<CallResult<'reportBuilderExport'>>;
  /** A saved report the user may see (else the same 404), for a periodic report that sends it. */
  savedReport(user: EngineUser, id: number): Promise<SavedReport>;
  /** Checks a form's table, fields, filters and axes against the user's permissions; runs nothing. */
  checkForm(user: EngineUser, form: ReportForm): Promise<void>;
  /** The report as a sheet (the table the screen shows), run inside the user's scope. */
  sheet(user: EngineUser, form: ReportForm): Promise<ReportSheet>;
}

const isAdmin = (user: EngineUser): boolean => user.department === 'admin';

/** A report's own axes as an aggregate; a chart's override them where it names its own. */
function specOf(form: ReportForm, chart?: ReportForm['chartSetting']): AggregateSpec | null {
  const reportType = form.reportType === 'list' ? 'custom' : form.reportType;
  const xaxis = chart?.xaxis ?? form.xaxis;
  if (form.reportType === 'list' && !xaxis) return null;
  return {
    reportType,
    valueType: chart?.valueType ?? form.valueType,
    sumField: chart?.sumField ?? form.sumField,
    xaxis,
    yaxis: chart?.yaxis ?? form.yaxis,
  };
}

const sameSpec = (a: AggregateSpec, b: AggregateSpec): boolean =>
  a.reportType === b.reportType &&
  a.valueType === b.valueType &&
  a.sumField === b.sumField &&
  a.xaxis === b.xaxis &&
  a.yaxis === b.yaxis;

export function createReportBuilderService(
  db: Kysely<Database>,
  deps: { registry: TableRegistry; leadScope: LeadScope; options: OptionsService; files: ExportFileStore },
): ReportBuilderService {
  const runner = createReportRunner(db, { options: deps.options, indexes: createIndexCatalog(db) });

  async function open(user: EngineUser, table: string): Promise<ReportSource> {
    await requireScreenFlag(db, user, REPORT_BUILDER_SCREEN, 'show');
    return openReportSource(db, deps, user, table);
  }

  /** Tables the user may report on: registered lists (no screens) their group may see. */
  async function reportTables(user: EngineUser): Promise<{ value: string; label: string }[]> {
    const shown = new Set(
      (await loadPermissionRows(db, user.user_group_id))
        .filter((row) => row.show === 1)
        .map((row) => row.table_name),
    );
    return (await deps.registry.listTables())
      .filter((table) => table.url === null && shown.has(table.name))
      .map((table) => ({ value: table.name, label: table.displayName }));
  }

  /** Checks every field, filter and axis of a form against the user's permissions (runs nothing). */
  function validate(source: ReportSource, form: ReportForm): void {
    const refs = [
      form.sumField,
      form.xaxis,
      form.yaxis,
      ...form.ylistFields,
      ...form.filters.map((f) => f.name),
    ];
    const chart = form.chartSetting;
    if (chart) refs.push(chart.sumField, chart.xaxis, chart.yaxis);
    for (const ref of refs) if (ref !== undefined) source.resolve(ref);
  }

  function toSaved(row: Selectable<SavedReportsTable>): SavedReport | null {
    const form = reportFormSchema.safeParse(row.report_values);
    // A stored form this version cannot read is left out rather than failing the whole list.
    if (!form.success) return null;
    return {
      id: row.id,
      name: row.name,
      report_values: form.data,
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * The saved report, locked, if it exists and its table is one of `tables` (those the user may see);
   * else the same 404. `tables` is read before the transaction: PGlite has one connection.
   */
  async function lockSaved(
    trx: Kysely<Database>,
    id: number,
    tables: ReadonlySet<string>,
  ): Promise<Selectable<SavedReportsTable>> {
    const row = await trx
      .selectFrom('saved_reports')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || !tables.has(row.table_name)) throw recordNotFound();
    return row;
  }

  const visibleTables = async (user: EngineUser): Promise<Set<string>> =>
    new Set((await reportTables(user)).map((table) => table.value));

  async function requireAdminOnScreen(user: EngineUser): Promise<void> {
    await requireScreenFlag(db, user, REPORT_BUILDER_SCREEN, 'show');
    if (!isAdmin(user)) throw DomainError.forbidden(texts.adminOnly);
  }

  /** The report's table as the screen shows it (a list report: its first REPORT_EXPORT_MAX_ROWS rows). */
  async function sheet(user: EngineUser, form: ReportForm): Promise<ReportSheet> {
    const source = await open(user, form.table);
    validate(source, form);
    const title = source.base.table.displayName;
    if (form.reportType === 'list') {
      return listSheet(title, await runner.list(source, form, 1, REPORT_EXPORT_MAX_ROWS));
    }
    const spec = specOf(form);
    if (!spec) throw DomainError.invalid(texts.xaxisRequired);
    return aggregateSheet(title, await runner.aggregate(source, form, spec));
  }

  return {
    async run(user, body) {
      const source = await open(user, body.table);
      validate(source, body);
      if (body.reportType === 'list') {
        const result = await runner.list(source, body, body.page, body.limit);
        const { total, ...listResult } = result;
        const chartSpec = body.chartSetting ? specOf(body, body.chartSetting) : null;
        const chart =
          body.chartSetting && chartSpec
            ? { type: body.chartSetting.type, result: await runner.aggregate(source, body, chartSpec) }
            : null;
        return {
          success: true,
          return: listResult,
          html: listHtml(listResult),
          total: String(total),
          count: listResult.rows.length,
          chart,
        };
      }
      const spec = specOf(body);
      if (!spec) throw DomainError.invalid(texts.xaxisRequired);
      const result = await runner.aggregate(source, body, spec);
      let chart: CallResult<'reportBuilder'>['chart'] = null;
      if (body.chartSetting) {
        const chartSpec = specOf(body, body.chartSetting);
        if (chartSpec) {
          const chartResult = sameSpec(spec, chartSpec)
            ? result
            : await runner.aggregate(source, body, chartSpec);
          chart = { type: body.chartSetting.type, result: chartResult };
        }
      }
      const total = addDecimals(result.rows.map((row) => row.total));
      return {
        success: true,
        return: result,
        html: aggregateHtml(result),
        total,
        count: result.rows.length,
        chart,
      };
    },

    async fields(user, table) {
      const source = await open(user, table);
      const { own, lead } = source.fields();
      return {
        isLeads: source.base.table.sourceTable === LEADS_TABLE,
        fields: own,
        relations: source.lead
          ? [
              {
                name: 'lead',
                label: source.lead.access.table.displayName,
                table: source.lead.access.table.name,
                fields: lead,
              },
            ]
          : [],
        tables: await reportTables(user),
      };
    },

    async savedReports(user) {
      await requireScreenFlag(db, user, REPORT_BUILDER_SCREEN, 'show');
      const tables = (await reportTables(user)).map((table) => table.value);
      if (tables.length === 0) return { success: true, results: [] };
      const rows = await db
        .selectFrom('saved_reports')
        .selectAll()
        .where('table_name', 'in', tables)
        .orderBy('name')
        .orderBy('id')
        .limit(SAVED_REPORT_LIMIT)
        .execute();
      return { success: true, results: rows.flatMap((row) => toSaved(row) ?? []) };
    },

    async save(user, body) {
      const form = body.report_values;
      validate(await open(user, form.table), form);
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('saved_reports')
          .values({
            name: body.name,
            table_name: form.table,
            report_values: JSON.stringify(form),
            created_by: user.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'saveReport',
          targetTable: 'saved_reports',
          targetId: row.id,
          values: { name: body.name, report_values: form },
        });
        return row;
      });
      const report = toSaved(saved);
      if (!report) throw new Error('saved report does not read back');
      return { success: true, msg: texts.reportSaved, report };
    },

    async update(user, body) {
      await requireAdminOnScreen(user);
      const form = body.report_values;
      validate(await open(user, form.table), form);
      const tables = await visibleTables(user);
      const updated = await db.transaction().execute(async (trx) => {
        const before = await lockSaved(trx, body.id, tables);
        const row = await trx
          .updateTable('saved_reports')
          .set({
            name: body.name ?? before.name,
            table_name: form.table,
            report_values: JSON.stringify(form),
            updated_by: user.id,
            updated_at: sql<string>`date_trunc('second', localtimestamp)`,
          })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'updateReport',
          targetTable: 'saved_reports',
          targetId: row.id,
          values: {
            before: { name: before.name, report_values: before.report_values },
            after: { name: row.name, report_values: form },
          },
        });
        return row;
      });
      const report = toSaved(updated);
      if (!report) throw new Error('saved report does not read back');
      return { success: true, msg: texts.reportUpdated, report };
    },

    async remove(user, id) {
      await requireAdminOnScreen(user);
      const tables = await visibleTables(user);
      await db.transaction().execute(async (trx) => {
        const before = await lockSaved(trx, id, tables);
        await trx.deleteFrom('saved_reports').where('id', '=', before.id).execute();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'deleteReport',
          targetTable: 'saved_reports',
          targetId: before.id,
          values: { name: before.name, report_values: before.report_values },
        });
      });
      return { success: true, msg: texts.reportDeleted };
    },

    async exportXlsx(user, form) {
      return writeReportFile(deps.files, user.id, form.table, await sheet(user, form));
    },

    async savedReport(user, id) {
      await requireScreenFlag(db, user, REPORT_BUILDER_SCREEN, 'show');
      const tables = await visibleTables(user);
      const row = await db.selectFrom('saved_reports').selectAll().where('id', '=', id).executeTakeFirst();
      const report = row && tables.has(row.table_name) ? toSaved(row) : null;
      if (!report) throw recordNotFound();
      return report;
    },

    async checkForm(user, form) {
      validate(await open(user, form.table), form);
    },

    sheet,
  };
}
