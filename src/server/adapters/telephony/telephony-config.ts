import {
  DEFAULT_ORIGINATE_TIMEOUT_MS,
  DEFAULT_RESPONSE_TIMEOUT_MS,
  type AmiTelephonyConfig,
  type ChannelTech,
} from './ami-telephony';

export type TelephonyEnv = Readonly<Record<string, string | undefined>>;

/** The AMI part of the configuration; hooks are added by the caller. */
export type AmiEnvConfig = Omit<AmiTelephonyConfig, 'onOutcome' | 'onError' | 'log'>;

export type TelephonyEnvConfig = { kind: 'log-only' } | { kind: 'ami'; ami: Required<AmiEnvConfig> };

export const AMI_ENV_DEFAULTS = {
  port: 5038,
  context: 'from-internal',
  channelTech: 'PJSIP',
  originateTimeoutMs: DEFAULT_ORIGINATE_TIMEOUT_MS,
  responseTimeoutMs: DEFAULT_RESPONSE_TIMEOUT_MS,
} as const;

/** Startup error listing every problem at once, so a deployment is fixed in one go. */
export class TelephonyConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid telephony (Asterisk AMI) configuration: ${problems.join('; ')}`);
    this.name = 'TelephonyConfigError';
    this.problems = problems;
  }
}

const CHANNEL_TECHS: readonly ChannelTech[] = ['PJSIP', 'SIP'];
// Asterisk context names; also keeps anything that could break an AMI line out of Context.
const CONTEXT_PATTERN = /^[A-Za-z0-9_.-]+$/;
const HOST_PATTERN = /^[^\s/]+$/;
const LINE_BREAK = /[\r\n]/;

function readText(env: TelephonyEnv, name: string): string {
  return (env[name] ?? '').trim();
}

function readInteger(
  env: TelephonyEnv,
  name: string,
  fallback: number,
  range: { min: number; max: number },
  problems: string[],
): number {
  const text = readText(env, name);
  if (text === '') return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(value) && value >= range.min && value <= range.max) return value;
  problems.push(`${name} must be a whole number from ${range.min} to ${range.max} (got "${text}")`);
  return fallback;
}

/**
 * AMI when AMI_HOST is set (AMI_PORT 5038, AMI_CONTEXT from-internal, AMI_CHANNEL_TECH PJSIP,
 * AMI_ORIGINATE_TIMEOUT_MS 30000, AMI_RESPONSE_TIMEOUT_MS 10000 by default; AMI_USERNAME and AMI_SECRET
 * required), otherwise log-only.
 * Throws TelephonyConfigError for an unusable AMI setup rather than failing at the first call.
 */
export function parseTelephonyEnv(env: TelephonyEnv): TelephonyEnvConfig {
  const host = readText(env, 'AMI_HOST');
  if (host === '') return { kind: 'log-only' };
  const problems: string[] = [];
  if (!HOST_PATTERN.test(host)) problems.push(`AMI_HOST must be a host name or IP address (got "${host}")`);

  const port = readInteger(env, 'AMI_PORT', AMI_ENV_DEFAULTS.port, { min: 1, max: 65_535 }, problems);
  const originateTimeoutMs = readInteger(
    env,
    'AMI_ORIGINATE_TIMEOUT_MS',
    AMI_ENV_DEFAULTS.originateTimeoutMs,
    { min: 1_000, max: 300_000 },
    problems,
  );
  const responseTimeoutMs = readInteger(
    env,
    'AMI_RESPONSE_TIMEOUT_MS',
    AMI_ENV_DEFAULTS.responseTimeoutMs,
    { min: 100, max: 60_000 },
    problems,
  );

  const username = readText(env, 'AMI_USERNAME');
  if (username === '') problems.push('AMI_USERNAME is required when AMI_HOST is set');
  else if (LINE_BREAK.test(username)) problems.push('AMI_USERNAME must be a single line');
  // Secrets may legitimately start or end with spaces, so only emptiness and line breaks are checked.
  const secret = env.AMI_SECRET ?? '';
  if (secret === '') problems.push('AMI_SECRET is required when AMI_HOST is set');
  else if (LINE_BREAK.test(secret)) problems.push('AMI_SECRET must be a single line');

  const context = readText(env, 'AMI_CONTEXT') || AMI_ENV_DEFAULTS.context;
  if (!CONTEXT_PATTERN.test(context)) {
    problems.push(`AMI_CONTEXT may only hold letters, digits, "_", "-" and "." (got "${context}")`);
  }

  const techText = (readText(env, 'AMI_CHANNEL_TECH') || AMI_ENV_DEFAULTS.channelTech).toUpperCase();
  const channelTech = CHANNEL_TECHS.find((tech) => tech === techText);
  if (!channelTech) problems.push(`AMI_CHANNEL_TECH must be PJSIP or SIP (got "${techText}")`);

  if (problems.length > 0 || !channelTech) throw new TelephonyConfigError(problems);
  return {
    kind: 'ami',
    ami: { host, port, username, secret, context, channelTech, originateTimeoutMs, responseTimeoutMs },
  };
}
