import { describe, expect, it } from 'vitest';
import {
  AmiError,
  AmiParser,
  amiField,
  amiFieldAll,
  isAmiSuccess,
  serializeAction,
  type AmiMessage,
} from '../../../src/server/adapters/telephony/ami-protocol';

function collect(): { parser: AmiParser; banners: string[]; messages: AmiMessage[] } {
  const banners: string[] = [];
  const messages: AmiMessage[] = [];
  const parser = new AmiParser({ banner: (line) => banners.push(line), message: (m) => messages.push(m) });
  return { parser, banners, messages };
}

const STREAM =
  'Asterisk Call Manager/7.0.3\r\n' +
  'Response: Success\r\nActionID: a-1\r\nMessage: Authentication accepted\r\n\r\n' +
  'Event: OriginateResponse\r\nActionID: a-2\r\nResponse: Failure\r\nReason: 5\r\n' +
  'Variable: lead_id=42\r\nVariable: user_id=7\r\nCallerIDName: "#LEAD42" <1001>\r\n\r\n';

describe('AmiParser', () => {
  it('reads the banner line and then messages, all from one chunk', () => {
    const { parser, banners, messages } = collect();
    parser.push(Buffer.from(STREAM));
    expect(banners).toEqual(['Asterisk Call Manager/7.0.3']);
    expect(messages).toEqual([
      { Response: 'Success', ActionID: 'a-1', Message: 'Authentication accepted' },
      {
        Event: 'OriginateResponse',
        ActionID: 'a-2',
        Response: 'Failure',
        Reason: '5',
        Variable: ['lead_id=42', 'user_id=7'],
        CallerIDName: '"#LEAD42" <1001>',
      },
    ]);
  });

  it('gives the same result when the stream arrives one byte at a time', () => {
    const whole = collect();
    whole.parser.push(Buffer.from(STREAM));
    const split = collect();
    for (const byte of Buffer.from(STREAM)) split.parser.push(Buffer.from([byte]));
    expect(split.banners).toEqual(whole.banners);
    expect(split.messages).toEqual(whole.messages);
  });

  it('keeps a multi-byte UTF-8 character cut between chunks intact', () => {
    const { parser, messages } = collect();
    const bytes = Buffer.from('Asterisk Call Manager/7\r\nEvent: X\r\nCallerIDName: Şükrü Çağ\r\n\r\n');
    const cut = bytes.indexOf(Buffer.from('Ş')) + 1;
    parser.push(bytes.subarray(0, cut));
    parser.push(bytes.subarray(cut));
    expect(messages).toEqual([{ Event: 'X', CallerIDName: 'Şükrü Çağ' }]);
  });

  it('does not end a message before its blank line and ignores stray blank lines', () => {
    const { parser, messages } = collect();
    parser.push('Asterisk Call Manager/7\r\n\r\nResponse: Success\r\nActionID: 1');
    expect(messages).toEqual([]);
    parser.push('\r\n\r');
    expect(messages).toEqual([]);
    parser.push('\n');
    expect(messages).toEqual([{ Response: 'Success', ActionID: '1' }]);
  });

  it('keeps colons inside values and cannot be steered into the prototype', () => {
    const { parser, messages } = collect();
    parser.push('Asterisk Call Manager/7\r\nMessage: a: b: c\r\n__proto__: x\r\n\r\n');
    const [first] = messages;
    expect(first?.Message).toBe('a: b: c');
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.hasOwn(first ?? {}, '__proto__')).toBe(true);
  });

  it('refuses an endless line as a protocol error', () => {
    const { parser } = collect();
    expect(() => parser.push('x'.repeat(70_000))).toThrow(AmiError);
  });
});

describe('serializeAction', () => {
  it('writes Action and ActionID first, one line per value, CRLF and a closing blank line', () => {
    const text = serializeAction('Originate', 'id-1', {
      Channel: 'PJSIP/1001',
      Priority: 1,
      Async: true,
      Skipped: undefined,
      Variable: ['lead_id=42', 'user_id=7'],
    });
    expect(text).toBe(
      'Action: Originate\r\nActionID: id-1\r\nChannel: PJSIP/1001\r\nPriority: 1\r\nAsync: true\r\n' +
        'Variable: lead_id=42\r\nVariable: user_id=7\r\n\r\n',
    );
  });

  it('refuses line breaks in values and odd field names, so nothing can be injected', () => {
    expect(() => serializeAction('Originate', 'id', { Exten: '123\r\nAction: Command' })).toThrow(
      expect.objectContaining({ code: 'invalid-action' }),
    );
    expect(() => serializeAction('Ping', 'id\n')).toThrow(AmiError);
    expect(() => serializeAction('Ping', 'id', { 'Bad Key': 'x' })).toThrow(AmiError);
  });
});

describe('field helpers', () => {
  it('look keys up case-insensitively and treat single values as one-item lists', () => {
    const message: AmiMessage = { Response: 'Success', actionid: 'x', Variable: ['a=1', 'b=2'] };
    expect(amiField(message, 'ActionID')).toBe('x');
    expect(amiFieldAll(message, 'variable')).toEqual(['a=1', 'b=2']);
    expect(amiFieldAll(message, 'Response')).toEqual(['Success']);
    expect(amiField(message, 'Missing')).toBeUndefined();
    expect(isAmiSuccess(message)).toBe(true);
    expect(isAmiSuccess({ Response: 'Error' })).toBe(false);
  });
});
