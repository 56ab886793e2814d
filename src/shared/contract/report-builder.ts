import { z } from 'zod';
import {
  FIELD_REF_PATTERN,
  REPORT_BUILDER_PAGE_SIZE,
  REPORT_CHART_TYPES,
  REPORT_TYPES,
  REPORT_VALUE_TYPES,
} from '../domain/report-builder';
import { contractTexts } from '../i18n/domain-texts';
import { blankToUndefined, jsonText, reshaped } from './blank';
import { reportBuilderMessages } from '../i18n/report-builder-messages';
import {
  defineCall,
  departmentsOnly,
  flagField,
  noBody,
  noParams,
  positiveInt,
  recordRow,
  SIGNED_IN,
  tableName,
} from './define';
import { excelFileSchema, EXPORT_CALL_TIMEOUT_MS } from './export';
import { componentType } from './meta';
import { integerInput } from './number-inputs';

/** Raporu Güncelle and Raporu sil are the admins' (see docs/requirements.md#departments-and-permissions). */
const REPORT_ADMIN_ONLY = departmentsOnly(['admin'], reportBuilderMessages.adminOnly);

/** A field of the report's table (`amount`) or of its lead (`lead.agent_id`). */
export const fieldRef = z.string().trim().regex(FIELD_REF_PATTERN, contractTexts.invalidFieldName);
const optionalRef = z.preprocess(blankToUndefined, fieldRef.optional());

const filterText = z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(500));

/** One filter of the list screen's editor (see docs/requirements.md#money-importer-and-lead-input, types 1-12), on a field or a relation's field. */
export const reportFilterSchema = z
  .object({
    name: fieldRef,
    type: integerInput(z.number().int().min(1).max(12)),
    value: z.union([
      filterText,
      z.array(filterText).max(500),
      z.object({ start: filterText.optional(), end: filterText.optional() }),
    ]),
  })
  .transform(({ name, type, value }) => ({ name, type, value }));
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** How the chart of a report is drawn: pie or bar, optionally over other axes than the table's. */
export const chartSettingSchema = z.object({
  type: z.enum(REPORT_CHART_TYPES),
  valueType: z.preprocess(blankToUndefined, z.enum(REPORT_VALUE_TYPES).optional()),
  sumField: optionalRef,
  xaxis: optionalRef,
  yaxis: optionalRef,
});
export type ChartSetting = z.infer<typeof chartSettingSchema>;

/**
 * The table a report reads when the form names none: the builder's links and detail modal are the
 * transactions' (see docs/api-conformance.md#report-builder).
 */
export const DEFAULT_REPORT_TABLE = 'transactions';

/**
 * The report form of docs/requirements.md#lead-money-task-and-report-data, plus the table it reports on. A form client may send the nested parts
 * (filters, chartSetting, ylistFields) as bracket fields or as JSON text.
 */
export const reportFormSchema = z.object({
  table: z.preprocess(blankToUndefined, tableName.default(DEFAULT_REPORT_TABLE)),
  reportType: z.enum(REPORT_TYPES),
  valueType: z.preprocess(blankToUndefined, z.enum(REPORT_VALUE_TYPES).default('COUNT')),
  sumField: optionalRef,
  xaxis: optionalRef,
  yaxis: optionalRef,
  ylistFields: z.preprocess(
    (value) => blankToUndefined(jsonText(value)),
    z.array(fieldRef).max(100).default([]),
  ),
  onlyActiveUser: z.preprocess(blankToUndefined, flagField.default(0)),
  chartSetting: z.preprocess((value) => blankToUndefined(jsonText(value)), chartSettingSchema.optional()),
  filters: z.preprocess(
    (value) => blankToUndefined(jsonText(value)),
    z.array(reportFilterSchema).max(50).default([]),
  ),
});

/** The names of the report form's fields, for a body that sends them at its top level. */
const REPORT_FORM_KEYS = Object.keys(reportFormSchema.shape);

/**
 * A saved report's body as a form client sends it: `report_values` as the nested form, as JSON text, or
 * left out with the form's fields at the top level beside `name` (see docs/api-conformance.md#report-builder).
 */
const savedReportBody = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  if (body.report_values !== undefined) return { ...body, report_values: jsonText(body.report_values) };
  const form = Object.fromEntries(REPORT_FORM_KEYS.flatMap((key) => (key in body ? [[key, body[key]]] : [])));
  return { ...body, report_values: form };
};
/** What our screens send: always the table (the default is for clients that name none). */
export type ReportFormInput = z.input<typeof reportFormSchema> & { table: string };
export type ReportForm = z.output<typeof reportFormSchema>;

const reportRunSchema = reportFormSchema.extend({
  /** Pages of a list report (see docs/requirements.md#constants-and-limits: the report builder's page size starts at 15). */
  page: integerInput(z.number().int().min(1).max(100_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(500)).default(REPORT_BUILDER_PAGE_SIZE),
});

export const reportFieldSchema = z.object({
  /** `amount`, or `lead.agent_id` for a relation's field. */
  name: z.string(),
  label: z.string(),
  component: componentType,
  /** How the builder may use it: group by (axes), sum (numbers), filter by the list filter types. */
  kind: z.enum(['integer', 'decimal', 'text', 'date', 'timestamp', 'boolean', 'other']),
  options: z.number().nullable(),
});
export type ReportField = z.infer<typeof reportFieldSchema>;

/** A group value of a report: a row (x axis) or a series (y axis). */
export const reportGroupSchema = z.object({
  value: z.string().nullable(),
  label: z.string(),
  /** Sums the values past the cap. */
  others: z.boolean().optional(),
});

/** An aggregated report: one row per x value, one cell per series (y value), exact decimal text. */
export const aggregateResultSchema = z.object({
  kind: z.literal('aggregate'),
  valueType: z.enum(REPORT_VALUE_TYPES),
  valueLabel: z.string(),
  xLabel: z.string(),
  /** null when the report has no y axis: then one series, keyed '' and named by valueLabel. */
  yLabel: z.string().nullable(),
  /** `key` names the series' cell in every row: its value, '' for "no value", '*' for the others. */
  series: z.array(reportGroupSchema.extend({ key: z.string() })),
  rows: z.array(
    reportGroupSchema.extend({
      /** Series key -> count or sum as decimal text. */
      cells: z.record(z.string(), z.string()),
      total: z.string(),
    }),
  ),
});
export type AggregateResult = z.infer<typeof aggregateResultSchema>;

/** A list report: a page of rows with the chosen fields (a relation's as `lead.name`). */
export const listResultSchema = z.object({
  kind: z.literal('list'),
  fields: z.array(z.object({ name: z.string(), label: z.string(), component: componentType })),
  rows: z.array(recordRow),
  page: z.number(),
  limit: z.number(),
  /** The count stopped at the list's cap. */
  capped: z.boolean(),
});
export type ListResult = z.infer<typeof listResultSchema>;

export const reportResultSchema = z.discriminatedUnion('kind', [aggregateResultSchema, listResultSchema]);
export type ReportResult = z.infer<typeof reportResultSchema>;

/**
 * POST /reportBuilder (see docs/requirements.md#calls): the report of the form, counted by the database inside the user's
 * scope. `return` holds the result, `total` the grand total (count or sum, decimal text; a list's
 * match count), `count` its rows (groups or matches). `chart` is the chart's own aggregate when the form
 * asks for one.
 */
export const reportBuilder = defineCall({
  method: 'POST',
  path: '/reportBuilder',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: reportRunSchema,
  result: z.object({
    success: z.boolean(),
    return: reportResultSchema,
    /** The result as a ready HTML table (escaped), for clients that show it as it is. */
    html: z.string(),
    total: z.string(),
    count: z.number(),
    chart: z.object({ type: z.enum(REPORT_CHART_TYPES), result: aggregateResultSchema }).nullable(),
  }),
});

/**
 * POST /reportBuilder/fields/{table}: the fields a report on the table may use (the user's listable and
 * readable ones) and its relations: a lead's child table reaches the lead's fields as `lead.<field>`.
 */
export const reportBuilderFields = defineCall({
  method: 'POST',
  path: '/reportBuilder/fields/{table}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName }),
  body: noBody,
  result: z.object({
    fields: z.array(reportFieldSchema),
    relations: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        table: z.string(),
        fields: z.array(reportFieldSchema),
      }),
    ),
    /** The table reads leads (leads, customers): its ids open the lead's workspace. */
    isLeads: z.boolean(),
    /** Tables the user may report on (value: table name). */
    tables: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
});

/** Saved report (see docs/requirements.md#lead-money-task-and-report-data): its name and the form it was saved with. */
export const savedReportSchema = z.object({
  id: z.number(),
  name: z.string(),
  report_values: reportFormSchema,
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

const reportName = z.string().trim().min(1, reportBuilderMessages.nameRequired).max(200);

/** POST /reportBuilder/savedReports: the saved reports on tables the user may see (limit 500). */
export const savedReports = defineCall({
  method: 'POST',
  path: '/reportBuilder/savedReports',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), results: z.array(savedReportSchema) }),
});

/** POST /reportBuilder/saveReport (see docs/requirements.md#calls): saves the form under a name. */
export const saveReport = defineCall({
  method: 'POST',
  path: '/reportBuilder/saveReport',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: reshaped(savedReportBody, z.object({ name: reportName, report_values: reportFormSchema })),
  result: z.object({ success: z.boolean(), msg: z.string(), report: savedReportSchema }),
});

/** POST /reportBuilder/updateReport (see docs/requirements.md#calls, admins only: Raporu Güncelle, Chart ekle). */
export const updateReport = defineCall({
  method: 'POST',
  path: '/reportBuilder/updateReport',
  encoding: 'form',
  auth: true,
  access: REPORT_ADMIN_ONLY,
  params: noParams,
  body: reshaped(
    savedReportBody,
    z.object({
      id: positiveInt,
      name: z.preprocess(blankToUndefined, reportName.optional()),
      report_values: reportFormSchema,
    }),
  ),
  result: z.object({ success: z.boolean(), msg: z.string(), report: savedReportSchema }),
});

/** POST /reportBuilder/deleteReport (see docs/requirements.md#calls, admins only: Raporu sil). */
export const deleteReport = defineCall({
  method: 'POST',
  path: '/reportBuilder/deleteReport',
  encoding: 'form',
  auth: true,
  access: REPORT_ADMIN_ONLY,
  params: noParams,
  body: z.object({ id: positiveInt }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/**
 * POST /reportBuilder/export: the report of the form as an xlsx (every row of a list report, up to the
 * export limit), downloaded like a list export (GET /export/file/{name}).
 */
export const reportBuilderExport = defineCall({
  method: 'POST',
  path: '/reportBuilder/export',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  timeoutMs: EXPORT_CALL_TIMEOUT_MS,
  params: noParams,
  body: reportFormSchema,
  result: z.object({
    success: z.boolean(),
    excelFiles: z.array(excelFileSchema),
    msg: z.string().optional(),
  }),
});
