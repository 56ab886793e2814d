import { describe, expect, it } from 'vitest';
import { DAILY_RETRY_MS, jobDueness, type JobRunState } from '../../../src/server/jobs/job-due';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-03-10T10:00:00Z');

function state(overrides: Partial<JobRunState>): JobRunState {
  return {
    nowMs: NOW,
    firstSeenMs: NOW - 30 * DAY,
    lastStartedMs: null,
    lastSuccessMs: null,
    slotMs: null,
    ...overrides,
  };
}

describe('interval jobs', () => {
  const every = 15_000;

  it('are due when they never ran', () => {
    expect(jobDueness(every, state({}))).toEqual({ due: true, catchUp: false });
  });

  it('wait for their interval since the last start, less a second of timer drift', () => {
    expect(jobDueness(every, state({ lastStartedMs: NOW - 13_999 })).due).toBe(false);
    expect(jobDueness(every, state({ lastStartedMs: NOW - 14_000 }))).toEqual({ due: true, catchUp: false });
    // A tenth of a short interval, not a whole second.
    expect(jobDueness(100, state({ lastStartedMs: NOW - 89 })).due).toBe(false);
    expect(jobDueness(100, state({ lastStartedMs: NOW - 90 })).due).toBe(true);
  });

  it('count from the last start, failed or not, and call a missed round a catch-up', () => {
    expect(jobDueness(every, state({ lastStartedMs: NOW - 5_000, lastSuccessMs: NOW - DAY })).due).toBe(
      false,
    );
    expect(jobDueness(HOUR, state({ lastStartedMs: NOW - 3 * HOUR }))).toEqual({ due: true, catchUp: true });
  });
});

describe('daily jobs', () => {
  const every = { dayAt: '03:00' };
  const slotMs = NOW - 7 * HOUR;

  it('first seen today wait for their next time', () => {
    expect(jobDueness(every, state({ slotMs, firstSeenMs: NOW - MINUTE })).due).toBe(false);
  });

  it('run once when their time was missed, however many days were missed', () => {
    const missed = state({ slotMs, lastStartedMs: NOW - 5 * DAY, lastSuccessMs: NOW - 5 * DAY });
    expect(jobDueness(every, missed)).toEqual({ due: true, catchUp: true });
    const done = state({ slotMs, lastStartedMs: NOW - MINUTE, lastSuccessMs: NOW - MINUTE });
    expect(jobDueness(every, done).due).toBe(false);
  });

  it('on time is not a catch-up', () => {
    const onTime = state({ slotMs: NOW - 30_000, lastSuccessMs: NOW - DAY, lastStartedMs: NOW - DAY });
    expect(jobDueness(every, onTime)).toEqual({ due: true, catchUp: false });
  });

  it('retry a failed run after DAILY_RETRY_MS, not at every check', () => {
    const failedAt = NOW - MINUTE;
    const failed = state({ slotMs, lastSuccessMs: NOW - DAY, lastStartedMs: failedAt });
    expect(jobDueness(every, failed).due).toBe(false);
    const later = { ...failed, nowMs: failedAt + DAILY_RETRY_MS };
    expect(jobDueness(every, later)).toEqual({ due: true, catchUp: false });
  });
});
