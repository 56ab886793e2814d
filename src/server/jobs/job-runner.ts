import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DAILY_CHECK_MS } from './job-due';
import { claimJobRun, finishJobRun, renewJobLease } from './job-runs-store';
import type { Job, JobLog, JobTickOutcome } from './job-types';

/**
 * How long a run holds its job without renewing: what a node that died mid-run costs the others. A
 * running job renews it every third of that, however long it runs.
 */
export const JOB_LEASE_MS = 30_000;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: JobLog;
  /** Written to job_runs.lease_owner; default host name, process id and a random part. */
  owner?: string;
  leaseMs?: number;
}

export interface JobRunner {
  /** Adds a job; its first tick comes at start() (at once, so what downtime missed is caught up). */
  register(job: Job): void;
  start(): void;
  /** No tick starts after this; resolves when the ticks in progress (and their runs) have ended. */
  stop(): Promise<void>;
  /** One tick of a job now (what its timer calls): runs it when it is due and nobody else runs it. */
  tick(name: string): Promise<JobTickOutcome>;
}

interface Entry {
  job: Job;
  timer?: NodeJS.Timeout;
  ticking?: Promise<JobTickOutcome>;
}

const DAY_AT = /^([01]\d|2[0-3]):[0-5]\d$/;

function checkJob(job: Job): void {
  const { every } = job;
  const valid =
    typeof every === 'number' ? Number.isSafeInteger(every) && every > 0 : DAY_AT.test(every.dayAt);
  if (job.name.trim() === '' || !valid) throw new Error(`job ${job.name}: invalid name or schedule`);
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One runner for the server's periodic work. Each job ticks on its own timer (its interval, or every
 * minute for a daily job); a tick claims the job in job_runs under a PostgreSQL advisory lock (see
 * claimJobRun), so with several server nodes on one database each round runs on one node, and a node
 * starting after downtime runs at once what it missed. Errors are logged at warn with the job's name and
 * never leave the runner.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const entries = new Map<string, Entry>();
  const stopping = new AbortController();
  let started = false;

  async function run(job: Job, catchUp: boolean): Promise<JobTickOutcome> {
    const lease = { name: job.name, owner, leaseMs };
    if (catchUp) log.info({ job: job.name }, 'job catching up on a missed run');
    const renewal = setInterval(() => {
      renewJobLease(db, lease)
        .then((kept) => {
          if (!kept) log.warn({ job: job.name }, 'job lease lost to another node');
        })
        .catch((error: unknown) => log.warn({ job: job.name, err: error }, 'job lease not renewed'));
    }, leaseMs / 3).unref();
    const startedAt = performance.now();
    let failure: string | null = null;
    try {
      const result = await job.run({ signal: stopping.signal, log });
      log.debug({ job: job.name, ms: Math.round(performance.now() - startedAt), result }, 'job ran');
    } catch (error) {
      failure = errorText(error);
      log.warn({ job: job.name, err: error }, 'job failed');
    } finally {
      clearInterval(renewal);
    }
    try {
      await finishJobRun(db, lease, failure);
    } catch (error) {
      // The lease runs out by itself; the next run only comes a little later.
      log.warn({ job: job.name, err: error }, 'job run not recorded');
      return 'failed';
    }
    return failure === null ? 'ran' : 'failed';
  }

  async function tickOnce(job: Job): Promise<JobTickOutcome> {
    let claim;
    try {
      claim = await claimJobRun(db, { name: job.name, every: job.every, owner, leaseMs });
    } catch (error) {
      log.warn({ job: job.name, err: error }, 'job not claimed');
      return 'failed';
    }
    return claim.kind === 'claimed' ? run(job, claim.catchUp) : claim.kind;
  }

  function tick(name: string): Promise<JobTickOutcome> {
    const entry = entries.get(name);
    if (!entry) return Promise.reject(new Error(`no job named ${name}`));
    if (stopping.signal.aborted) return Promise.resolve('stopped');
    if (entry.ticking) return Promise.resolve('busy');
    const ticking = tickOnce(entry.job).finally(() => {
      entry.ticking = undefined;
    });
    entry.ticking = ticking;
    return ticking;
  }

  function schedule(entry: Entry, delayMs: number): void {
    // unref: a pending tick must never keep a server (or a test run) alive.
    entry.timer = setTimeout(() => {
      void tick(entry.job.name).then(() => {
        if (!stopping.signal.aborted) schedule(entry, periodOf(entry.job));
      });
    }, delayMs).unref();
  }

  return {
    register(job) {
      checkJob(job);
      if (entries.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      const entry: Entry = { job };
      entries.set(job.name, entry);
      if (started && !stopping.signal.aborted) schedule(entry, 0);
    },
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const entry of entries.values()) schedule(entry, 0);
    },
    async stop() {
      stopping.abort();
      for (const entry of entries.values()) clearTimeout(entry.timer);
      await Promise.all([...entries.values()].map((entry) => entry.ticking));
    },
    tick,
  };
}

function periodOf(job: Job): number {
  return typeof job.every === 'number' ? job.every : DAILY_CHECK_MS;
}
