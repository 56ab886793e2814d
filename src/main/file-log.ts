import type { Log } from './log';

/** Keeps this many bytes in main.log before it moves to main.1.log (and main.1 to main.2, ...). */
export const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP_FILES = 3;

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

/** The few synchronous file operations the logger needs (node:fs in index.ts, a map in tests). */
export interface LogFileSystem {
  size(path: string): number | null;
  append(path: string, text: string): void;
  rename(from: string, to: string): void;
  remove(path: string): void;
  ensureDir(path: string): void;
}

export interface RotatingLogOptions {
  directory: string;
  fs: LogFileSystem;
  now?: () => Date;
  maxBytes?: number;
  keep?: number;
  /** Also printed here (the console, so a terminal shows it during development). */
  echo?: Log;
}

/**
 * The main process's log file (electron-log is not a dependency here): one line per message, secrets
 * redacted, rotated at LOG_MAX_BYTES keeping LOG_KEEP_FILES old files. A failing disk never breaks the app.
 */
export function createRotatingFileLog(options: RotatingLogOptions): Log {
  const { directory, fs } = options;
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const keep = options.keep ?? LOG_KEEP_FILES;
  const now = options.now ?? (() => new Date());
  const file = (index: number): string => `${directory}/main${index === 0 ? '' : `.${index}`}.log`;
  let size: number | null = null;
  let ready = false;

  const rotate = (): void => {
    fs.remove(file(keep));
    for (let index = keep - 1; index >= 0; index -= 1) {
      if (fs.size(file(index)) !== null) fs.rename(file(index), file(index + 1));
    }
    size = 0;
  };

  return (message) => {
    const line = `${now().toISOString()} ${redactSecrets(message).replace(/\r?\n/g, '\n    ')}\n`;
    options.echo?.(redactSecrets(message));
    try {
      if (!ready) {
        fs.ensureDir(directory);
        ready = true;
      }
      size ??= fs.size(file(0)) ?? 0;
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      fs.append(file(0), line);
      size = (size ?? 0) + bytes;
    } catch {
      // Nowhere left to report it; the console echo above still has the line.
    }
  };
}
