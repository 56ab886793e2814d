import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLogLine, logFormatFrom } from '../../../src/server/http/readable-log';
import { serverLoggerOptions, type LogOutput } from '../../../src/server/http/request-log';

const at = (text: string): number => new Date(text).getTime();

describe('formatLogLine', () => {
  it('turns a request line into one readable line: time, level, message, request, id', () => {
    const line = JSON.stringify({
      level: 40,
      time: at('2026-11-28T14:05:09'),
      pid: 1234,
      hostname: 'crm-1',
      reqId: 'req-7',
      method: 'POST',
      path: '/api/table/nope',
      statusCode: 404,
      responseTime: 3,
      msg: 'request failed',
    });
    expect(formatLogLine(`${line}\n`, false)).toBe(
      '28.11.2026 14:05:09  WARN   request failed  POST /api/table/nope 404 3 ms  req-7\n',
    );
  });

  it('keeps other fields as key=value, quoting text with spaces, and never shows pid or hostname', () => {
    const line = JSON.stringify({
      level: 30,
      time: at('2026-01-02T03:04:05'),
      pid: 9,
      hostname: 'h',
      job: 'mail',
      rows: 3,
      note: 'iki kelime',
      msg: 'job done',
    });
    expect(formatLogLine(line, false)).toBe(
      '02.01.2026 03:04:05  INFO   job done  job=mail rows=3 note="iki kelime"\n',
    );
  });

  it("shows an error's type and message, and for errors its stack on indented lines", () => {
    const err = {
      type: 'TypeError',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at run (a.ts:1:1)\n    at main (b.ts:2:2)',
    };
    const warn = formatLogLine(
      JSON.stringify({ level: 40, time: at('2026-01-02T03:04:05'), msg: 'job failed', err }),
      false,
    );
    expect(warn).toBe('02.01.2026 03:04:05  WARN   job failed  TypeError: x is undefined\n');
    const error = formatLogLine(
      JSON.stringify({ level: 50, time: at('2026-01-02T03:04:05'), msg: 'crash', err }),
      false,
    );
    expect(error.split('\n')).toEqual([
      '02.01.2026 03:04:05  ERROR  crash  TypeError: x is undefined',
      '    at run (a.ts:1:1)',
      '    at main (b.ts:2:2)',
      '',
    ]);
  });

  it('colours the level on a terminal and passes a line that is not JSON through unchanged', () => {
    expect(formatLogLine(JSON.stringify({ level: 50, time: 0, msg: 'x' }), true)).toContain(
      '\u001b[31mERROR\u001b[0m',
    );
    expect(formatLogLine('Sunucu hazır', false)).toBe('Sunucu hazır\n');
  });
});

describe('LOG_FORMAT', () => {
  it('defaults to pretty on a terminal and to JSON into a file or a pipe', () => {
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: ' Pretty ' }, false)).toBe('pretty');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' }, true)).toThrow(
      'LOG_FORMAT geçersiz: xml (pretty, json)',
    );
  });
});

describe("the server's logger on stdout", () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  function serverWriting(env: NodeJS.ProcessEnv, isTTY: boolean): string[] {
    const written: string[] = [];
    const stdout: LogOutput = { isTTY, write: (text) => written.push(text) };
    const app = Fastify({ logger: serverLoggerOptions(true, env, stdout) });
    apps.push(app);
    app.log.warn({ job: 'mail' }, 'job failed');
    return written;
  }

  it('writes readable lines on a terminal, coloured unless NO_COLOR is set', () => {
    const [coloured] = serverWriting({}, true);
    expect(coloured).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d {2}/);
    expect(coloured).toContain('\u001b[33mWARN \u001b[0m  job failed  job=mail\n');
    const [plain] = serverWriting({ NO_COLOR: '1' }, true);
    expect(plain).toMatch(/ WARN {3}job failed {2}job=mail\n$/);
    expect(serverWriting({ LOG_FORMAT: 'pretty' }, false)[0]).not.toContain('\u001b[');
  });

  it('leaves JSON to pino itself when stdout is not a terminal, or with LOG_FORMAT=json', () => {
    expect(serverLoggerOptions(true, {}, { isTTY: false, write: () => undefined })).not.toHaveProperty(
      'stream',
    );
    expect(
      serverLoggerOptions(true, { LOG_FORMAT: 'json' }, { isTTY: true, write: () => undefined }),
    ).toEqual({
      level: 'info',
      redact: ['req.headers.authorization'],
    });
  });
});
