import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  callOutcomeStatusSchema,
  type CallAttemptState,
  type CallHistoryRow,
  type CallOutcomeStatus,
} from '../../../shared/contract/calls';
import { messages } from '../../../shared/i18n/messages';
import type { CallOutcome } from '../../adapters/telephony/telephony';
import type { CallLogStatus, Database } from '../../db/schema';

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

/** What the agent was answered with for an earlier request of the same click. */
export interface ReplayedAttempt {
  status: CallLogStatus;
  message: string;
}

export type AttemptStart =
  /** Written as pending; dial with this ActionID, then settle(). */
  | { kind: 'started'; id: number; actionId: string }
  /** The same click again: answer as before, dial nothing. */
  | { kind: 'replay'; attempt: ReplayedAttempt }
  /** Another call of this agent still waits for its outcome. */
  | { kind: 'busy' };

/** The row an outcome was written to, for the push to the agent. */
export interface RecordedOutcome {
  id: number;
  leadId: number;
  userId: number;
  status: CallOutcomeStatus;
  message: string;
}

export interface CallLog {
  /** A request stopped before reaching the telephony adapter (refusals). */
  record(entry: CallAttemptEntry): Promise<void>;
  /**
   * Writes the attempt as pending, with its ActionID, before the PBX hears of it, so its outcome always
   * finds the row. Serialised per agent: a click whose request id was seen replays, and while another of
   * the agent's calls is younger than `pendingWindowMs` and has no outcome the agent is busy.
   */
  begin(
    entry: Omit<CallAttemptEntry, 'status' | 'message' | 'actionId'>,
    options: { requestId?: string | undefined; pendingWindowMs: number },
  ): Promise<AttemptStart>;
  /** What the adapter answered. A status other than pending only replaces pending (an early outcome wins). */
  settle(id: number, result: { status: CallAttemptState; message: string }): Promise<void>;
  /** The telephony adapter's onOutcome hook: fills outcome columns of the row with that ActionID. */
  recordOutcome(outcome: CallOutcome): Promise<RecordedOutcome | null>;
  /** The lead's calls (refusals left out), newest first. */
  history(leadId: number, limit?: number): Promise<CallHistoryRow[]>;
}

/** pg_advisory_xact_lock(class, user): one key space for call attempts, one lock per agent. */
const CALL_LOCK_CLASS = 7_201_016;
const HISTORY_LIMIT = 100;
const ATTEMPT_STATES: readonly CallAttemptState[] = ['queued', 'pending', 'logged', 'failed'];

function isAttemptState(status: string): status is CallAttemptState {
  return (ATTEMPT_STATES as readonly string[]).includes(status);
}

/** A stored outcome as the contract names it (its enum is the one list of outcomes). */
function asOutcomeStatus(value: string | null): CallOutcomeStatus | null {
  const parsed = callOutcomeStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The status a pending row takes when its outcome arrives: the PBX took the call, unless it refused. */
function statusAfterOutcome(outcome: CallOutcomeStatus): CallLogStatus {
  return outcome === 'refused' ? 'failed' : 'queued';
}

/** call_logs: one row per attempt, written before the PBX is asked and completed by its outcome. */
export function createCallLog(db: Kysely<Database>): CallLog {
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
    },

    begin(entry, { requestId, pendingWindowMs }) {
      return db.transaction().execute(async (trx): Promise<AttemptStart> => {
        // Two clicks of one agent (or two windows, or two server nodes) are decided one after the other.
        await sql`select pg_advisory_xact_lock(${CALL_LOCK_CLASS}::int, ${entry.userId}::int)`.execute(trx);
        if (requestId !== undefined) {
          const seen = await trx
            .selectFrom('call_logs')
            .select(['status', 'message'])
            .where('user_id', '=', entry.userId)
            .where('request_id', '=', requestId)
            .executeTakeFirst();
          if (seen) return { kind: 'replay', attempt: seen };
        }
        if (pendingWindowMs > 0) {
          const waiting = await trx
            .selectFrom('call_logs')
            .select('id')
            .where('user_id', '=', entry.userId)
            .where('status', 'in', ['pending', 'queued'])
            .where('outcome', 'is', null)
            .where(
              'created_at',
              '>',
              sql<string>`localtimestamp - make_interval(secs => ${Math.ceil(pendingWindowMs / 1000)}::integer)`,
            )
            .limit(1)
            .executeTakeFirst();
          if (waiting) return { kind: 'busy' };
        }
        // Unique across nodes and restarts, and safe on an AMI line.
        const actionId = `crm-${randomUUID()}`;
        const row = await trx
          .insertInto('call_logs')
          .values({
            user_id: entry.userId,
            lead_id: entry.leadId,
            dahili: entry.dahili,
            number: entry.number,
            line_prefix: entry.linePrefix,
            status: 'pending',
            message: messages.callPending,
            action_id: actionId,
            request_id: requestId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { kind: 'started', id: row.id, actionId };
      });
    },

    async settle(id, result) {
      await db
        .updateTable('call_logs')
        .set({
          status: sql<CallLogStatus>`case when status = 'pending' then ${result.status} else status end`,
          message: result.message,
        })
        .where('id', '=', id)
        .execute();
    },

    async recordOutcome(outcome) {
      const row = await db
        .updateTable('call_logs')
        .set({
          outcome: outcome.status,
          outcome_reason: outcome.reason,
          outcome_message: outcome.message,
          unique_id: outcome.uniqueId ?? null,
          status: sql<CallLogStatus>`case when status = 'pending' then ${statusAfterOutcome(outcome.status)} else status end`,
          updated_at: sql<string>`date_trunc('second', localtimestamp)`,
        })
        .where('action_id', '=', outcome.actionId)
        // ActionIDs are random UUIDs; the user pins the row all the same.
        .where('user_id', '=', outcome.userId)
        .returning(['id', 'lead_id', 'user_id'])
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        leadId: Number(row.lead_id),
        userId: row.user_id,
        status: outcome.status,
        message: outcome.message,
      };
    },

    async history(leadId, limit = HISTORY_LIMIT) {
      const rows = await db
        .selectFrom('call_logs')
        .leftJoin('users', 'users.id', 'call_logs.user_id')
        .select([
          'call_logs.id',
          'call_logs.created_at',
          'users.name as agent_name',
          'call_logs.line_prefix',
          'call_logs.status',
          'call_logs.message',
          'call_logs.outcome',
          'call_logs.outcome_message',
          'call_logs.updated_at',
        ])
        .where('call_logs.lead_id', '=', leadId)
        .where('call_logs.status', '!=', 'refused')
        .orderBy('call_logs.id', 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap((row): CallHistoryRow[] =>
        isAttemptState(row.status)
          ? [
              {
                id: row.id,
                created_at: row.created_at,
                agent_name: row.agent_name,
                line_prefix: row.line_prefix,
                state: row.status,
                message: row.message,
                outcome: asOutcomeStatus(row.outcome),
                outcome_message: row.outcome_message,
                outcome_at: row.outcome === null ? null : row.updated_at,
              },
            ]
          : [],
      );
    },
  };
}
