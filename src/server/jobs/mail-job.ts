import { sql, type Kysely } from 'kysely';
import { EMAIL_BATCH_PERIOD_MS } from '../../shared/contract/email';
import { messages } from '../../shared/i18n/messages';
import type { AdapterLog } from '../adapters/adapter-log';
import type { MailAdapter } from '../adapters/mail/mail';
import { describeMailFailure } from '../adapters/mail/mail-failure';
import type { Database } from '../db/schema';
import { drainBatches } from './batches';
import type { Job } from './job-types';

export interface MailJobOptions {
  db: Kysely<Database>;
  adapter: MailAdapter;
  /** How often due e-mails are sent; default 5 minutes (see docs/requirements.md#task-customer-and-money-states). Tests pass a few milliseconds. */
  intervalMs?: number;
  /** E-mails claimed per batch. */
  batchSize?: number;
  /** Sends before an e-mail counts as failed; between tries it waits RETRY_DELAY_MINUTES. */
  maxAttempts?: number;
  /** One warn line per failed send, with the server's technical reason (users see a Turkish one). */
  log?: AdapterLog;
}

export interface MailRunResult {
  sent: number;
  failed: number;
  /** Failed now, tried again at a later run. */
  retrying: number;
}

export interface MailJob extends Job {
  /** Sends everything due now, batch after batch (what the job runner calls). */
  runDue(signal?: AbortSignal): Promise<MailRunResult>;
}

/** How long a claimed e-mail stays with one sender: longer than a batch can take. */
const CLAIM_MINUTES = 10;
const RETRY_DELAY_MINUTES = 5;

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  expired: boolean;
}

/**
 * Sends queued lead e-mails whose start has come, through the mail adapter. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), then sent outside any transaction: several server
 * nodes never send one e-mail twice, a slow SMTP server holds no database lock, and a node that dies
 * mid-batch leaves its e-mails to be picked up again when the lease runs out.
 */
export function createMailJob(options: MailJobOptions): MailJob {
  const { db, adapter } = options;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 3;

  async function claim(): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`update lead_emails
      set locked_until = date_trunc('second', localtimestamp) + make_interval(mins => ${CLAIM_MINUTES}::integer),
        attempts = attempts + 1
      where id in (
        select id from lead_emails
        where status = 'queued' and start <= localtimestamp
          and (locked_until is null or locked_until <= localtimestamp)
        order by start, id
        limit ${batchSize}
        for update skip locked)
      returning id, to_address, subject, body, attempts,
        ("end" is not null and "end" < localtimestamp) as expired`.execute(db);
    return rows;
  }

  async function sendOne(mail: Claimed, result: MailRunResult): Promise<void> {
    if (mail.expired) {
      await db
        .updateTable('lead_emails')
        .set({ status: 'failed', error: messages.emailExpired, locked_until: null })
        .where('id', '=', mail.id)
        .execute();
      result.failed += 1;
      return;
    }
    try {
      await adapter.send({ to: mail.to_address, subject: mail.subject, text: mail.body });
    } catch (error) {
      const final = mail.attempts >= maxAttempts;
      const failure = describeMailFailure(error);
      options.log?.warn(
        {
          adapter: adapter.kind,
          emailId: mail.id,
          attempt: mail.attempts,
          final,
          code: failure.code,
          responseCode: failure.responseCode,
          reason: failure.technical,
        },
        'e-mail not sent',
      );
      await db
        .updateTable('lead_emails')
        .set({
          status: final ? 'failed' : 'queued',
          error: failure.message,
          locked_until: final
            ? null
            : sql<string>`date_trunc('second', localtimestamp) + make_interval(mins => ${RETRY_DELAY_MINUTES}::integer)`,
        })
        .where('id', '=', mail.id)
        .execute();
      if (final) result.failed += 1;
      else result.retrying += 1;
      return;
    }
    await db
      .updateTable('lead_emails')
      .set({
        status: 'sent',
        error: null,
        locked_until: null,
        sent_at: sql<string>`date_trunc('second', localtimestamp)`,
      })
      .where('id', '=', mail.id)
      .execute();
    result.sent += 1;
  }

  async function runDue(signal?: AbortSignal): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, retrying: 0 };
    // One at a time: the SMTP pool and the receiving server see a steady trickle, not a burst.
    await drainBatches({ claim, handle: (mail) => sendOne(mail, result), batchSize, signal });
    return result;
  }

  return {
    name: 'mail',
    every: options.intervalMs ?? EMAIL_BATCH_PERIOD_MS,
    run: ({ signal }) => runDue(signal),
    runDue,
  };
}
