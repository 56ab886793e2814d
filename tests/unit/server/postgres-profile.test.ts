import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POOL_MAX,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  postgresProfileFromEnv,
} from '../../../src/server/db/postgres-profile';

describe('PostgreSQL production profile from the environment', () => {
  it('defaults to 10 connections and a 30 s statement timeout', () => {
    expect(postgresProfileFromEnv({})).toEqual({
      poolMax: 10,
      statementTimeoutMs: 30_000,
      parallelWorkers: 0,
      reportParallelWorkers: 2,
    });
    expect(DEFAULT_POOL_MAX).toBe(10);
    expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(30_000);
    // Blank counts as unset (an empty line in an env file).
    expect(postgresProfileFromEnv({ PG_POOL_MAX: ' ', PG_STATEMENT_TIMEOUT_MS: '' })).toMatchObject({
      poolMax: 10,
      statementTimeoutMs: 30_000,
    });
  });

  it('takes PG_POOL_MAX and PG_STATEMENT_TIMEOUT_MS, 0 meaning no timeout', () => {
    expect(postgresProfileFromEnv({ PG_POOL_MAX: '40', PG_STATEMENT_TIMEOUT_MS: '5000' })).toMatchObject({
      poolMax: 40,
      statementTimeoutMs: 5000,
    });
    expect(postgresProfileFromEnv({ PG_STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).toBe(0);
  });

  it('refuses values that are not whole numbers in range, naming the variable', () => {
    for (const value of ['0', '-1', '10.5', 'abc', '1001', '1e3']) {
      expect(() => postgresProfileFromEnv({ PG_POOL_MAX: value })).toThrow(/^PG_POOL_MAX 1 ile 1000/);
    }
    for (const value of ['-5', '30s', '86400001']) {
      expect(() => postgresProfileFromEnv({ PG_STATEMENT_TIMEOUT_MS: value })).toThrow(
        /^PG_STATEMENT_TIMEOUT_MS 0 ile 86400000/,
      );
    }
  });

  it('takes the parallel workers of calls and of reports (0-64), calls on one core by default', () => {
    expect(
      postgresProfileFromEnv({ PG_PARALLEL_WORKERS: '2', PG_REPORT_PARALLEL_WORKERS: '0' }),
    ).toMatchObject({ parallelWorkers: 2, reportParallelWorkers: 0 });
    for (const value of ['-1', '65', 'two']) {
      expect(() => postgresProfileFromEnv({ PG_PARALLEL_WORKERS: value })).toThrow(
        /^PG_PARALLEL_WORKERS 0 ile 64/,
      );
      expect(() => postgresProfileFromEnv({ PG_REPORT_PARALLEL_WORKERS: value })).toThrow(
        /^PG_REPORT_PARALLEL_WORKERS 0 ile 64/,
      );
    }
  });
});
