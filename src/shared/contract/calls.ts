import { z } from 'zod';
import { defineCall, noParams } from './define';
import { recordId } from './record-id';

/**
 * The answer of both call requests: success true when the PBX took the call (or, without a PBX, when it
 * was recorded); msg is the Turkish text to show the agent. Refusals by the server (no dahili, a number
 * that is not the lead's, an unknown line) are 400 and a lead the user may not see 404, all with msg.
 */
export const callAnswer = z.object({ success: z.boolean(), msg: z.string() });
export type CallAnswer = z.infer<typeof callAnswer>;

/**
 * POST /makecall: call one of the lead's numbers. `phone` only chooses among the lead's own phone,
 * phone_2 and mobile (compared after normalisation): the server never dials a number the client makes up.
 */
export const makeCall = defineCall({
  method: 'POST',
  path: '/makecall',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: z.object({ phone: z.string().max(40), lead_id: recordId }),
  result: callAnswer,
});

/**
 * POST /makeFastCall: call the lead's number over line `hat` (İstanbul 0, İzmir 80, Ankara 90; spec 1
 * §9). Any other hat is refused by the server, and that attempt is logged like every other.
 */
export const makeFastCall = defineCall({
  method: 'POST',
  path: '/makeFastCall',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: z.object({ hat: z.union([z.string().max(8), z.number()]), lead_id: recordId }),
  result: callAnswer,
});
