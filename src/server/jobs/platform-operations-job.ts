import { sql, type Kysely } from 'kysely';
import { operationStateLabel } from '../../shared/domain/platform-operations';
import type { AdapterLog } from '../adapters/adapter-log';
import {
  isTradingPlatformError,
  type TradingErrorCode,
  type TradingPlatform,
} from '../adapters/trading/trading-platform';
import type { Database } from '../db/schema';
import { notifyFollowers } from '../modules/platform-operations/operation-notices';
import {
  journalOperationStep,
  OPERATION_MAX_ATTEMPTS,
  settledText,
  type OperationRow,
} from '../modules/platform-operations/operation-records';
import { drainBatches } from './batches';
import type { Job } from './job-types';

/** How often due operations are sent: an operation recorded now reaches the platform within about this. */
export const PLATFORM_OPERATIONS_INTERVAL_MS = 1000;
/**
 * How long a claimed operation stays with one sender. Longer than every platform call of one attempt
 * together (MT5_TIMEOUT_MS is 15 s by default), so a sender whose lease ran out can no longer be sending:
 * the next one looks the deal up first and never books it twice.
 */
export const OPERATION_LEASE_MS = 120_000;
/** The wait after the first transient failure; it doubles with every further one, up to the maximum. */
export const OPERATION_BACKOFF_MS = 5_000;
export const OPERATION_BACKOFF_MAX_MS = 5 * 60_000;
/**
 * How much earlier than the operation's creation its deal may be dated: MT5 dates deals in its server's
 * zone (often hours off), so the lookup reaches back a day.
 */
export const DEAL_LOOKUP_SLACK_SECONDS = 86_400;

export interface PlatformOperationsJobOptions {
  db: Kysely<Database>;
  platform: TradingPlatform;
  log: AdapterLog;
  intervalMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** The wait before attempt `attempt + 1`, in milliseconds. */
  backoffMs?: (attempt: number) => number;
  /** After an operation was recorded done or failed (committed): e.g. tell who works its deposit. */
  onSettled?: (row: OperationRow) => void;
}

export interface PlatformOperationsRunResult {
  done: number;
  failed: number;
  /** Failed transiently now, sent again after their backoff. */
  retrying: number;
}

export interface PlatformOperationsJob extends Job {
  /** Sends everything due now, one operation after the other (what the job runner calls). */
  runDue(signal?: AbortSignal): Promise<PlatformOperationsRunResult>;
}

/** An operation as claimed: with its creation as unix seconds (where its deal lookup begins). */
type Claimed = OperationRow & { created_epoch: number };

type Outcome =
  | { state: 'done'; ticket: string }
  | { state: 'failed' | 'retry'; code: TradingErrorCode; platformCode: string | null; detail: string };

export function defaultBackoffMs(attempt: number): number {
  return Math.min(OPERATION_BACKOFF_MS * 2 ** Math.max(0, attempt - 1), OPERATION_BACKOFF_MAX_MS);
}

const now = sql<string>`date_trunc('second', localtimestamp)`;
const after = (ms: number) => sql<string>`now() + make_interval(secs => ${ms / 1000}::float8)`;

/**
 * Sends recorded platform operations to the trading platform (see docs/money.md#platform-operations).
 * One operation is claimed at a time (FOR UPDATE SKIP LOCKED, state `sending`, a lease in
 * next_attempt_at) and sent outside any transaction with its idempotency key. Any attempt after the
 * first, and any operation whose sender died (its lease ran out while `sending`), first asks the
 * platform for a deal carrying the key: a crash between the platform's booking and our record never
 * books the money twice. A transient failure (`unavailable`) is retried with doubling waits; a refusal
 * (no money, no account, any other platform answer) and the last transient failure mark it failed with
 * the platform's reason. Each outcome is journaled (lead, and the deposit it funds) in the transaction
 * that records it.
 */
export function createPlatformOperationsJob(options: PlatformOperationsJobOptions): PlatformOperationsJob {
  const { db, platform, log } = options;
  const leaseMs = options.leaseMs ?? OPERATION_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? OPERATION_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;

  async function claim(): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`update platform_operations
      set state = 'sending', attempts = attempts + 1, next_attempt_at = ${after(leaseMs)}, updated_at = ${now}
      where id = (
        select id from platform_operations
        where state in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit 1
        for update skip locked)
      returning *, extract(epoch from created_at::timestamptz)::float8 as created_epoch`.execute(db);
    return rows;
  }

  async function attempt(op: Claimed): Promise<Outcome> {
    try {
      // An earlier attempt may have reached the platform without its answer reaching us.
      if (op.attempts > 1) {
        const since = Math.floor(op.created_epoch) - DEAL_LOOKUP_SLACK_SECONDS;
        const deals = await platform.referencedDeals(db, op.login, since);
        const booked = deals.find((deal) => deal.reference === op.idempotency_key);
        if (booked) return { state: 'done', ticket: booked.ticket };
      }
      const { ticket } = await platform.balance(db, {
        login: op.login,
        direction: op.direction,
        amount: op.amount,
        comment: op.comment,
        leverage: op.leverage,
        reference: op.idempotency_key,
      });
      return { state: 'done', ticket };
    } catch (error) {
      // Anything else (a database error of the ledger, a bug) is treated as transient: retried, logged.
      const code: TradingErrorCode = isTradingPlatformError(error) ? error.code : 'unavailable';
      const platformCode = isTradingPlatformError(error) ? error.platformCode : null;
      const detail = error instanceof Error ? error.message : String(error);
      const final = code !== 'unavailable' || op.attempts >= maxAttempts;
      log.warn(
        { operation: op.id, login: op.login, attempt: op.attempts, final, code, platformCode, detail },
        'platform operation not sent',
      );
      return { state: final ? 'failed' : 'retry', code, platformCode, detail };
    }
  }

  /** Records the outcome, only if this sender still holds the operation (same attempt, still sending). */
  async function record(op: Claimed, outcome: Outcome): Promise<OperationRow | null> {
    const held = (trx: Kysely<Database>) =>
      trx
        .updateTable('platform_operations')
        .where('id', '=', op.id)
        .where('state', '=', 'sending')
        .where('attempts', '=', op.attempts);
    if (outcome.state === 'retry') {
      await held(db)
        .set({
          state: 'pending',
          next_attempt_at: after(backoffMs(op.attempts)),
          error_code: outcome.code,
          platform_code: outcome.platformCode,
          last_error: outcome.detail,
          updated_at: now,
        })
        .execute();
      return null;
    }
    return db.transaction().execute(async (trx) => {
      const row = await held(trx)
        .set(
          outcome.state === 'done'
            ? {
                state: 'done',
                ticket: outcome.ticket,
                error_code: null,
                platform_code: null,
                updated_at: now,
              }
            : {
                state: 'failed',
                error_code: outcome.code,
                platform_code: outcome.platformCode,
                last_error: outcome.detail,
                updated_at: now,
              },
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await journalOperationStep(trx, row, {
        agentId: null,
        action: row.state === 'done' ? 'fundDone' : 'fundFailed',
        old: operationStateLabel('sending'),
        new: settledText(row),
      });
      if (row.state === 'done') await notifyFollowers(trx, row);
      return row;
    });
  }

  async function sendOne(op: Claimed, result: PlatformOperationsRunResult): Promise<void> {
    const outcome = await attempt(op);
    const settled = await record(op, outcome);
    if (outcome.state === 'retry') result.retrying += 1;
    else if (outcome.state === 'done') result.done += 1;
    else result.failed += 1;
    if (settled) options.onSettled?.(settled);
  }

  async function runDue(signal?: AbortSignal): Promise<PlatformOperationsRunResult> {
    const result: PlatformOperationsRunResult = { done: 0, failed: 0, retrying: 0 };
    await drainBatches({ claim, handle: (op) => sendOne(op, result), batchSize: 1, signal });
    return result;
  }

  return {
    name: 'platform-operations',
    every: options.intervalMs ?? PLATFORM_OPERATIONS_INTERVAL_MS,
    run: ({ signal }) => runDue(signal),
    runDue,
  };
}
