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
    async send({ to, subject, text }) {
      await db.insertInto('mail_outbox').values({ to, subject, body: text }).execute();
    },
    close: () => Promise.resolve(),
  };
}
