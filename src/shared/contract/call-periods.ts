import { z } from 'zod';
import { defineCall, noParams, SIGNED_IN } from './define';
import { recordId } from './record-id';

/** The list answers at most this many leads, most overdue first: a worklist for one shift. */
export const CALL_PERIOD_LIMIT = 500;

/** One lead due to be called (see docs/requirements.md#lead-money-task-and-report-data Call period row), with its labels and how overdue it is. */
export const callPeriodRowSchema = z.object({
  lead_id: z.number(),
  name: z.string(),
  status_id: z.number().nullable(),
  status: z.string().nullable(),
  agent_id: z.number().nullable(),
  agent: z.string().nullable(),
  /** When the lead was due to be called: last activity (or creation) plus its status's call period. */
  datetime: z.string(),
  /** Whole days since then (0: due today). */
  days_elapsed: z.number(),
});
export type CallPeriodRow = z.infer<typeof callPeriodRowSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional());

/**
 * POST /callperiods/: leads of the user's scope whose call period has run out, most overdue first
 * (see docs/requirements.md#lead-workspace-and-work-screens /call-periods, #calls). filters narrow by agent, status or team.
 */
export const callPeriods = defineCall({
  method: 'POST',
  path: '/callperiods/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z
    .object({
      filters: z.object({ agent_id: optionalId, status_id: optionalId, team_id: optionalId }).optional(),
    })
    .optional(),
  result: z.object({
    results: z.array(callPeriodRowSchema),
    total: z.number(),
  }),
});
