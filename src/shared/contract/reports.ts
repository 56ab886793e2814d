import { z } from 'zod';
import { UTM_KEYS } from '../domain/report-keys';
import { blankToUndefined } from './blank';
import { dateRangeBody } from './dashboard';
import { defineCall, noParams, SIGNED_IN } from './define';

/** One column of a report: a lead status with its colours (see docs/requirements.md#lead-workspace-and-work-screens: "one column per lead status"). */
export const reportStatusSchema = z.object({
  id: z.number(),
  label: z.string(),
  background: z.string(),
  color: z.string(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** Lead counts of one group value: per status id, leads without a status, and all. */
export const reportCountsSchema = z.object({
  counts: z.record(z.string(), z.number()),
  no_status: z.number(),
  total: z.number(),
});
export type ReportCounts = z.infer<typeof reportCountsSchema>;

export const reportRowSchema = reportCountsSchema.extend({
  /** The stored value as the list filter takes it; null for leads without one (and the "others" row). */
  value: z.string().nullable(),
  label: z.string(),
  /** The row summing the group values past REPORT_MAX_GROUPS. */
  others: z.boolean().optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

const utmKey = z.enum(UTM_KEYS, { message: 'Geçersiz rapor anahtarı' });

const reportBody = z.object({
  utmKey: z.preprocess(blankToUndefined, utmKey.default('utm_source')),
  start: z.preprocess(blankToUndefined, z.string().optional()),
  end: z.preprocess(blankToUndefined, z.string().optional()),
});

/**
 * The spec's `report`: group value -> status id -> lead count (statuses without leads left out). The
 * value is the stored one ('' for leads without a value); the group values past REPORT_MAX_GROUPS and
 * leads without a status are only in `rows` and `totals`. See docs/api-conformance.md#reports.
 */
export const groupStatusCountsSchema = z.record(z.string(), z.record(z.string(), z.number()));
export type GroupStatusCounts = z.infer<typeof groupStatusCountsSchema>;

/**
 * POST /report/utm (see docs/requirements.md#calls): lead counts per group value and status, inside the user's scope; leads
 * created in the range when one is given, else all. `rows` are the same counts as the screen's table
 * (labels, leads without a status, the summed rest).
 */
export const reportUtm = defineCall({
  method: 'POST',
  path: '/report/utm',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: reportBody,
  result: z.object({
    success: z.boolean(),
    key: z.enum(UTM_KEYS),
    report: groupStatusCountsSchema,
    rows: z.array(reportRowSchema),
    status: z.array(reportStatusSchema),
    totals: reportCountsSchema,
  }),
});

/** The agent report's body: a date range, and optionally a key to break each agent's leads down by. */
const agentReportBody = dateRangeBody
  .unwrap()
  .extend({ utmKey: z.preprocess(blankToUndefined, utmKey.optional()) })
  .optional();

export const agentReportRowSchema = reportRowSchema.extend({
  /** Calls the agent started on leads in the user's scope, in the range. */
  calls: z.number(),
  /** Notes the agent wrote on those leads (chat messages are no notes). */
  notes: z.number(),
  /** Leads of the agent that became customers in the range. */
  conversions: z.number(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

/**
 * POST /report/agent (see docs/requirements.md#calls): per agent, the statuses of the leads created in the range, and the
 * calls, notes and conversions of the range (default: this month). With a utmKey other than agent_id,
 * `breakdown` holds each agent's leads per value of that key (agent value, '' for none -> rows).
 */
export const reportAgent = defineCall({
  method: 'POST',
  path: '/report/agent',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: agentReportBody,
  result: z.object({
    success: z.boolean(),
    key: z.enum(UTM_KEYS).optional(),
    breakdown: z.record(z.string(), z.array(reportRowSchema)).optional(),
    report: z.array(agentReportRowSchema),
    status: z.array(reportStatusSchema),
    totals: reportCountsSchema.extend({ calls: z.number(), notes: z.number(), conversions: z.number() }),
  }),
});

/**
 * POST /piechart/firstFund/ (see docs/requirements.md#calls): leads whose first fund fell in the range (default this month),
 * per agent, inside the user's scope.
 */
export const firstFund = defineCall({
  method: 'POST',
  path: '/piechart/firstFund/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: dateRangeBody,
  result: z.object({
    success: z.boolean(),
    results: z.array(
      z.object({ agent_id: z.number().nullable(), agent_name: z.string(), lead_count: z.number() }),
    ),
  }),
});
