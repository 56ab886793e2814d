import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '../../shared/i18n/server-texts';
import { DomainError } from '../domain-errors';

/**
 * The bounded queue in front of the database (docs/security.md#the-call-queue). At most `maxActive`
 * API calls run at once, which is about what the database's connections can serve; up to `maxWaiting`
 * more wait in arrival order, each at most `maxWaitMs`; every call beyond is answered at once with 503,
 * Retry-After and a Turkish message. So a flood of calls never piles up in the database driver until
 * clients time out or the kernel drops their connections: each call gets an answer.
 */
export interface CallQueueLimits {
  maxActive: number;
  maxWaiting: number;
  maxWaitMs: number;
}

export interface CallQueueState {
  active: number;
  waiting: number;
  /** Calls refused since the start (queue full or waited too long). */
  refused: number;
}

interface Waiter {
  admit: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

const ADMITTED = Symbol('crm.callQueue.admitted');
type QueuedRequest = FastifyRequest & { [ADMITTED]?: boolean; [WAITER]?: Waiter };
const WAITER = Symbol('crm.callQueue.waiter');

/** Calls a node serves at once per database connection: one queries while the next is parsed or sent. */
const ACTIVE_PER_CONNECTION = 2;
export const DEFAULT_QUEUE_MAX = 1000;
export const DEFAULT_QUEUE_WAIT_MS = 10_000;

export type CallQueueEnv = Partial<Record<'API_MAX_ACTIVE' | 'API_QUEUE_MAX' | 'API_QUEUE_WAIT_MS', string>>;

function readInteger(env: CallQueueEnv, name: keyof CallQueueEnv, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  // A wrong setting stops the start: a silently ignored bound shows up only under load.
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} 1 ile ${max} arasında bir tam sayı olmalı (verilen: ${raw})`);
  }
  return value;
}

/**
 * API_MAX_ACTIVE (default twice the database's connections: PGlite has one, PostgreSQL PG_POOL_MAX),
 * API_QUEUE_MAX (default 1000) and API_QUEUE_WAIT_MS (default 10000).
 */
export function callQueueLimitsFromEnv(
  connections: number,
  env: CallQueueEnv = process.env,
): CallQueueLimits {
  return {
    maxActive: readInteger(env, 'API_MAX_ACTIVE', Math.max(1, connections) * ACTIVE_PER_CONNECTION, 10_000),
    maxWaiting: readInteger(env, 'API_QUEUE_MAX', DEFAULT_QUEUE_MAX, 100_000),
    maxWaitMs: readInteger(env, 'API_QUEUE_WAIT_MS', DEFAULT_QUEUE_WAIT_MS, 600_000),
  };
}

/**
 * Puts every request `isQueued` names through the queue: admitted in onRequest (before its body is
 * parsed), its place freed when its response closes (answered, or the client went away).
 */
export function installCallQueue(
  app: FastifyInstance,
  limits: CallQueueLimits,
  isQueued: (request: FastifyRequest) => boolean,
): () => CallQueueState {
  let active = 0;
  let refused = 0;
  const waiting: Waiter[] = [];
  // How long calls take, smoothed: Retry-After tells a refused client when a place is likely free.
  let meanCallMs = 50;
  const started = new WeakMap<FastifyRequest, number>();

  const retryAfterSeconds = (): number => {
    const ahead = waiting.length + active;
    const estimate = (ahead * meanCallMs) / Math.max(1, limits.maxActive) / 1000;
    return Math.min(60, Math.max(1, Math.ceil(estimate)));
  };
  const refusal = (): DomainError => {
    refused += 1;
    return DomainError.unavailable(serverMessages.serverBusy, retryAfterSeconds());
  };

  const release = (request: QueuedRequest): void => {
    const waiter = request[WAITER];
    if (waiter) {
      // Gone while waiting: its place in the queue goes to nobody.
      request[WAITER] = undefined;
      clearTimeout(waiter.timer);
      const at = waiting.indexOf(waiter);
      if (at >= 0) waiting.splice(at, 1);
      waiter.refuse();
      return;
    }
    if (!request[ADMITTED]) return;
    request[ADMITTED] = false;
    const since = started.get(request);
    if (since !== undefined) meanCallMs = meanCallMs * 0.9 + (performance.now() - since) * 0.1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else {
      active -= 1;
    }
  };

  app.addHook('onRequest', async (request: QueuedRequest, reply) => {
    if (!isQueued(request)) return;
    // Once for every way a call ends: answered, or its connection gone (while waiting or running).
    reply.raw.once('close', () => release(request));
    if (active < limits.maxActive) {
      active += 1;
    } else {
      if (waiting.length >= limits.maxWaiting) throw refusal();
      // The place of the call that finishes is handed over directly: `active` stays as it is.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          admit: () => {
            request[WAITER] = undefined;
            resolve();
          },
          refuse: () => reject(refusal()),
          timer: setTimeout(() => {
            request[WAITER] = undefined;
            const at = waiting.indexOf(waiter);
            if (at >= 0) waiting.splice(at, 1);
            reject(refusal());
          }, limits.maxWaitMs),
        };
        request[WAITER] = waiter;
        waiting.push(waiter);
      });
    }
    request[ADMITTED] = true;
    started.set(request, performance.now());
    // Let the calls that arrived with this one reach the queue before this one's queries run: PGlite
    // works on this thread, so a call that went straight on would keep every other one from being read
    // (and answered, queued or refused) until it finished.
    await new Promise<void>((resolve) => setImmediate(resolve));
  });

  return () => ({ active, waiting: waiting.length, refused });
}
