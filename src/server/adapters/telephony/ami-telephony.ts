import { format, messages } from '../../../shared/i18n/messages';
import {
  amiField,
  createAmiClient,
  isAmiError,
  type AmiClientFactory,
  type AmiError,
  type AmiMessage,
} from './ami-client';
import { findOriginateProblem } from './fast-call-lines';
import { telephonyMessages } from './telephony-messages';
import type {
  CallAttemptResult,
  CallOutcome,
  CallOutcomeStatus,
  OriginateRequest,
  TelephonyAdapter,
  TelephonyHooks,
} from './telephony-types';

export type ChannelTech = 'PJSIP' | 'SIP';

export interface AmiTelephonyConfig extends TelephonyHooks {
  host: string;
  port: number;
  username: string;
  secret: string;
  /** Dialplan context where Exten (line prefix + number) is dialled once the agent answers. */
  context: string;
  /** PJSIP on current Asterisk/FreePBX, SIP on old chan_sip servers. */
  channelTech: ChannelTech;
  /** How long the agent's phone may ring (AMI Timeout, ms). */
  originateTimeoutMs?: number;
}

export const DEFAULT_ORIGINATE_TIMEOUT_MS = 30_000;
/** OriginateResponse comes when the agent's phone answers or gives up; allow for a slow PBX on top. */
const OUTCOME_GRACE_MS = 15_000;

const REASONS: Readonly<Record<number, { status: CallOutcomeStatus; message: string }>> = {
  0: { status: 'unreachable', message: telephonyMessages.outcomeUnreachable },
  1: { status: 'hung-up', message: telephonyMessages.outcomeHungUp },
  3: { status: 'no-answer', message: telephonyMessages.outcomeNoAnswer },
  4: { status: 'answered', message: telephonyMessages.outcomeAnswered },
  5: { status: 'busy', message: telephonyMessages.outcomeBusy },
  8: { status: 'congestion', message: telephonyMessages.outcomeCongestion },
};

/** Maps an OriginateResponse event (Response Success|Failure, Reason code) to a status and Turkish text. */
export function describeOriginateResponse(event: AmiMessage): {
  status: CallOutcomeStatus;
  reason: number | null;
  message: string;
} {
  const reasonText = amiField(event, 'Reason')?.trim() ?? '';
  const reason = /^\d+$/.test(reasonText) ? Number(reasonText) : null;
  const known = reason === null ? undefined : REASONS[reason];
  if (known) return { ...known, reason };
  if (amiField(event, 'Response')?.toLowerCase() === 'success') {
    return { status: 'answered', reason, message: telephonyMessages.outcomeAnswered };
  }
  const message =
    reason === null
      ? telephonyMessages.outcomeFailedNoReason
      : format(telephonyMessages.outcomeFailed, { reason });
  return { status: 'failed', reason, message };
}

function describeAmiFailure(error: AmiError): string {
  switch (error.code) {
    case 'auth':
      return telephonyMessages.pbxLoginFailed;
    case 'timeout':
      return telephonyMessages.pbxTimeout;
    case 'connection-lost':
      return telephonyMessages.pbxConnectionLost;
    case 'invalid-action':
      return messages.invalidRequest;
    default:
      return telephonyMessages.pbxUnreachable;
  }
}

/** The agent's phone shows which lead is being called; the number part stays the agent's own extension
 * so a dialplan that passes CallerID on to the trunk never sends the customer's number as ours. */
function defaultCallerId(request: OriginateRequest): string {
  return `"${format(messages.leadRef, { id: request.leadId })}" <${request.dahili}>`;
}

/**
 * Click-to-call through Asterisk: Originate rings the agent's extension first and, on answer, dials
 * line prefix + number in the configured context. The answer is 'queued' as soon as the PBX accepts;
 * the later OriginateResponse goes to onOutcome. Connects lazily on the first call.
 */
export function createAmiTelephony(
  config: AmiTelephonyConfig,
  clientFactory: AmiClientFactory = createAmiClient,
): TelephonyAdapter {
  const timeoutMs = config.originateTimeoutMs ?? DEFAULT_ORIGINATE_TIMEOUT_MS;
  const client = clientFactory({
    host: config.host,
    port: config.port,
    username: config.username,
    secret: config.secret,
    events: 'call',
  });
  const onError =
    config.onError ?? ((error: unknown) => console.error('Telephony outcome handler failed', error));

  const report = (outcome: CallOutcome): void => {
    const { onOutcome } = config;
    if (!onOutcome) return;
    // Runs detached from any request; a failing logger must not become an unhandled rejection.
    Promise.resolve()
      .then(() => onOutcome(outcome))
      .catch(onError);
  };

  const originate = async (request: OriginateRequest): Promise<CallAttemptResult> => {
    const problem = findOriginateProblem(request);
    if (problem) return { status: 'failed', message: problem };
    const exten = `${request.linePrefix}${request.number}`;
    try {
      await client.connect();
      const handle = await client.originate(
        {
          Channel: `${config.channelTech}/${request.dahili}`,
          Context: config.context,
          Exten: exten,
          Priority: 1,
          CallerID: request.callerId ?? defaultCallerId(request),
          Timeout: timeoutMs,
          Async: true,
          Variable: [`lead_id=${request.leadId}`, `user_id=${request.userId}`],
        },
        { outcomeTimeoutMs: timeoutMs + OUTCOME_GRACE_MS },
      );
      const { actionId } = handle;
      if (!handle.outcome) {
        const reason = amiField(handle.response, 'Message');
        const message = reason
          ? format(telephonyMessages.pbxRejected, { message: reason })
          : telephonyMessages.pbxRejectedNoReason;
        return { status: 'failed', message, actionId };
      }
      const base = {
        actionId,
        leadId: request.leadId,
        userId: request.userId,
        dahili: request.dahili,
        exten,
      };
      handle.outcome.then(
        (event) => {
          const uniqueId = amiField(event, 'Uniqueid');
          report({ ...base, ...describeOriginateResponse(event), ...(uniqueId ? { uniqueId } : {}) });
        },
        (error: unknown) => {
          // After close() the server is shutting down; nothing is left to record the outcome.
          if (isAmiError(error) && error.code === 'closed') return;
          report({ ...base, status: 'unknown', reason: null, message: telephonyMessages.outcomeUnknown });
        },
      );
      return { status: 'queued', message: telephonyMessages.callQueued, actionId };
    } catch (error) {
      if (isAmiError(error)) return { status: 'failed', message: describeAmiFailure(error) };
      throw error;
    }
  };

  return { kind: 'ami', originate, close: () => client.close() };
}
