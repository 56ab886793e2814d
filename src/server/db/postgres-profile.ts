/**
 * The PostgreSQL production profile: how many connections one server node holds, and how long one
 * statement may run before PostgreSQL cancels it. Both come from the environment so an operator can fit
 * them to the database server (its max_connections shared by every node) without a new build.
 */
export interface PostgresProfile {
  /** Connections of this node's pool (PG_POOL_MAX). */
  poolMax: number;
  /** statement_timeout of every pooled connection in ms (PG_STATEMENT_TIMEOUT_MS); 0 = no limit. */
  statementTimeoutMs: number;
  /** max_parallel_workers_per_gather of the calls' connections (PG_PARALLEL_WORKERS). */
  parallelWorkers: number;
  /** The same for the reports' own connections (PG_REPORT_PARALLEL_WORKERS). */
  reportParallelWorkers: number;
}

/** pg's own default; ten connections keep two cores busy while leaving room for other nodes. */
export const DEFAULT_POOL_MAX = 10;
/**
 * Long enough for the slowest legitimate call (an exact count or a report over millions of leads, an
 * export page), short enough that a runaway query frees its connection before the pool starves.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Calls run on one core each. Under load, parallel workers make every query take cores from the others:
 * 500 agents on two cores had a p95 of 150-350 ms with PostgreSQL's default of 2 and 20-70 ms with 0.
 */
export const DEFAULT_PARALLEL_WORKERS = 0;
/** Reports aggregate a year of rows for a few managers: workers halve them on an idle server. */
export const DEFAULT_REPORT_PARALLEL_WORKERS = 2;
const PARALLEL_WORKERS_LIMIT = 64;

const POOL_MAX_LIMIT = 1_000;
/** One day: beyond that a "timeout" is a typo, not a setting. */
const STATEMENT_TIMEOUT_LIMIT_MS = 86_400_000;

export type PostgresProfileEnv = Partial<
  Record<
    'PG_POOL_MAX' | 'PG_STATEMENT_TIMEOUT_MS' | 'PG_PARALLEL_WORKERS' | 'PG_REPORT_PARALLEL_WORKERS',
    string
  >
>;

function readInteger(
  env: PostgresProfileEnv,
  name: keyof PostgresProfileEnv,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  // A wrong setting stops the start: a silently ignored pool size shows up only under load.
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`${name} ${min} ile ${max} arasında bir tam sayı olmalı (verilen: ${raw})`);
  }
  return value;
}

/**
 * PG_POOL_MAX (1-1000, default 10), PG_STATEMENT_TIMEOUT_MS (0-86400000, default 30000),
 * PG_PARALLEL_WORKERS (0-64, default 0) and PG_REPORT_PARALLEL_WORKERS (0-64, default 2).
 */
export function postgresProfileFromEnv(env: PostgresProfileEnv = process.env): PostgresProfile {
  return {
    poolMax: readInteger(env, 'PG_POOL_MAX', DEFAULT_POOL_MAX, 1, POOL_MAX_LIMIT),
    statementTimeoutMs: readInteger(
      env,
      'PG_STATEMENT_TIMEOUT_MS',
      DEFAULT_STATEMENT_TIMEOUT_MS,
      0,
      STATEMENT_TIMEOUT_LIMIT_MS,
    ),
    parallelWorkers: readInteger(
      env,
      'PG_PARALLEL_WORKERS',
      DEFAULT_PARALLEL_WORKERS,
      0,
      PARALLEL_WORKERS_LIMIT,
    ),
    reportParallelWorkers: readInteger(
      env,
      'PG_REPORT_PARALLEL_WORKERS',
      DEFAULT_REPORT_PARALLEL_WORKERS,
      0,
      PARALLEL_WORKERS_LIMIT,
    ),
  };
}
