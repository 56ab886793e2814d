/** A service a suite needs: where it answered, or why it did not. */
export type ServiceProbe = { url: string } | { missing: string };

export interface Services {
  postgres: ServiceProbe;
  redis: ServiceProbe;
}

export type PlannedStage =
  | {
      kind: 'run';
      name: string;
      script: string;
      args: readonly string[];
      env: Record<string, string>;
      /** Consecutive stages of one group run side by side. */
      group?: string;
    }
  /** Cannot run here; `required` stages count as failed (CI must test what README claims). */
  | { kind: 'unavailable'; name: string; reason: string; required: boolean };

const run = (
  name: string,
  script: string,
  env: Record<string, string> = {},
  args: readonly string[] = [],
  group?: string,
): PlannedStage => ({ kind: 'run', name, script, args, env, ...(group ? { group } : {}) });

/**
 * The Redis tests: two server nodes sharing socket.io rooms (tests/server/realtime.test.ts) and two nodes
 * sharing one PostgreSQL database and one Redis (tests/server/multi-node.test.ts, which needs PostgreSQL
 * too and says in its name when it is skipped). `-t` takes a pattern, so the names are joined with `|`.
 */
export const REDIS_TESTS = [
  { file: 'tests/server/realtime.test.ts', name: 'several server nodes' },
  { file: 'tests/server/multi-node.test.ts', name: 'two server nodes' },
] as const;

/** Both variables empty: the server suite's switch to in-memory PGlite. */
const NO_POSTGRES = { DATABASE_URL: '', TEST_DATABASE_URL: '' } as const;

/**
 * Every suite `npm test` runs, in order. The server suite runs on PGlite and again on PostgreSQL; the
 * Redis test runs on its own, with its test names printed, so the output shows that it ran.
 */
export function planTestStages(services: Services, ci: boolean): PlannedStage[] {
  const { postgres, redis } = services;
  return [
    // Both read the sources alone, one core each.
    run('typecheck', 'typecheck', {}, [], 'static'),
    run('lint', 'lint', {}, [], 'static'),
    // No import circles in src/ (dpdm; docs/architecture.md#layers).
    run('circles', 'circles'),
    run('unit', 'test:unit'),
    run('keychain', 'test:keyring'),
    // DATABASE_URL empty: the suite's own switch to an in-memory PGlite per test file. The two runs share
    // nothing (in-memory databases, crm_test_<random> databases, port 0) and run one file at a time
    // each, so they run side by side on the two cores. On PostgreSQL the suite only creates and drops
    // its own databases on the server the URL names (docs/development.md#tests-own-their-databases).
    run('server on PGlite', 'test:server', { ...NO_POSTGRES, REDIS_URL: '' }, [], 'server'),
    'url' in postgres
      ? run(
          'server on PostgreSQL',
          'test:server',
          { DATABASE_URL: postgres.url, TEST_DATABASE_URL: postgres.url, REDIS_URL: '' },
          [],
          'server',
        )
      : { kind: 'unavailable', name: 'server on PostgreSQL', reason: postgres.missing, required: ci },
    'url' in redis
      ? run(
          'server nodes over Redis',
          'test:server',
          {
            ...('url' in postgres
              ? { DATABASE_URL: postgres.url, TEST_DATABASE_URL: postgres.url }
              : NO_POSTGRES),
            REDIS_URL: redis.url,
          },
          [
            ...REDIS_TESTS.map((test) => test.file),
            '-t',
            REDIS_TESTS.map((test) => test.name).join('|'),
            '--reporter=verbose',
          ],
        )
      : { kind: 'unavailable', name: 'server nodes over Redis', reason: redis.missing, required: ci },
    run('e2e', 'test:e2e'),
  ];
}

/** CI sets CI=true (or 1); anything else, also CI=false, is a developer's machine. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}
