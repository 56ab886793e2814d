import nodemailer from 'nodemailer';
import type { MailAdapter } from './mail-types';

export interface SmtpMailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465. */
  url: string;
  from: string;
}

/** Pooled: a batch of the scheduler reuses a few connections instead of one per e-mail. */
export function createSmtpMailAdapter(config: SmtpMailConfig): MailAdapter {
  const transport = nodemailer.createTransport(
    `${config.url}${config.url.includes('?') ? '&' : '?'}pool=true`,
  );
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from: config.from, to, subject, text });
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
