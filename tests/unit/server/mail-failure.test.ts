import { describe, expect, it } from 'vitest';
import { describeMailFailure } from '../../../src/server/adapters/mail/mail-failure';
import { messages } from '../../../src/shared/i18n/messages';

const smtpError = (message: string, fields: Record<string, unknown>): Error =>
  Object.assign(new Error(message), fields);

describe('describeMailFailure', () => {
  it.each([
    ['connect ECONNREFUSED 10.0.0.5:587', { code: 'ESOCKET' }, messages.mailServerUnreachable],
    ['getaddrinfo ENOTFOUND smtp.yok', { code: 'EDNS' }, messages.mailServerUnreachable],
    ['Greeting never received', { code: 'ETIMEDOUT' }, messages.mailServerTimeout],
    [
      'Invalid login: 535 5.7.8 Authentication failed',
      { code: 'EAUTH', responseCode: 535 },
      messages.mailServerAuthRejected,
    ],
    ['Certificate has expired', { code: 'ETLS' }, messages.mailServerTls],
    ['421 Service not available', { code: 'EENVELOPE', responseCode: 421 }, messages.mailServerBusy],
    [
      '550 5.1.1 Mailbox unavailable',
      { code: 'EENVELOPE', responseCode: 550 },
      messages.mailRecipientRejected,
    ],
    ['554 Message rejected as spam', { code: 'EMESSAGE', responseCode: 554 }, messages.mailMessageRejected],
    ['something else', {}, messages.mailNotSent],
  ])('%s -> a Turkish reason, the technical text kept for the log', (text, fields, expected) => {
    const failure = describeMailFailure(smtpError(text, fields));
    expect(failure.message).toBe(expected);
    expect(failure.technical).toBe(text);
  });

  it('copes with things that are not errors', () => {
    expect(describeMailFailure('kablo koptu')).toMatchObject({
      message: messages.mailNotSent,
      technical: 'kablo koptu',
    });
    expect(describeMailFailure(null)).toMatchObject({ message: messages.mailNotSent, code: null });
  });
});
