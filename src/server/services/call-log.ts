import { sql, type Kysely } from 'kysely';
import type { CallOutcome } from '../adapters/telephony/telephony';
import type { CallLogStatus, Database } from '../db/schema';

/** One call attempt as call_logs keeps it. */
export interface CallAttemptEntry {
  userId: number;
  leadId: number;
  dahili: string | null;
  number: string | null;
  linePrefix: string | null;
  status: CallLogStatus;
  /** The Turkish text the agent was answered with. */
  message: string;
  /** The AMI ActionID of a call the PBX took; its outcome arrives later under this id. */
  actionId?: string | null;
}

export interface CallLog {
  record(entry: CallAttemptEntry): Promise<void>;
  /** The telephony adapter's onOutcome hook: fills outcome columns of the row with that ActionID. */
  recordOutcome(outcome: CallOutcome): Promise<void>;
}

/** How long, and how many, outcomes wait for their attempt row (see recordOutcome). */
const EARLY_OUTCOME_TTL_MS = 10 * 60_000;
const EARLY_OUTCOME_MAX = 1_000;

/**
 * call_logs writer. Asterisk may report an outcome (e.g. an unreachable extension) in the same breath as
 * accepting the call, so the outcome can reach us before the route has written the attempt row. Such an
 * outcome is parked in memory and written again once the row exists; the two sides hand over like this:
 * the route inserts, then looks for a parked outcome; the hook parks, then retries its update. Whichever
 * runs second sees the other's step, so no outcome is lost (writing it twice is harmless).
 */
export function createCallLog(db: Kysely<Database>): CallLog {
  const early = new Map<string, { outcome: CallOutcome; parkedAt: number }>();

  function park(outcome: CallOutcome): void {
    const now = Date.now();
    for (const [actionId, entry] of early) {
      if (now - entry.parkedAt <= EARLY_OUTCOME_TTL_MS && early.size < EARLY_OUTCOME_MAX) break;
      early.delete(actionId);
    }
    early.set(outcome.actionId, { outcome, parkedAt: now });
  }

  async function writeOutcome(outcome: CallOutcome): Promise<boolean> {
    const result = await db
      .updateTable('call_logs')
      .set({
        outcome: outcome.status,
        outcome_reason: outcome.reason,
        unique_id: outcome.uniqueId ?? null,
        updated_at: sql<string>`date_trunc('second', localtimestamp)`,
      })
      .where('action_id', '=', outcome.actionId)
      // ActionIDs are unique per AMI connection; the user pins the row even across server restarts.
      .where('user_id', '=', outcome.userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    async record(entry) {
      await db
        .insertInto('call_logs')
        .values({
          user_id: entry.userId,
          lead_id: entry.leadId,
          dahili: entry.dahili,
          number: entry.number,
          line_prefix: entry.linePrefix,
          status: entry.status,
          message: entry.message,
          action_id: entry.actionId ?? null,
        })
        .execute();
      const parked = entry.actionId ? early.get(entry.actionId) : undefined;
      if (parked && entry.actionId) {
        early.delete(entry.actionId);
        await writeOutcome(parked.outcome);
      }
    },

    async recordOutcome(outcome) {
      if (await writeOutcome(outcome)) return;
      park(outcome);
      if (await writeOutcome(outcome)) early.delete(outcome.actionId);
    },
  };
}
