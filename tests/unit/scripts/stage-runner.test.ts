import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { npmRunner, runStages, summarize, type RunCommand } from '../../../scripts/lib/stage-runner';
import type { PlannedStage } from '../../../scripts/lib/test-plan';

const stage = (name: string, script: string, args: string[] = [], group?: string): PlannedStage => ({
  kind: 'run',
  name,
  script,
  args,
  env: { DATABASE_URL: name },
  ...(group ? { group } : {}),
});

describe('runStages', () => {
  it('runs every stage even after one failed, and records each outcome', async () => {
    const codes: Record<string, number> = { lint: 1, 'test:unit': 0, 'test:server': 0 };
    const runCommand: RunCommand = vi.fn(async (args) => ({ code: codes[args[1] ?? ''] ?? 99 }));
    let clock = 0;
    const results = await runStages(
      [
        stage('lint', 'lint'),
        stage('unit', 'test:unit'),
        { kind: 'unavailable', name: 'server on PostgreSQL', reason: 'no server', required: false },
        stage('redis', 'test:server', ['tests/server/realtime.test.ts', '-t', 'nodes']),
      ],
      runCommand,
      () => undefined,
      () => (clock += 2_000),
    );
    expect(results.map((r) => [r.name, r.outcome])).toEqual([
      ['lint', 'failed'],
      ['unit', 'passed'],
      ['server on PostgreSQL', 'skipped'],
      ['redis', 'passed'],
    ]);
    expect(runCommand).toHaveBeenCalledWith(['run', 'lint'], { DATABASE_URL: 'lint' }, false);
    expect(runCommand).toHaveBeenCalledWith(
      ['run', 'test:server', '--', 'tests/server/realtime.test.ts', '-t', 'nodes'],
      { DATABASE_URL: 'redis' },
      false,
    );
    expect(results[0]).toMatchObject({ seconds: 2, note: 'exit code 1' });
  });

  it('runs one group side by side and prints each output whole, in stage order', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const runCommand: RunCommand = vi.fn(async (_args, env, capture) => {
      started.push(env.DATABASE_URL ?? '');
      if (started.length === 2) release();
      // neither finishes before both have started: they run at the same time
      await bothStarted;
      const name = env.DATABASE_URL ?? '';
      return { code: name === 'pg' ? 1 : 0, output: `${name} output, captured: ${capture}\n` };
    });
    const lines: string[] = [];
    const results = await runStages(
      [
        stage('pglite', 'test:server', [], 'server'),
        stage('pg', 'test:server', [], 'server'),
        stage('e2e', 'test:e2e'),
      ],
      runCommand,
      (line) => lines.push(line),
    );
    expect(results.map((r) => [r.name, r.outcome])).toEqual([
      ['pglite', 'passed'],
      ['pg', 'failed'],
      ['e2e', 'passed'],
    ]);
    expect(runCommand).toHaveBeenLastCalledWith(['run', 'test:e2e'], { DATABASE_URL: 'e2e' }, false);
    const pgliteAt = lines.indexOf('pglite output, captured: true');
    expect(pgliteAt).toBeGreaterThan(lines.indexOf('\n=== [1/3] pglite ==='));
    expect(lines.indexOf('\n=== [2/3] pg ===')).toBeGreaterThan(pgliteAt);
    expect(lines.indexOf('pg output, captured: true')).toBeGreaterThan(lines.indexOf('\n=== [2/3] pg ==='));
  });

  it('counts a required stage that cannot run as failed', async () => {
    const results = await runStages(
      [{ kind: 'unavailable', name: 'server on PostgreSQL', reason: 'no server', required: true }],
      vi.fn(),
      () => undefined,
    );
    expect(results).toEqual([
      { name: 'server on PostgreSQL', outcome: 'failed', seconds: null, note: 'no server' },
    ]);
  });
});

describe('summarize', () => {
  it('ends with the counts line CI reads', () => {
    const lines = summarize(
      [
        { name: 'lint', outcome: 'passed', seconds: 75 },
        { name: 'server on PostgreSQL', outcome: 'failed', seconds: null, note: 'no server' },
        { name: 'e2e', outcome: 'skipped', seconds: null, note: 'not here' },
      ],
      3_725,
    );
    expect(lines).toContain('Test summary (62 min 5 s):');
    expect(lines.at(-1)).toBe('Stages: 1 passed, 1 failed, 1 skipped');
    expect(lines).toContain('  passed   lint                  1 min 15 s');
    expect(lines).toContain('  FAILED   server on PostgreSQL  no server');
  });
});

describe('npmRunner', () => {
  it('runs a real command through the npm of npm_execpath and returns its exit code', async () => {
    // A stand-in "npm" that exits with the code given as the script name.
    const fakeNpm = fileURLToPath(new URL('./fixtures/fake-npm.mjs', import.meta.url));
    const run = npmRunner({ ...process.env, npm_execpath: fakeNpm }, process.platform);
    expect(await run(['run', '3'], {}, false)).toEqual({ code: 3 });
    expect(await run(['run', '0'], { STAGE_CHECK: 'seen' }, false)).toEqual({ code: 0 });
    expect(await run(['run', '0'], { STAGE_CHECK: 'seen' }, true)).toEqual({
      code: 0,
      output: 'fake npm run 0\n',
    });
    // three Node processes: seconds on a busy machine
  }, 30_000);
});
