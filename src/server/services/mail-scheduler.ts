import { sql, type Kysely } from 'kysely';
import { EMAIL_BATCH_PERIOD_MS } from '../../shared/contract/email';
import { messages } from '../../shared/i18n/messages';
import type { MailAdapter } from '../adapters/mail/mail';
import type { Database } from '../db/schema';

export interface MailSchedulerOptions {
  db: Kysely<Database>;
  adapter: MailAdapter;
  /** How often due e-mails are sent; default 5 minutes (spec 2 §4). Tests pass a few milliseconds. */
  intervalMs?: number;
  /** E-mails claimed per batch. */
  batchSize?: number;
  /** Sends before an e-mail counts as failed; between tries it waits RETRY_DELAY_MINUTES. */
  maxAttempts?: number;
  onError?: (error: unknown) => void;
}

export interface MailRunResult {
  sent: number;
  failed: number;
  /** Failed now, tried again at a later run. */
  retrying: number;
}

export interface MailScheduler {
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** Sends everything due now (batch after batch); what the timer calls. Runs never overlap. */
  runDue(): Promise<MailRunResult>;
}

/** How long a claimed e-mail stays with one sender: longer than a batch can take. */
const CLAIM_MINUTES = 10;
const RETRY_DELAY_MINUTES = 5;
/** One run stops after this many batches so a flood cannot keep a run going for ever. */
const MAX_BATCHES_PER_RUN = 20;
const MAX_ERROR_TEXT = 500;

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  expired: boolean;
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_TEXT) || messages.serverError;

/**
 * Sends queued lead e-mails whose start has come, through the mail adapter. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), then sent outside any transaction: several server
 * nodes never send one e-mail twice, a slow SMTP server holds no database lock, and a node that dies
 * mid-batch leaves its e-mails to be picked up again when the lease runs out.
 */
export function createMailScheduler(options: MailSchedulerOptions): MailScheduler {
  const { db, adapter } = options;
  const intervalMs = options.intervalMs ?? EMAIL_BATCH_PERIOD_MS;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 3;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<MailRunResult> | undefined;

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
      await db
        .updateTable('lead_emails')
        .set({
          status: final ? 'failed' : 'queued',
          error: errorText(error),
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

  async function run(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, retrying: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const claimed = await claim();
      // One at a time: the SMTP pool and the receiving server see a steady trickle, not a burst.
      for (const mail of claimed) await sendOne(mail, result);
      if (claimed.length < batchSize) break;
    }
    return result;
  }

  function runDue(): Promise<MailRunResult> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      // unref: a pending run must never keep a server (or a test run) alive.
      timer = setInterval(() => {
        runDue().catch((error: unknown) => options.onError?.(error));
      }, intervalMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runDue,
  };
}
