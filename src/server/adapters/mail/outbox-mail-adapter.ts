import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailAdapter } from './mail-types';

/**
 * The embedded default: no mail server, every e-mail is written to the mail_outbox table, where an admin
 * (or a test) can read exactly what would have gone out.
 */
export function createOutboxMailAdapter(db: Kysely<Database>): MailAdapter {
  return {
    kind: 'outbox',
    target: null,
    async send({ to, subject, text, attachments }) {
      const files = (attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        base64: file.content.toString('base64'),
      }));
      await db
        .insertInto('mail_outbox')
        .values({ to, subject, body: text, attachments: files.length > 0 ? JSON.stringify(files) : null })
        .execute();
    },
    close: () => Promise.resolve(),
  };
}
