import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallHistoryRow, CallResult, contract } from '../../../shared/contract';
import { isCallablePhone, normalizePhone } from '../../../shared/domain/phone';
import { messages } from '../../../shared/i18n/messages';
import {
  parseFastCallLine,
  telephonyMessages,
  validateCallRequest,
  type CallAttemptResult,
  type CallLinePrefix,
  type TelephonyAdapter,
} from '../../adapters/telephony/telephony';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { EngineUser } from '../../engine/types';
import type { CallAttemptEntry, CallLog, ReplayedAttempt } from './call-log';

type MakeCallBody = z.output<(typeof contract)['makeCall']['body']>;
type MakeFastCallBody = z.output<(typeof contract)['makeFastCall']['body']>;

/** What the call routes need of the signed-in user: the engine's view plus the profile's extension. */
export type CallingUser = EngineUser & { dahili: string | null };

export interface CallsService {
  /** POST /makecall: one of the lead's own numbers, chosen by `phone`. */
  makeCall(user: CallingUser, body: MakeCallBody): Promise<CallResult<'makeCall'>>;
  /** POST /makeFastCall: the lead's number over line `hat`. */
  makeFastCall(user: CallingUser, body: MakeFastCallBody): Promise<CallResult<'makeFastCall'>>;
  /** POST /calls/{leadId}: the lead's calls, for users who see the lead and its history tab. */
  history(user: CallingUser, leadId: number): Promise<CallHistoryRow[]>;
}

export interface CallsServiceDeps {
  db: Kysely<Database>;
  /** The lead-visibility check every lead child shares (compose.ts builds it once). */
  leadScope: LeadScope;
  telephony: TelephonyAdapter;
  callLog: CallLog;
}

/** Lead columns holding numbers; this order is the fast call's preference (see docs/requirements.md#records-notes-and-settings phone, mobile, phone_2). */
const PHONE_COLUMNS = ['phone', 'mobile', 'phone_2'] as const;
/** The lead detail tab the call history belongs to (option list 130: gecmis). */
const HISTORY_MODULE = 'gecmis';
/** Log columns hold what was asked, cut so a hostile request cannot fill the log. */
const MAX_LOGGED_TEXT = 32;

interface LeadNumbers {
  /** Numbers of the lead in PHONE_COLUMNS order, with whether the user may read that column. */
  numbers: { raw: string; readable: boolean }[];
}

type AttemptBase = Omit<CallAttemptEntry, 'status' | 'message' | 'actionId'>;

const clip = (text: string): string => text.slice(0, MAX_LOGGED_TEXT);
const digitsOrNull = (raw: string): string | null => clip(normalizePhone(raw)) || null;

export function createCallsService({ db, leadScope, telephony, callLog }: CallsServiceDeps): CallsService {
  /**
   * The lead if the user may see it (leads table shown, row inside the scope), else undefined: the same
   * 404 for "missing" and "not yours". Phone columns are read server-side even when the user may not read
   * them: a fast call dials without showing the number.
   */
  async function findLead(user: CallingUser, leadId: number): Promise<LeadNumbers | undefined> {
    const access = await leadScope.access(user);
    if (!access) return undefined;
    const columns = PHONE_COLUMNS.filter((name) => access.table.columns.has(name));
    const row = await selectRow(db, access, leadId, ['id', ...columns]);
    if (!row) return undefined;
    const numbers = columns.flatMap((name) => {
      const raw = row[name];
      return typeof raw === 'string' && raw.trim() !== ''
        ? [{ raw, readable: access.readableNames.has(name) }]
        : [];
    });
    return { numbers };
  }

  /** Logs a refused attempt and throws its answer. */
  async function refuse(base: AttemptBase, error: DomainError): Promise<never> {
    await callLog.record({ ...base, status: 'refused', message: error.message });
    throw error;
  }

  /** findLead, with every refusal on the way (404, a broken stored restriction's 403) logged. */
  async function requireLead(user: CallingUser, base: AttemptBase): Promise<LeadNumbers> {
    let lead: LeadNumbers | undefined;
    try {
      lead = await findLead(user, base.leadId);
    } catch (error) {
      if (isDomainError(error)) return refuse(base, error);
      throw error;
    }
    return lead ?? refuse(base, recordNotFound());
  }

  /** The answer of an earlier request of the same click, as it was given (nothing is dialled again). */
  function replayAnswer(attempt: ReplayedAttempt): CallResult<'makeCall'> {
    const state = attempt.status === 'refused' ? 'failed' : attempt.status;
    return { success: state !== 'failed', msg: attempt.message, state };
  }

  /**
   * One click, one attempt: the row is written as pending with its ActionID before the PBX is asked, so
   * a late answer and the outcome land on it; a repeated click id replays, and a new call while the
   * agent's previous one still waits for its outcome is refused (409) rather than dialled twice.
   */
  async function dial(
    base: AttemptBase,
    request: { dahili: string; number: string; linePrefix: CallLinePrefix },
    requestId: string | undefined,
  ): Promise<CallResult<'makeCall'>> {
    const entry = { ...base, ...request };
    const start = await callLog.begin(entry, { requestId, pendingWindowMs: telephony.outcomeWindowMs });
    if (start.kind === 'replay') return replayAnswer(start.attempt);
    if (start.kind === 'busy') return refuse(entry, DomainError.conflict(messages.callStillPending));
    let result: CallAttemptResult;
    try {
      result = await telephony.originate({
        ...request,
        leadId: base.leadId,
        userId: base.userId,
        actionId: start.actionId,
      });
    } catch (error) {
      // The adapter answers PBX trouble itself; this is a bug, still an attempt to keep in the log.
      await callLog.settle(start.id, { status: 'failed', message: messages.serverError });
      throw error;
    }
    await callLog.settle(start.id, { status: result.status, message: result.message });
    return { success: result.status !== 'failed', msg: result.message, state: result.status };
  }

  function attemptBase(user: CallingUser, leadId: number, linePrefix: string): AttemptBase {
    const dahili = user.dahili?.trim() ?? '';
    return { userId: user.id, leadId, dahili: dahili ? clip(dahili) : null, number: null, linePrefix };
  }

  return {
    async makeCall(user, body) {
      const base: AttemptBase = { ...attemptBase(user, body.lead_id, ''), number: digitsOrNull(body.phone) };
      const lead = await requireLead(user, base);
      const check = validateCallRequest({ dahili: user.dahili, phone: body.phone });
      if (!check.ok) return refuse(base, DomainError.invalid(check.message));
      // Only a number of this lead that the user may read: never one the client made up, and no way to
      // test guesses against a column hidden from the user.
      const ofLead = lead.numbers.some(
        ({ raw, readable }) => readable && isCallablePhone(raw) && normalizePhone(raw) === check.number,
      );
      if (!ofLead) return refuse(base, DomainError.invalid(messages.callNumberNotOfLead));
      return dial(base, { dahili: check.dahili, number: check.number, linePrefix: '' }, body.attempt_id);
    },

    async makeFastCall(user, body) {
      const base = attemptBase(user, body.lead_id, clip(String(body.hat).trim()));
      const lead = await requireLead(user, base);
      const linePrefix = parseFastCallLine(body.hat);
      if (linePrefix === null) return refuse(base, DomainError.invalid(telephonyMessages.invalidCallLine));
      // The lead's first callable number; failing that its first number, so the refusal names the problem.
      const phone = (lead.numbers.find(({ raw }) => isCallablePhone(raw)) ?? lead.numbers[0])?.raw ?? null;
      const withNumber: AttemptBase = { ...base, number: phone === null ? null : digitsOrNull(phone) };
      const check = validateCallRequest({ dahili: user.dahili, phone });
      if (!check.ok) return refuse(withNumber, DomainError.invalid(check.message));
      return dial(withNumber, { dahili: check.dahili, number: check.number, linePrefix }, body.attempt_id);
    },

    async history(user, leadId) {
      await leadScope.requireLead(user, leadId, { module: HISTORY_MODULE });
      return callLog.history(leadId);
    },
  };
}
