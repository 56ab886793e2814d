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
}

/** queued: the PBX accepted the call; logged: no PBX, only recorded; failed: nothing was dialled. */
export type CallAttemptStatus = 'queued' | 'logged' | 'failed';

export interface CallAttemptResult {
  status: CallAttemptStatus;
  /** Turkish, ready to show to the agent. */
  message: string;
  actionId?: string;
}

export type CallOutcomeStatus =
  'answered' | 'unreachable' | 'hung-up' | 'no-answer' | 'busy' | 'congestion' | 'failed' | 'unknown';

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
}

export type TelephonyKind = 'ami' | 'log-only';

export interface TelephonyAdapter {
  readonly kind: TelephonyKind;
  /** Never rejects for PBX or input problems: those come back as status 'failed' with a Turkish message. */
  originate(request: OriginateRequest): Promise<CallAttemptResult>;
  close(): Promise<void>;
}
