import { messages } from '../../../shared/i18n/messages';

/** A failed send as the user is told (Turkish) and as the log keeps it (the server's own words). */
export interface MailFailure {
  /** Stored on the e-mail and shown in the lead's E-Mail tab. */
  message: string;
  /** For the log only: may name hosts, ports and the server's reply. */
  technical: string;
  /** nodemailer's error code (ECONNECTION, EAUTH, ...) or the socket's, when there is one. */
  code: string | null;
  /** The SMTP reply code (550, 421, ...), when the server answered one. */
  responseCode: number | null;
}

const MAX_TECHNICAL = 500;

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Connection problems: nothing reached the server (refused, unknown host, network cut). */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EPROXY', 'ECONNRESET']);
const AUTH_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);

/**
 * Turns what nodemailer (or the outbox) threw into a Turkish reason. nodemailer sets `code` for the
 * kind of failure and `responseCode` for the server's SMTP reply; recipient and message refusals come
 * as EENVELOPE / EMESSAGE with a 5xx reply, a busy server as 4xx.
 */
export function describeMailFailure(error: unknown): MailFailure {
  const code = textOf(field(error, 'code'));
  const rawResponseCode = field(error, 'responseCode');
  const responseCode = typeof rawResponseCode === 'number' ? rawResponseCode : null;
  const technical = (
    (error instanceof Error ? error.message : textOf(error)) ??
    textOf(field(error, 'response')) ??
    'unknown error'
  ).slice(0, MAX_TECHNICAL);
  const result = (message: string): MailFailure => ({ message, technical, code, responseCode });

  if (code !== null && CONNECTION_CODES.has(code)) return result(messages.mailServerUnreachable);
  if (code === 'ETIMEDOUT') return result(messages.mailServerTimeout);
  if (code === 'ETLS') return result(messages.mailServerTls);
  if (code !== null && AUTH_CODES.has(code)) return result(messages.mailServerAuthRejected);
  if (responseCode !== null && responseCode >= 400 && responseCode < 500) {
    return result(messages.mailServerBusy);
  }
  if (code === 'EENVELOPE') return result(messages.mailRecipientRejected);
  if (code === 'EMESSAGE' || (responseCode !== null && responseCode >= 500)) {
    return result(messages.mailMessageRejected);
  }
  return result(messages.mailNotSent);
}
