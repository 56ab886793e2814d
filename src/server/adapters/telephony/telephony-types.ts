import type { CallOutcomeStatus } from '../../../shared/contract/calls';
import type { AdapterLog } from '../adapter-log';
import type { CallLinePrefix } from './fast-call-lines';

export interface OriginateRequest {
  /** The agent's extension from the profile; the PBX rings it first. */
  dahili: string;
  /** 10 digits, already normalised (see validateCallRequest). */
  number: string;
  linePrefix: CallLinePrefix;
  leadId: number;
  userId: number;
  /** Shown on the agent's phone; defaults to the lead reference. */
  callerId?: string;
  /**
   * The AMI ActionID of this attempt. The caller picks it so the attempt's log row exists before the PBX
   * hears of the call, and its outcome finds the row however late it comes. Default: the client's own.
   */
  actionId?: string;
}

/**
 * queued: the PBX accepted the call; pending: the PBX did not answer in time, so the call may still
 * happen (its outcome follows); logged: no PBX, only recorded; failed: nothing was dialled.
 */
export type CallAttemptStatus = 'queued' | 'pending' | 'logged' | 'failed';

export interface CallAttemptResult {
  status: CallAttemptStatus;
  /** Turkish, ready to show to the agent. */
  message: string;
  actionId?: string;
}

/** The statuses are the contract's: they travel to the agent in the callOutcome push. */
export type { CallOutcomeStatus };

/** What became of a queued call (the AMI OriginateResponse), for the server to log. */
export interface CallOutcome {
  actionId: string;
  leadId: number;
  userId: number;
  dahili: string;
  /** What the PBX dialled after the agent answered: line prefix plus number. */
  exten: string;
  status: CallOutcomeStatus;
  /** Asterisk's Reason code; null when no OriginateResponse arrived. */
  reason: number | null;
  /** Turkish. */
  message: string;
  /** Asterisk's Uniqueid of the agent's channel, to match CDR rows later. */
  uniqueId?: string;
}

export interface TelephonyHooks {
  onOutcome?: (outcome: CallOutcome) => void | Promise<void>;
  /** Errors thrown by onOutcome; they cannot reach any request, so they are handed here. */
  onError?: (error: unknown) => void;
  /** PBX trouble (login refused, connection refused or lost, timeouts): one warn line each. */
  log?: AdapterLog;
}

export type TelephonyKind = 'ami' | 'log-only';

/** Whether the PBX can be used now: ok, or why not (Turkish for people, detail for the log). */
export type TelephonyCheck = { ok: true } | { ok: false; message: string; detail: string };

export interface TelephonyAdapter {
  readonly kind: TelephonyKind;
  /** host:port of the PBX; null without one. */
  readonly target: string | null;
  /**
   * How long an attempt may stay without an outcome (the ring timeout plus a grace period); 0 when the
   * adapter reports no outcomes. Until then a new call of the same agent would be a duplicate.
   */
  readonly outcomeWindowMs: number;
  /** Never rejects for PBX or input problems: those come back as status 'failed' with a Turkish message. */
  originate(request: OriginateRequest): Promise<CallAttemptResult>;
  /** Connects (and logs in) now, so a wrong secret shows at start rather than at an agent's first call. */
  check(): Promise<TelephonyCheck>;
  close(): Promise<void>;
}
