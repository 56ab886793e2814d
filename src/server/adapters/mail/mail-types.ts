/** A file sent with an e-mail (a periodic report's xlsx). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One plain-text e-mail (the templates are text with {placeholders}, docs/requirements.md#lead-money-task-and-report-data "Lead e-mail"). */
export interface MailMessage {
  /** One address, or several separated by commas (a periodic report's receivers). */
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

export type MailAdapterKind = 'smtp' | 'outbox';

/**
 * Where the mail scheduler hands e-mails to. send() resolves when the message was accepted (by the SMTP
 * server, or written to the outbox table) and rejects with the reason otherwise.
 */
export interface MailAdapter {
  readonly kind: MailAdapterKind;
  /** host:port of the SMTP server, for the start-up banner (never the credentials); null for the outbox. */
  readonly target?: string | null;
  send(message: MailMessage): Promise<void>;
  /** Releases connections (SMTP pool); called when the server closes. */
  close(): Promise<void>;
}

/** The environment the mail adapter is chosen from. */
export interface MailEnv {
  /** smtp://user:pass@host:587 or smtps://…:465; without it mail goes to the outbox table. */
  SMTP_URL?: string | undefined;
  /** The From address; default crm@localhost. */
  SMTP_FROM?: string | undefined;
  [key: string]: string | undefined;
}
