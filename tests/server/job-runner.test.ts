import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/job-runner';
import type { Job, JobLog } from '../../src/server/jobs/job-types';
import { createTestDatabase } from './support/test-database';

interface LogLine {
  level: 'debug' | 'info' | 'warn';
  details: Record<string, unknown>;
  message: string;
}

let database: DatabaseHandle;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await database.close();
});

function recordingLog(): JobLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (details: Record<string, unknown>, message: string): void => {
      lines.push({ level, details, message });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn') };
}

/** A runner on the shared test database, as one server node would have it. */
function runner(owner: string, jobs: Job[], log: JobLog = recordingLog()): JobRunner {
  const created = createJobRunner({ db: database.db, log, owner, leaseMs: 3_000 });
  for (const job of jobs) created.register(job);
  runners.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

async function jobRow(name: string) {
  return database.db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
}

/** A job_runs row as a node that ran the job `ago` (an SQL interval) and then went down leaves it. */
async function ranAgo(name: string, ago: string): Promise<void> {
  await sql`insert into job_runs (name, created_at, last_started_at, last_success_at)
    values (${name}, now() - ${ago}::interval, now() - ${ago}::interval, now() - ${ago}::interval)`.execute(
    database.db,
  );
}

describe('several runners on one database', () => {
  it('run each round of a job on one runner only', async () => {
    let runs = 0;
    const job = (): Job => ({
      name: 'once-per-round',
      every: 60_000,
      run: async () => {
        runs += 1;
      },
    });
    const nodeA = runner('node-a', [job()]);
    const nodeB = runner('node-b', [job()]);
    for (let round = 1; round <= 4; round += 1) {
      const outcomes = await Promise.all([nodeA.tick('once-per-round'), nodeB.tick('once-per-round')]);
      expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'ran' || outcome === 'failed')).toHaveLength(1);
      expect(runs).toBe(round);
      // Both nodes ask again at once: the round is done (one may find the other deciding: busy).
      const again = await Promise.all([nodeA.tick('once-per-round'), nodeB.tick('once-per-round')]);
      expect(again.filter((outcome) => outcome !== 'not-due' && outcome !== 'busy')).toEqual([]);
      expect(runs).toBe(round);
      // The next round comes: as if its minute had passed.
      await sql`update job_runs set last_started_at = last_started_at - interval '1 minute'
        where name = 'once-per-round'`.execute(database.db);
    }
  });

  it('never run one job on two runners at the same time, however long it runs', async () => {
    let active = 0;
    let mostActive = 0;
    let runs = 0;
    const slow = (): Job => ({
      name: 'slow',
      every: 40,
      run: async () => {
        active += 1;
        mostActive = Math.max(mostActive, active);
        await sleep(250);
        active -= 1;
        runs += 1;
      },
    });
    const nodeA = runner('node-a', [slow()]);
    const nodeB = runner('node-b', [slow()]);
    nodeA.start();
    nodeB.start();
    await waitUntil(() => runs >= 3);
    await Promise.all([nodeA.stop(), nodeB.stop()]);
    expect(mostActive).toBe(1);
    expect((await jobRow('slow'))?.lease_owner).toBeNull();
  });
});

describe('catch-up after downtime', () => {
  it('runs an interval job whose interval passed while no node ran, at start', async () => {
    await ranAgo('hourly-missed', '2 hours');
    await ranAgo('hourly-recent', '10 minutes');
    const ran: string[] = [];
    const hourly = (name: string): Job => ({
      name,
      every: 60 * 60_000,
      run: async () => {
        ran.push(name);
      },
    });
    const log = recordingLog();
    const node = runner('node-a', [hourly('hourly-missed'), hourly('hourly-recent')], log);
    node.start();
    await waitUntil(() => ran.length > 0);
    await sleep(200);
    expect(ran).toEqual(['hourly-missed']);
    expect(log.lines).toContainEqual({
      level: 'info',
      details: { job: 'hourly-missed' },
      message: 'job catching up on a missed run',
    });
    const missed = await jobRow('hourly-missed');
    expect(missed?.last_error).toBeNull();
    expect(missed?.lease_owner).toBeNull();
    // Written as the database prints timestamptz: today, not two hours ago.
    const { rows } = await sql<{
      fresh: boolean;
    }>`select last_success_at > now() - interval '1 minute' as fresh
      from job_runs where name = 'hourly-missed'`.execute(database.db);
    expect(rows[0]?.fresh).toBe(true);
  });

  it('runs a daily job once when its time was missed, and waits a new one for its next time', async () => {
    // An hour ago in the session's zone (yesterday's date when that was before midnight).
    const { rows } = await sql<{
      at: string;
    }>`select to_char(localtimestamp - interval '1 hour', 'HH24:MI') as at`.execute(database.db);
    const dayAt = rows[0]?.at ?? '';
    await ranAgo('daily-missed', '3 days');
    let runs = 0;
    const daily = (name: string): Job => ({
      name,
      every: { dayAt },
      run: async () => {
        runs += 1;
      },
    });
    const node = runner('node-a', [daily('daily-missed'), daily('daily-new')]);
    expect(await node.tick('daily-missed')).toBe('ran');
    expect(await node.tick('daily-missed')).toBe('not-due');
    expect(await node.tick('daily-new')).toBe('not-due');
    expect(runs).toBe(1);
  });
});

describe('failures and stopping', () => {
  it('logs a throwing job at warn with its name and runs it again at the next tick', async () => {
    let calls = 0;
    const log = recordingLog();
    const node = runner(
      'node-a',
      [
        {
          name: 'flaky',
          every: 50,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('SMTP yok');
          },
        },
      ],
      log,
    );
    node.start();
    await waitUntil(() => calls >= 2);
    await node.stop();
    const failures = log.lines.filter((line) => line.level === 'warn');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toBe('job failed');
    expect(failures[0]?.details.job).toBe('flaky');
    expect((failures[0]?.details.err as Error).message).toBe('SMTP yok');
    const row = await jobRow('flaky');
    expect(row?.last_error).toBeNull();
    expect(row?.last_success_at).not.toBeNull();
  });

  it('keeps the error of a failed run in job_runs', async () => {
    const node = runner('node-a', [
      {
        name: 'broken',
        every: 60_000,
        run: () => Promise.reject(new Error('rapor yazılamadı')),
      },
    ]);
    expect(await node.tick('broken')).toBe('failed');
    const row = await jobRow('broken');
    expect(row).toMatchObject({ last_error: 'rapor yazılamadı', last_success_at: null, lease_owner: null });
  });

  it('stop() waits for the run in progress, tells it to stop, and starts no more', async () => {
    let entered = false;
    let finished = 0;
    let sawStop = false;
    const node = runner('node-a', [
      {
        name: 'stoppable',
        every: 20,
        run: async ({ signal }) => {
          entered = true;
          await sleep(200);
          sawStop = signal.aborted;
          finished += 1;
        },
      },
    ]);
    node.start();
    await waitUntil(() => entered);
    await node.stop();
    expect(finished).toBe(1);
    expect(sawStop).toBe(true);
    await sleep(100);
    expect(finished).toBe(1);
    expect(await node.tick('stoppable')).toBe('stopped');
    expect((await jobRow('stoppable'))?.lease_owner).toBeNull();
  });

  it('refuses a job without a valid schedule and a name registered twice', () => {
    const node = createJobRunner({ db: database.db, log: recordingLog() });
    const run = async () => undefined;
    expect(() => node.register({ name: 'zero', every: 0, run })).toThrow();
    expect(() => node.register({ name: 'late', every: { dayAt: '24:00' }, run })).toThrow();
    node.register({ name: 'twice', every: 1000, run });
    expect(() => node.register({ name: 'twice', every: 1000, run })).toThrow();
  });
});
