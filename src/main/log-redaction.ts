/** main.log grows to this before electron-log moves it to main.old.log. */
export const LOG_MAX_BYTES = 1024 * 1024;

const REDACTED = '[gizli]';

/**
 * Secrets never reach the log file: the session token (32 random bytes, base64url: 43 characters), bearer
 * and Authorization values, and any `token`/`password`/`secret` field written as JSON, a query or key=value.
 */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/(authorization["']?\s*[:=]\s*["']?)(?:bearer\s+|basic\s+)?[^\s"',;}]+/gi, `$1${REDACTED}`],
  [/\bbearer\s+[A-Za-z0-9._~+/=-]+/gi, `Bearer ${REDACTED}`],
  [
    /(["']?\b(?:token|access_token|refresh_token|session[_-]?token|password|passwd|secret|api[_-]?key)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    `$1${REDACTED}`,
  ],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, REDACTED],
];

export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  );
}

/** One argument of a log call as the file gets it: text redacted, an error's message and stack too. */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value instanceof Error) {
    const copy = new Error(redactSecrets(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactSecrets(value.stack);
    return copy;
  }
  if (value === null || typeof value !== 'object') return value;
  try {
    return redactSecrets(JSON.stringify(value));
  } catch {
    return '[nesne]';
  }
}

/**
 * electron-log's hook: every message loses its secrets before any transport (file, console) writes it.
 * A pure function of the message's data, so it is tested without Electron.
 */
export function redactLogData(data: readonly unknown[]): unknown[] {
  return data.map(redactValue);
}
