import type { Kysely } from 'kysely';
import type { AdapterLog } from '../../adapters/adapter-log';
import type { CallOutcome } from '../../adapters/telephony/telephony';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../kernel/realtime-port';
import type { CallLog } from './call-log';

export interface CallOutcomeHandlerDeps {
  db: Kysely<Database>;
  callLog: CallLog;
  log: AdapterLog;
  /** Read when an outcome arrives: the socket server is attached after the telephony adapter exists. */
  realtime: () => Realtime;
}

/**
 * The telephony adapter's onOutcome: the outcome goes onto its attempt's row (the lead's call history),
 * then to the agent who clicked, as a `callOutcome` push with the lead's name: an unreachable extension
 * must not stay "önce dahili telefonunuz çalacak" on the agent's screen.
 */
export function createCallOutcomeHandler(
  deps: CallOutcomeHandlerDeps,
): (outcome: CallOutcome) => Promise<void> {
  return async (outcome) => {
    const recorded = await deps.callLog.recordOutcome(outcome);
    if (!recorded) {
      // Every attempt row is written before its Originate is sent; a stray ActionID is not ours.
      deps.log.warn({ adapter: 'ami', actionId: outcome.actionId }, 'call outcome for an unknown attempt');
      return;
    }
    const lead = await deps.db
      .selectFrom('leads')
      .select('name')
      .where('id', '=', recorded.leadId)
      .executeTakeFirst();
    deps.realtime().callOutcome(recorded.userId, {
      id: recorded.id,
      lead_id: recorded.leadId,
      leadName: lead?.name ?? null,
      status: recorded.status,
      message: recorded.message,
    });
  };
}
