import type { JobSchedule } from './job-types';

/** Where a job stands, read from its job_runs row and the database clock (epoch milliseconds). */
export interface JobRunState {
  nowMs: number;
  /** When the row was created: a daily job first seen today waits for its next time. */
  firstSeenMs: number;
  lastStartedMs: number | null;
  lastSuccessMs: number | null;
  /** Daily jobs: the latest scheduled time at or before now. */
  slotMs: number | null;
}

export interface JobDueness {
  due: boolean;
  /** At least one whole run was missed (downtime): worth an info line. */
  catchUp: boolean;
}

/** After a failed daily run, it is tried again this long after that try (not at once, not tomorrow). */
export const DAILY_RETRY_MS = 15 * 60_000;
/** How often a daily job asks whether its time has come. */
export const DAILY_CHECK_MS = 60_000;

/**
 * Timers on different nodes (and the same node's ticks) drift by a few milliseconds; an interval job is
 * due this much before its interval is over, so a tick that lands just short of it does not skip a round.
 */
export function intervalSlackMs(everyMs: number): number {
  return Math.min(everyMs / 10, 1000);
}

export function jobDueness(every: JobSchedule, state: JobRunState): JobDueness {
  const { nowMs, lastStartedMs } = state;
  if (typeof every === 'number') {
    if (lastStartedMs === null) return { due: true, catchUp: false };
    const elapsed = nowMs - lastStartedMs;
    return { due: elapsed >= every - intervalSlackMs(every), catchUp: elapsed >= 2 * every };
  }
  const slot = state.slotMs;
  if (slot === null) return { due: false, catchUp: false };
  const reference = state.lastSuccessMs ?? state.firstSeenMs;
  if (reference >= slot) return { due: false, catchUp: false };
  // Not tried since its time came, or the last try failed long enough ago.
  const tried = lastStartedMs !== null && lastStartedMs >= slot;
  const due = !tried || nowMs - (lastStartedMs ?? 0) >= DAILY_RETRY_MS;
  return { due, catchUp: due && !tried && nowMs - slot >= 2 * DAILY_CHECK_MS };
}
