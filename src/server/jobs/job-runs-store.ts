import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { jobDueness } from './job-due';
import type { JobSchedule } from './job-types';

/**
 * The first half of the two-key advisory lock: one namespace for all jobs. Two-key locks never collide
 * with the one-key lock of the migrations (PostgreSQL tells the two forms apart).
 */
const JOB_LOCK_CLASS = 7_201_015;
/** A run's error as kept in job_runs.last_error (the log has it whole). */
const MAX_ERROR_LENGTH = 1000;

/** The second half: a stable 32-bit number for the job's name, the same on every node. */
export function jobLockKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

export type JobClaim = { kind: 'claimed'; catchUp: boolean } | { kind: 'not-due' } | { kind: 'busy' };

export interface JobClaimRequest {
  name: string;
  every: JobSchedule;
  /** This runner's id, kept as lease_owner while it runs the job. */
  owner: string;
  leaseMs: number;
}

interface StateRow {
  now_ms: number;
  first_seen_ms: number;
  last_started_ms: number | null;
  last_success_ms: number | null;
  slot_ms: number | null;
  leased: boolean;
}

const epochMs = (value: RawBuilder<unknown>) => sql`(extract(epoch from ${value})::float8 * 1000)`;
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000}::float8)`;

/**
 * Decides in one short transaction whether this node runs the job now, and if so takes it: the advisory
 * lock lets only one node decide at a time (it is released at commit), the lease in job_runs keeps the
 * others off while the run goes on outside any transaction. A node that does not get the lock at once
 * does not wait: another one is deciding, and will run the job if it is due.
 */
export async function claimJobRun(db: Kysely<Database>, request: JobClaimRequest): Promise<JobClaim> {
  return db.transaction().execute(async (trx): Promise<JobClaim> => {
    const { rows: locks } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(
        ${JOB_LOCK_CLASS}::integer, ${jobLockKey(request.name)}::integer) as locked`.execute(trx);
    if (locks[0]?.locked !== true) return { kind: 'busy' };
    await sql`insert into job_runs (name) values (${request.name}) on conflict (name) do nothing`.execute(
      trx,
    );
    const dayAt = typeof request.every === 'number' ? null : request.every.dayAt;
    // The latest time of day at or before now, in the session's zone, as an instant.
    const today = sql`current_date + ${dayAt}::time`;
    const slot = sql`(case when ${today} <= localtimestamp then ${today}
      else current_date - 1 + ${dayAt}::time end)::timestamptz`;
    const { rows } = await sql<StateRow>`select
        ${epochMs(sql`now()`)} as now_ms,
        ${epochMs(sql`created_at`)} as first_seen_ms,
        ${epochMs(sql`last_started_at`)} as last_started_ms,
        ${epochMs(sql`last_success_at`)} as last_success_ms,
        ${epochMs(slot)} as slot_ms,
        coalesce(lease_until > now(), false) as leased
      from job_runs where name = ${request.name}`.execute(trx);
    const row = rows[0];
    if (!row) throw new Error(`job_runs row of ${request.name} missing after insert`);
    if (row.leased) return { kind: 'busy' };
    const { due, catchUp } = jobDueness(request.every, {
      nowMs: row.now_ms,
      firstSeenMs: row.first_seen_ms,
      lastStartedMs: row.last_started_ms,
      lastSuccessMs: row.last_success_ms,
      slotMs: row.slot_ms,
    });
    if (!due) return { kind: 'not-due' };
    await sql`update job_runs
      set last_started_at = now(), lease_owner = ${request.owner}, lease_until = ${leaseEnd(request.leaseMs)}
      where name = ${request.name}`.execute(trx);
    return { kind: 'claimed', catchUp };
  });
}

/** Keeps a long run's lease from running out; false when another node has taken the job meanwhile. */
export async function renewJobLease(
  db: Kysely<Database>,
  request: Pick<JobClaimRequest, 'name' | 'owner' | 'leaseMs'>,
): Promise<boolean> {
  const result = await sql`update job_runs set lease_until = ${leaseEnd(request.leaseMs)}
    where name = ${request.name} and lease_owner = ${request.owner}`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Ends a run: frees the lease and records success (or the error). Only the lease's owner writes. */
export async function finishJobRun(
  db: Kysely<Database>,
  request: Pick<JobClaimRequest, 'name' | 'owner'>,
  error: string | null,
): Promise<void> {
  const failed = error !== null;
  await sql`update job_runs
    set lease_owner = null, lease_until = null,
      last_success_at = case when ${failed}::boolean then last_success_at else now() end,
      last_error = ${failed ? error.slice(0, MAX_ERROR_LENGTH) : null}::text
    where name = ${request.name} and lease_owner = ${request.owner}`.execute(db);
}
