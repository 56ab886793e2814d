import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createOutboxMailAdapter } from './outbox-mail-adapter';
import { createSmtpMailAdapter } from './smtp-mail-adapter';
import type { MailAdapter, MailEnv } from './mail-types';

export type { MailAdapter, MailAdapterKind, MailAttachment, MailEnv, MailMessage } from './mail-types';
export { createOutboxMailAdapter } from './outbox-mail-adapter';
export { createSmtpMailAdapter, type SmtpMailConfig } from './smtp-mail-adapter';

export const DEFAULT_MAIL_FROM = 'crm@localhost';

/** A broken SMTP_URL stops the start (like a broken AMI setup) rather than failing every e-mail later. */
export class MailConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailConfigError';
  }
}

/** SMTP via nodemailer when SMTP_URL is set, otherwise the outbox table (ARCHITECTURE.md "Adapters"). */
export function createMailAdapterFromEnv(env: MailEnv, db: Kysely<Database>): MailAdapter {
  const url = env.SMTP_URL?.trim() ?? '';
  if (url === '') return createOutboxMailAdapter(db);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new MailConfigError('SMTP_URL is not a URL (smtp://user:pass@host:587)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new MailConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  return createSmtpMailAdapter({ url, from: env.SMTP_FROM?.trim() || DEFAULT_MAIL_FROM });
}
