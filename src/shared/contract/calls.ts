import { z } from 'zod';
import { defineCall, noBody, noParams, SIGNED_IN } from './define';
import { recordId } from './record-id';

/**
 * What the server did with one click (besides success and msg): queued (the PBX took the call), pending
 * (the PBX did not answer in time; the call may still ring, its outcome follows as a `callOutcome`
 * push), logged (no PBX configured), failed (nothing was dialled).
 */
export const callAttemptStateSchema = z.enum(['queued', 'pending', 'logged', 'failed']);
export type CallAttemptState = z.infer<typeof callAttemptStateSchema>;

/**
 * The answer of both call requests: success true when the PBX took the call (or, without a PBX, when it
 * was recorded, or when it may still happen: state pending); msg is the Turkish text to show the agent.
 * Refusals by the server (no dahili, a number that is not the lead's, an unknown line) are 400, a new
 * call while the agent's previous one still waits for its outcome 409, a lead the user may not see 404,
 * all with msg. `state` is ours; servers of the original API leave it out.
 */
export const callAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  state: callAttemptStateSchema.optional(),
});
export type CallAnswer = z.infer<typeof callAnswer>;

/**
 * The client's id of one click (a random UUID). A request repeated with the same id (a retry after a
 * lost answer) replays that attempt's answer instead of dialling again. Optional: the spec's bodies
 * have no such field.
 */
export const callAttemptId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/)
  .optional();

/**
 * POST /makecall: call one of the lead's numbers. `phone` only chooses among the lead's own phone,
 * phone_2 and mobile (compared after normalisation): the server never dials a number the client makes up.
 */
export const makeCall = defineCall({
  method: 'POST',
  path: '/makecall',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'lead_id',
  params: noParams,
  body: z.object({ phone: z.string().max(40), lead_id: recordId, attempt_id: callAttemptId }),
  result: callAnswer,
});

/**
 * POST /makeFastCall: call the lead's number over line `hat` (İstanbul 0, İzmir 80, Ankara 90; docs/requirements.md#constants-and-limits). Any other hat is refused by the server, and that attempt is logged like every other.
 */
export const makeFastCall = defineCall({
  method: 'POST',
  path: '/makeFastCall',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'lead_id',
  params: noParams,
  body: z.object({
    hat: z.union([z.string().max(8), z.number()]),
    lead_id: recordId,
    attempt_id: callAttemptId,
  }),
  result: callAnswer,
});

/**
 * What became of a call the PBX took (Asterisk's OriginateResponse reason): answered (the agent picked
 * up, the customer is being dialled), unreachable (reason 0: the extension is unknown or offline),
 * hung-up, no-answer, busy, congestion, failed (another reason), refused (the PBX refused the call
 * after a late answer) or unknown (no answer from the PBX at all).
 */
export const callOutcomeStatusSchema = z.enum([
  'answered',
  'unreachable',
  'hung-up',
  'no-answer',
  'busy',
  'congestion',
  'failed',
  'refused',
  'unknown',
]);
export type CallOutcomeStatus = z.infer<typeof callOutcomeStatusSchema>;

/** One call of the lead's call history; refused requests (no dahili, ...) are not calls and not listed. */
export const callHistoryRowSchema = z.object({
  id: z.number(),
  /** 'YYYY-MM-DD HH:mm:ss', server time. */
  created_at: z.string(),
  agent_name: z.string().nullable(),
  /** '' for a plain call, else the fast-call line ('0' İstanbul, '80' İzmir, '90' Ankara). */
  line_prefix: z.string().nullable(),
  state: callAttemptStateSchema,
  /** The Turkish text the agent was answered with at the click. */
  message: z.string(),
  outcome: callOutcomeStatusSchema.nullable(),
  /** The Turkish outcome the agent was pushed, once the PBX reported it. */
  outcome_message: z.string().nullable(),
  /** When the outcome arrived. */
  outcome_at: z.string().nullable(),
});
export type CallHistoryRow = z.infer<typeof callHistoryRowSchema>;

/** POST /calls/{leadId}: the lead's calls, newest first (ours; the history tab's "Aramalar"). */
export const callHistory = defineCall({
  method: 'POST',
  path: '/calls/{leadId}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'leadId',
  params: z.object({ leadId: recordId }),
  body: noBody,
  result: z.object({ results: z.array(callHistoryRowSchema) }),
});
