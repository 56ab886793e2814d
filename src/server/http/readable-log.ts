/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The server's log on a terminal: one readable line per pino event instead of its JSON, e.g.
 * `28.11.2026 14:05:09 WARN  request failed  POST /api/table/x 404 3 ms  req-7`. To a file or a pipe the
 * server keeps writing JSON (LOG_FORMAT picks either; see docs/operations.md#logs).
 */

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_FORMAT, else pretty on a terminal and JSON otherwise; an unknown value stops the start. */
export function logFormatFrom(env: NodeJS.ProcessEnv, isTerminal: boolean): LogFormat {
  const format = env.LOG_FORMAT?.trim().toLowerCase() || (isTerminal ? 'pretty' : 'json');
  if (!(LOG_FORMATS as readonly string[]).includes(format)) {
    throw new Error(`LOG_FORMAT geçersiz: ${env.LOG_FORMAT} (${LOG_FORMATS.join(', ')})`);
  }
  return format as LogFormat;
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '41;97' },
};

/** pino's own fields, and the request fields the line shows in its own places. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'method',
  'path',
  'url',
  'statusCode',
  'responseTime',
  'err',
]);

const pad = (value: number): string => String(value).padStart(2, '0');

/** 31.12.2025 14:05:09, the product's date format, in the server's time zone. */
function formatTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

interface ErrorFields {
  type?: string;
  message?: string;
  stack?: string;
}

/**
 * One pino JSON line as one readable line; an error's stack follows on indented lines. A line that is
 * not pino's JSON is passed through as it is.
 */
export function formatLogLine(line: string, color: boolean): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[Number(event.level)] ?? { name: String(event.level), color: '0' };
  const parts = [
    formatTime(typeof event.time === 'number' ? event.time : Date.now()),
    paint(level.color, level.name.padEnd(5)),
    String(event.msg ?? ''),
  ];
  const request = [
    event.method,
    event.path ?? event.url,
    event.statusCode,
    typeof event.responseTime === 'number' ? `${event.responseTime} ms` : undefined,
  ].filter((part) => part !== undefined && part !== null);
  if (request.length > 0) parts.push(request.join(' '));
  const extra = Object.entries(event)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  if (extra.length > 0) parts.push(extra.join(' '));
  const error = event.err as ErrorFields | undefined;
  if (error) parts.push(paint(level.color, `${error.type ?? 'Error'}: ${error.message ?? ''}`));
  if (event.reqId !== undefined) parts.push(paint('90', String(event.reqId)));
  let text = parts.join('  ');
  if (error?.stack && Number(event.level) >= 50) {
    const stack = error.stack.split('\n').slice(1);
    if (stack.length > 0) text += `\n${stack.map((frame) => `    ${frame.trim()}`).join('\n')}`;
  }
  return `${text}\n`;
}

/** A pino destination that writes each event as a readable line to `out` (stdout). */
export function readableLogStream(out: LogDestination, color: boolean): LogDestination {
  return { write: (line) => out.write(formatLogLine(line, color)) };
}
