import { StringDecoder } from 'node:string_decoder';

/**
 * Wire format of the Asterisk Manager Interface: after a one-line banner every message is a block of
 * `Key: Value` lines (CRLF) closed by an empty line. Keys can repeat (Variable, ChanVariable), so a
 * repeated key keeps all its values as an array in arrival order.
 */
export type AmiMessage = Readonly<Record<string, string | readonly string[]>>;

/** A value the client may send; arrays become one line per item (repeated keys). */
export type AmiFieldValue = string | number | boolean | readonly (string | number)[];
export type AmiFields = Readonly<Record<string, AmiFieldValue | undefined>>;

export type AmiErrorCode =
  | 'connect'
  | 'protocol'
  | 'auth'
  | 'timeout'
  | 'connection-lost'
  | 'not-connected'
  | 'closed'
  | 'invalid-action'
  /** The PBX answered an action with Response: Error after the caller had stopped waiting for it. */
  | 'rejected';

export class AmiError extends Error {
  readonly code: AmiErrorCode;

  constructor(code: AmiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AmiError';
    this.code = code;
  }
}

export function isAmiError(error: unknown): error is AmiError {
  return error instanceof AmiError;
}

export const AMI_BANNER_PREFIX = 'Asterisk Call Manager/';

/** A real AMI line is short; a peer sending endless bytes without a newline is not Asterisk. */
const MAX_LINE_LENGTH = 64 * 1024;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
const LINE_BREAK = /[\r\n]/;

/** First value of a key, looked up case-insensitively (Asterisk itself treats keys that way). */
export function amiField(message: AmiMessage, key: string): string | undefined {
  return amiFieldAll(message, key)[0];
}

export function amiFieldAll(message: AmiMessage, key: string): readonly string[] {
  const wanted = key.toLowerCase();
  for (const [name, value] of Object.entries(message)) {
    if (name.toLowerCase() === wanted) return typeof value === 'string' ? [value] : value;
  }
  return [];
}

export function isAmiSuccess(message: AmiMessage): boolean {
  return amiField(message, 'Response')?.toLowerCase() === 'success';
}

function checkedValue(key: string, value: string | number | boolean): string {
  const text = String(value);
  // A CR or LF inside a value would end the line early and let the rest be read as extra keys or actions.
  if (LINE_BREAK.test(text)) throw new AmiError('invalid-action', `AMI field ${key} contains a line break`);
  return text;
}

/** The exact bytes of one action; ActionID comes right after Action so logs read naturally. */
export function serializeAction(action: string, actionId: string, fields: AmiFields = {}): string {
  const lines = [
    `Action: ${checkedValue('Action', action)}`,
    `ActionID: ${checkedValue('ActionID', actionId)}`,
  ];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!KEY_PATTERN.test(key)) throw new AmiError('invalid-action', `Invalid AMI field name: ${key}`);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) lines.push(`${key}: ${checkedValue(key, item)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export interface AmiParserHandlers {
  banner(line: string): void;
  message(message: AmiMessage): void;
}

/**
 * Turns TCP chunks into the banner and messages. Chunks may end anywhere (inside a key, between CR and
 * LF, inside a multi-byte UTF-8 character) and may hold several messages; state is kept across calls.
 */
export class AmiParser {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private bannerSeen = false;
  private entries: [string, string][] = [];

  constructor(private readonly handlers: AmiParserHandlers) {}

  push(chunk: Buffer | string): void {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let start = 0;
    let newline = this.pending.indexOf('\n', start);
    while (newline !== -1) {
      const end = newline > start && this.pending[newline - 1] === '\r' ? newline - 1 : newline;
      this.line(this.pending.slice(start, end));
      start = newline + 1;
      newline = this.pending.indexOf('\n', start);
    }
    this.pending = this.pending.slice(start);
    if (this.pending.length > MAX_LINE_LENGTH) {
      throw new AmiError('protocol', `AMI line longer than ${MAX_LINE_LENGTH} characters`);
    }
  }

  private line(text: string): void {
    if (!this.bannerSeen) {
      this.bannerSeen = true;
      this.handlers.banner(text);
      return;
    }
    if (text === '') {
      // Blank lines between messages carry nothing; only a blank line after fields ends a message.
      if (this.entries.length > 0) this.flush();
      return;
    }
    const colon = text.indexOf(':');
    // Lines without a colon only occur in legacy "Response: Follows" command output, which we never request.
    if (colon <= 0) return;
    this.entries.push([text.slice(0, colon).trim(), text.slice(colon + 1).trimStart()]);
  }

  private flush(): void {
    const grouped = new Map<string, string[]>();
    for (const [key, value] of this.entries) {
      const values = grouped.get(key);
      if (values) values.push(value);
      else grouped.set(key, [value]);
    }
    this.entries = [];
    // fromEntries defines own properties, so a key such as "__proto__" cannot reach the prototype.
    const message: AmiMessage = Object.fromEntries(
      [...grouped].map(([key, values]) => [key, values.length === 1 ? (values[0] ?? '') : values]),
    );
    this.handlers.message(message);
  }
}
