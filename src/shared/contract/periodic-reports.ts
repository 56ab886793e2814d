import { z } from 'zod';
import { MAX_RECEIVERS, parseReceivers } from '../domain/receivers';
import { UTM_KEYS } from '../domain/report-keys';
import { format } from '../i18n/messages';
import { periodicReportMessages as p } from '../i18n/periodic-report-messages';
import { REPORT_TYPES } from '../domain/report-builder';
import { blankToUndefined, jsonText, reshaped } from './blank';
import { defineCall, departmentsOnly, noBody, noParams } from './define';
import { recordId } from './record-id';
import { isRangeRule, RANGE_RULE_KINDS, type RangeRule } from '../domain/report-range-rules';
import { workflowMessages } from '../i18n/workflow-messages';
import { MONTHLY_TRX_SCOPES } from './report-monthly';
import { integerInput } from './number-inputs';
import { reportFormSchema } from './report-builder';

/**
 * The reports a periodic report can send: the monthly report, the UTM report, the agent report, or a
 * report saved in the report builder (see docs/requirements.md#lead-workspace-and-work-screens: periodic reports are saved from the builder too).
 */
export const PERIODIC_REPORT_TYPES = ['monthly', 'utm', 'agent', 'builder'] as const;
export type PeriodicReportType = (typeof PERIODIC_REPORT_TYPES)[number];

/** Who schedules periodic reports (see docs/requirements.md#who-uses-it: managers and admins); admins see and remove everyone's. */
const PERIODIC_ACCESS = departmentsOnly(['admin', 'sales_manager'], p.notAllowed);

/** Period in days (see docs/requirements.md#constants-and-limits: 1 daily, 7 weekly, 30 monthly). */
export const PERIODIC_PERIODS = [1, 7, 30] as const;
export type PeriodicPeriod = (typeof PERIODIC_PERIODS)[number];

const receiver = z
  .string({ message: p.receiverRequired })
  .max(4000)
  .superRefine((text, context) => {
    const check = parseReceivers(text);
    if (check.ok) return;
    const message =
      check.reason === 'empty'
        ? p.receiverRequired
        : check.reason === 'too-many'
          ? format(p.receiverTooMany, { max: MAX_RECEIVERS })
          : format(p.receiverInvalid, { address: check.address });
    context.addIssue({ code: 'custom', message });
  });

const period = integerInput(
  z
    .number({ message: p.periodInvalid })
    .refine((value): value is PeriodicPeriod => (PERIODIC_PERIODS as readonly number[]).includes(value), {
      message: p.periodInvalid,
    }),
);

/** 'YYYY-MM-DD HH:mm' (the screen's date and time) or 'YYYY-MM-DDTHH:mm' (an <input type=datetime-local>). */
const nextSendDate = z
  .string({ message: p.nextSendInvalid })
  .trim()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
    p.nextSendInvalid,
  )
  .transform((value) => value.replace('T', ' '));

/**
 * The range rule of a schedule (see docs/user-guide.md#scheduled-reports): a kind ("last_7_days"), JSON
 * text or an object ({kind:'fixed', start, end}); left out, a report covers the period before each send.
 */
export const rangeRuleInput = z.preprocess(
  (value) => {
    const parsed = blankToUndefined(jsonText(value));
    return typeof parsed === 'string' && (RANGE_RULE_KINDS as readonly string[]).includes(parsed)
      ? { kind: parsed }
      : parsed;
  },
  z
    .custom<RangeRule>((value) => isRangeRule(value), {
      message: workflowMessages.rangeRuleInvalid,
    })
    .optional(),
);

/** The settings of the report a periodic report sends (kept as its `data`). */
export const periodicReportDataSchema = z.object({
  utmKey: z.enum(UTM_KEYS).optional(),
  trx: z.enum(MONTHLY_TRX_SCOPES).optional(),
  /** The saved report a 'builder' periodic report sends. */
  reportId: z.number().int().positive().optional(),
  /** Or the report form itself, as a form client saves it from the builder (no saved report). */
  form: reportFormSchema.optional(),
});
export type PeriodicReportData = z.infer<typeof periodicReportDataSchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A periodic report as a form client of the builder saves it (see docs/requirements.md#lead-money-task-and-report-data Periodic report: name, data,
 * status, type, table, next_send_date, period, receiver): `data` is the report form (JSON text or bracket
 * fields), `type` its report type. Such a body becomes a 'builder' periodic report carrying the form; a
 * body of ours passes unchanged. See docs/api-conformance.md#periodic-reports.
 */
const periodBody = (value: unknown): unknown => {
  if (!isObject(value)) return value;
  const data = jsonText(value.data);
  const { data: _data, ...rest } = value;
  const ownType = (PERIODIC_REPORT_TYPES as readonly unknown[]).includes(value.type);
  const builderType = (REPORT_TYPES as readonly unknown[]).includes(value.type) && value.type !== 'monthly';
  const form = isObject(data) && ('reportType' in data || 'xaxis' in data || 'ylistFields' in data);
  if (form || builderType) {
    const fields = isObject(data) ? data : {};
    return {
      ...rest,
      type: 'builder',
      form: {
        ...fields,
        table: fields.table ?? value.table,
        reportType: fields.reportType ?? (ownType ? undefined : value.type),
      },
    };
  }
  // Our own settings may come inside `data` too (utmKey, trx, reportId).
  if (isObject(data)) {
    return {
      ...rest,
      utmKey: value.utmKey ?? data.utmKey,
      trx: value.trx ?? data.trx,
      report_id: value.report_id ?? data.reportId ?? data.report_id,
    };
  }
  return rest;
};

/**
 * POST /reportBuilder/savePeriod (see docs/requirements.md#calls): name, period, receiver (comma-separated e-mails, each
 * checked), next_send_date (the first send), and which report to send with its settings; status 0 keeps
 * it without sending.
 */
export const savePeriod = defineCall({
  method: 'POST',
  path: '/reportBuilder/savePeriod',
  encoding: 'form',
  auth: true,
  access: PERIODIC_ACCESS,
  params: noParams,
  body: reshaped(
    periodBody,
    z.object({
      name: z.string({ message: p.nameRequired }).trim().min(1, p.nameRequired).max(200),
      period,
      receiver,
      next_send_date: nextSendDate,
      type: z.preprocess(blankToUndefined, z.enum(PERIODIC_REPORT_TYPES).default('monthly')),
      utmKey: z.preprocess(blankToUndefined, z.enum(UTM_KEYS).optional()),
      trx: z.preprocess(blankToUndefined, z.enum(MONTHLY_TRX_SCOPES).optional()),
      /** The saved report to send, or the form itself; one is required for type 'builder'. */
      report_id: z.preprocess(blankToUndefined, recordId.optional()),
      form: reportFormSchema.optional(),
      range_rule: rangeRuleInput,
      status: z.preprocess(
        blankToUndefined,
        z.coerce.number().int().min(0).max(1, p.statusInvalid).default(1),
      ),
    }),
  ),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** A periodic report with how its sending goes (see docs/requirements.md#lead-money-task-and-report-data Periodic report, plus the job's state). */
export const periodicReportSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(PERIODIC_REPORT_TYPES),
  table: z.string(),
  data: periodicReportDataSchema,
  status: z.number(),
  period: z.number(),
  receiver: z.string(),
  next_send_date: z.string(),
  user_id: z.number(),
  user_name: z.string().nullable(),
  /** Failed tries of the send now owed (0 once it went out). */
  attempts: z.number(),
  /** Why the last try failed (Turkish), null after a success. */
  last_error: z.string().nullable(),
  /** When the owed send is tried again, after a failure. */
  retry_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  /** The range rule, null: the period before each send. */
  range_rule: z.custom<RangeRule>((value) => isRangeRule(value)).nullable(),
  /** The range the last mail covered ('YYYY-MM-DD HH:mm:ss'). */
  last_range: z.object({ start: z.string(), end: z.string() }).nullable(),
  created_at: z.string(),
});
export type PeriodicReport = z.infer<typeof periodicReportSchema>;

/** POST /reportBuilder/periods: admins see every periodic report, managers their own. */
export const periodicReports = defineCall({
  method: 'POST',
  path: '/reportBuilder/periods',
  encoding: 'form',
  auth: true,
  access: PERIODIC_ACCESS,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), results: z.array(periodicReportSchema) }),
});

/** POST /reportBuilder/deletePeriod/{id}. */
export const deletePeriod = defineCall({
  method: 'POST',
  path: '/reportBuilder/deletePeriod/{id}',
  encoding: 'form',
  auth: true,
  access: PERIODIC_ACCESS,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string() }),
});
