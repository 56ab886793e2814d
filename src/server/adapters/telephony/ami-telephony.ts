import { format, messages } from '../../../shared/i18n/messages';
import { silentAdapterLog } from '../adapter-log';
import {
  amiField,
  createAmiClient,
  isAmiError,
  type AmiClientFactory,
  type AmiClientState,
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
  TelephonyCheck,
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
  /**
   * How long the agent waits for the PBX to take the call before being told it is pending (the call may
   * still happen; its outcome follows). The PBX's answer itself is awaited as long as the outcome.
   */
  responseTimeoutMs?: number;
}

export const DEFAULT_ORIGINATE_TIMEOUT_MS = 30_000;
export const DEFAULT_RESPONSE_TIMEOUT_MS = 10_000;
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

/** The state changes worth a log line: a failure (with its error) or a (re)established session. */
function logStateChange(
  log: NonNullable<TelephonyHooks['log']>,
  where: { host: string; port: number },
  state: AmiClientState,
  error: AmiError | undefined,
): void {
  if (error) {
    log.warn(
      { adapter: 'ami', ...where, state, code: error.code, reason: error.message },
      error.code === 'auth' ? 'AMI login refused' : 'AMI connection failed',
    );
  } else if (state === 'connected') {
    log.info({ adapter: 'ami', ...where }, 'AMI connected');
  }
}

/**
 * Click-to-call through Asterisk: Originate rings the agent's extension first and, on answer, dials
 * line prefix + number in the configured context. The answer is 'queued' as soon as the PBX accepts,
 * 'pending' when it does not answer in time (a late PBX still runs the call, so the attempt is not
 * called failed); the later OriginateResponse goes to onOutcome either way. Connects on check() or on
 * the first call.
 */
export function createAmiTelephony(
  config: AmiTelephonyConfig,
  clientFactory: AmiClientFactory = createAmiClient,
): TelephonyAdapter {
  const timeoutMs = config.originateTimeoutMs ?? DEFAULT_ORIGINATE_TIMEOUT_MS;
  const log = config.log ?? silentAdapterLog;
  const where = { host: config.host, port: config.port };
  const client = clientFactory({
    host: config.host,
    port: config.port,
    username: config.username,
    secret: config.secret,
    events: 'call',
    onStateChange: (state, error) => logStateChange(log, where, state, error),
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

  /** Connection failures were logged by the state change already; this says what the agent reads. */
  async function connect(): Promise<CallAttemptResult | null> {
    try {
      await client.connect();
      return null;
    } catch (error) {
      if (isAmiError(error)) return { status: 'failed', message: describeAmiFailure(error) };
      throw error;
    }
  }

  function followOutcome(
    base: Omit<CallOutcome, 'status' | 'reason' | 'message'>,
    outcome: Promise<AmiMessage>,
  ) {
    outcome.then(
      (event) => {
        const uniqueId = amiField(event, 'Uniqueid');
        report({ ...base, ...describeOriginateResponse(event), ...(uniqueId ? { uniqueId } : {}) });
      },
      (error: unknown) => {
        // After close() the server is shutting down; nothing is left to record the outcome.
        if (isAmiError(error) && error.code === 'closed') return;
        if (isAmiError(error) && error.code === 'rejected') {
          log.warn(
            { adapter: 'ami', actionId: base.actionId, reason: error.message },
            'AMI Originate refused late',
          );
          report({
            ...base,
            status: 'refused',
            reason: null,
            message: telephonyMessages.pbxRejectedNoReason,
          });
          return;
        }
        // A lost connection was logged by the state change; a missing event is worth its own line.
        if (isAmiError(error) && error.code === 'timeout') {
          log.warn(
            { adapter: 'ami', actionId: base.actionId, reason: error.message },
            'AMI outcome never came',
          );
        }
        report({ ...base, status: 'unknown', reason: null, message: telephonyMessages.outcomeUnknown });
      },
    );
  }

  const originate = async (request: OriginateRequest): Promise<CallAttemptResult> => {
    const problem = findOriginateProblem(request);
    if (problem) return { status: 'failed', message: problem };
    const exten = `${request.linePrefix}${request.number}`;
    const notConnected = await connect();
    if (notConnected) return notConnected;
    let handle;
    try {
      handle = await client.originate(
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
        {
          outcomeTimeoutMs: timeoutMs + OUTCOME_GRACE_MS,
          actionId: request.actionId,
          timeoutMs: config.responseTimeoutMs,
        },
      );
    } catch (error) {
      if (!isAmiError(error)) throw error;
      if (error.code !== 'connection-lost') {
        log.warn(
          { adapter: 'ami', actionId: request.actionId, code: error.code, reason: error.message },
          'AMI Originate failed',
        );
      }
      return { status: 'failed', message: describeAmiFailure(error) };
    }
    const { actionId } = handle;
    if (!handle.outcome) {
      const reason = handle.response ? amiField(handle.response, 'Message') : undefined;
      log.warn({ adapter: 'ami', actionId, reason: reason ?? null }, 'AMI Originate refused');
      const message = reason
        ? format(telephonyMessages.pbxRejected, { message: reason })
        : telephonyMessages.pbxRejectedNoReason;
      return { status: 'failed', message, actionId };
    }
    followOutcome(
      { actionId, leadId: request.leadId, userId: request.userId, dahili: request.dahili, exten },
      handle.outcome,
    );
    if (handle.response === null) {
      log.warn(
        { adapter: 'ami', ...where, actionId },
        'AMI Originate not answered in time; waiting for its outcome',
      );
      return { status: 'pending', message: messages.callPending, actionId };
    }
    return { status: 'queued', message: telephonyMessages.callQueued, actionId };
  };

  const check = async (): Promise<TelephonyCheck> => {
    try {
      await client.connect();
      return { ok: true };
    } catch (error) {
      if (!isAmiError(error)) throw error;
      return { ok: false, message: describeAmiFailure(error), detail: error.message };
    }
  };

  return {
    kind: 'ami',
    target: `${config.host}:${config.port}`,
    outcomeWindowMs: timeoutMs + OUTCOME_GRACE_MS,
    originate,
    check,
    close: () => client.close(),
  };
}
