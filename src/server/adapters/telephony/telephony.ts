import type { AmiClientFactory } from './ami-client';
import { createAmiTelephony } from './ami-telephony';
import { findOriginateProblem } from './fast-call-lines';
import { parseTelephonyEnv, type TelephonyEnv } from './telephony-config';
import { telephonyMessages } from './telephony-messages';
import type {
  CallAttemptResult,
  OriginateRequest,
  TelephonyAdapter,
  TelephonyHooks,
} from './telephony-types';

/** Entry point for the /makecall and /makeFastCall routes. */
export type {
  CallAttemptResult,
  CallAttemptStatus,
  CallOutcome,
  CallOutcomeStatus,
  OriginateRequest,
  TelephonyAdapter,
  TelephonyCheck,
  TelephonyHooks,
  TelephonyKind,
} from './telephony-types';
export {
  createAmiTelephony,
  describeOriginateResponse,
  DEFAULT_ORIGINATE_TIMEOUT_MS,
  type AmiTelephonyConfig,
  type ChannelTech,
} from './ami-telephony';
export {
  AMI_ENV_DEFAULTS,
  parseTelephonyEnv,
  TelephonyConfigError,
  type TelephonyEnv,
  type TelephonyEnvConfig,
} from './telephony-config';
export {
  FAST_CALL_LINES,
  fastCallLineName,
  parseFastCallLine,
  validateCallRequest,
  type CallLinePrefix,
  type CallRequestCheck,
  type FastCallLine,
  type FastCallLinePrefix,
} from './fast-call-lines';
export { telephonyMessages } from './telephony-messages';

/**
 * The embedded default without a PBX: nothing is dialled, the route still records the call attempt.
 * It checks the request like the AMI adapter so a route bug shows up without a PBX too.
 */
export function createLogOnlyTelephony(): TelephonyAdapter {
  return {
    kind: 'log-only',
    target: null,
    // Nothing rings, so no attempt waits for an outcome.
    outcomeWindowMs: 0,
    check: () => Promise.resolve({ ok: true }),
    originate: (request: OriginateRequest): Promise<CallAttemptResult> => {
      const problem = findOriginateProblem(request);
      return Promise.resolve(
        problem
          ? { status: 'failed', message: problem }
          : { status: 'logged', message: telephonyMessages.callLoggedNoPbx },
      );
    },
    close: () => Promise.resolve(),
  };
}

/** AMI when AMI_HOST is set, else log-only. Throws TelephonyConfigError at start for a broken AMI setup. */
export function createTelephonyFromEnv(
  env: TelephonyEnv,
  options: TelephonyHooks & { clientFactory?: AmiClientFactory } = {},
): TelephonyAdapter {
  const config = parseTelephonyEnv(env);
  if (config.kind === 'log-only') return createLogOnlyTelephony();
  const { clientFactory, ...hooks } = options;
  return createAmiTelephony({ ...config.ami, ...hooks }, clientFactory);
}
