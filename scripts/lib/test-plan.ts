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

/** The Redis test of tests/server/realtime.test.ts: two server nodes sharing socket.io rooms. */
export const REDIS_TEST = { file: 'tests/server/realtime.test.ts', name: 'several server nodes' } as const;

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
    run('unit', 'test:unit'),
    run('keychain', 'test:keyring'),
    // DATABASE_URL empty: the suite's own switch to an in-memory PGlite per test file. The two runs share
    // nothing (in-memory databases, crm_test_<random> databases, port 0) and run one file at a time
    // each, so they run side by side on the two cores.
    run('server on PGlite', 'test:server', { DATABASE_URL: '', REDIS_URL: '' }, [], 'server'),
    'url' in postgres
      ? run(
          'server on PostgreSQL',
          'test:server',
          { DATABASE_URL: postgres.url, REDIS_URL: '' },
          [],
          'server',
        )
      : { kind: 'unavailable', name: 'server on PostgreSQL', reason: postgres.missing, required: ci },
    'url' in redis
      ? run('server nodes over Redis', 'test:server', { DATABASE_URL: '', REDIS_URL: redis.url }, [
          REDIS_TEST.file,
          '-t',
          REDIS_TEST.name,
          '--reporter=verbose',
        ])
      : { kind: 'unavailable', name: 'server nodes over Redis', reason: redis.missing, required: ci },
    run('e2e', 'test:e2e'),
  ];
}

/** CI sets CI=true (or 1); anything else, also CI=false, is a developer's machine. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}
