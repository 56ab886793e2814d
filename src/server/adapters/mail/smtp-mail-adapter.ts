import nodemailer from 'nodemailer';
import type { MailAdapter } from './mail-types';

export interface SmtpMailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465. */
  url: string;
  from: string;
}

/** host:port of an smtp(s):// URL, with nodemailer's default ports (587, or 465 for smtps). */
export function smtpTarget(url: string): string | null {
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
    return parsed.hostname ? `${parsed.hostname}:${port}` : null;
  } catch {
    return null;
  }
}

/** Pooled: a batch of the scheduler reuses a few connections instead of one per e-mail. */
export function createSmtpMailAdapter(config: SmtpMailConfig): MailAdapter {
  const transport = nodemailer.createTransport(
    `${config.url}${config.url.includes('?') ? '&' : '?'}pool=true`,
  );
  return {
    kind: 'smtp',
    target: smtpTarget(config.url),
    async send({ to, subject, text, attachments }) {
      await transport.sendMail({
        from: config.from,
        to,
        subject,
        text,
        attachments: attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
