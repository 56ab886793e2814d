import { describe, expect, it } from 'vitest';
import { isCi, planTestStages, REDIS_TESTS, type PlannedStage } from '../../../scripts/lib/test-plan';

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = 'redis://127.0.0.1:6379';

const byName = (stages: PlannedStage[], name: string): PlannedStage | undefined =>
  stages.find((stage) => stage.name === name);

describe('planTestStages', () => {
  it('runs the server suite on PGlite and on PostgreSQL, and the Redis test on its own', () => {
    const stages = planTestStages({ postgres: { url: PG }, redis: { url: REDIS } }, true);
    expect(stages.map((stage) => stage.name)).toEqual([
      'typecheck',
      'lint',
      'circles',
      'unit',
      'keychain',
      'server on PGlite',
      'server on PostgreSQL',
      'server nodes over Redis',
      'e2e',
    ]);
    expect(byName(stages, 'typecheck')).toMatchObject({ kind: 'run', group: 'static' });
    expect(byName(stages, 'lint')).toMatchObject({ kind: 'run', group: 'static' });
    expect(byName(stages, 'circles')).toMatchObject({ kind: 'run', script: 'circles' });
    expect(byName(stages, 'server on PGlite')).toMatchObject({
      kind: 'run',
      script: 'test:server',
      env: { DATABASE_URL: '', TEST_DATABASE_URL: '', REDIS_URL: '' },
      group: 'server',
    });
    expect(byName(stages, 'server on PostgreSQL')).toMatchObject({
      kind: 'run',
      script: 'test:server',
      env: { DATABASE_URL: PG, TEST_DATABASE_URL: PG, REDIS_URL: '' },
      group: 'server',
    });
    expect(byName(stages, 'server nodes over Redis')).toMatchObject({
      kind: 'run',
      script: 'test:server',
      env: { DATABASE_URL: PG, TEST_DATABASE_URL: PG, REDIS_URL: REDIS },
      args: [
        'tests/server/realtime.test.ts',
        'tests/server/multi-node.test.ts',
        '-t',
        'several server nodes|two server nodes',
        '--reporter=verbose',
      ],
    });
    expect(byName(stages, 'server nodes over Redis')).not.toHaveProperty('group');
  });

  it('runs the Redis tests on PGlite when PostgreSQL does not answer (the two-node database test then skips)', () => {
    const stages = planTestStages({ postgres: { missing: 'no PostgreSQL' }, redis: { url: REDIS } }, false);
    expect(byName(stages, 'server nodes over Redis')).toMatchObject({
      env: { DATABASE_URL: '', TEST_DATABASE_URL: '', REDIS_URL: REDIS },
    });
  });

  it('fails a missing service in CI and skips it on a developer machine', () => {
    const missing = { postgres: { missing: 'no PostgreSQL' }, redis: { missing: 'no Redis' } };
    expect(byName(planTestStages(missing, true), 'server on PostgreSQL')).toEqual({
      kind: 'unavailable',
      name: 'server on PostgreSQL',
      reason: 'no PostgreSQL',
      required: true,
    });
    expect(byName(planTestStages(missing, false), 'server nodes over Redis')).toMatchObject({
      kind: 'unavailable',
      required: false,
    });
  });
});

describe('REDIS_TESTS', () => {
  it('name describe blocks that exist in their files', async () => {
    const { readFile } = await import('node:fs/promises');
    for (const test of REDIS_TESTS) {
      const source = await readFile(new URL(`../../../${test.file}`, import.meta.url), 'utf8');
      expect(source).toMatch(new RegExp(`\\([\`']${test.name}`));
    }
  });
});

describe('isCi', () => {
  it('reads CI=true and CI=1 as CI, unset or false as a developer machine', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});
