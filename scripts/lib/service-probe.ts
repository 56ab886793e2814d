import pg from 'pg';
import { createClient } from 'redis';
import { databaseNameOf, testDatabaseUrl } from './test-database-url';
import type { ServiceProbe } from './test-plan';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** The URL without its password, for printing. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

/**
 * TEST_DATABASE_URL, else DATABASE_URL, else PostgreSQL's usual local address. Usable when it answers
 * and its role may create databases: the server suite creates and drops its own `crm_test_*` databases
 * there and only reads the one the URL names (see docs/development.md#tests-own-their-databases).
 */
export async function probePostgres(env: NodeJS.ProcessEnv): Promise<ServiceProbe> {
  const url = testDatabaseUrl(env) ?? DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  let rights: { rolname: string; may: boolean } | undefined;
  try {
    await client.connect();
    const answer = await client.query<{ rolname: string; may: boolean }>(
      'select rolname, rolcreatedb or rolsuper as may from pg_roles where rolname = current_user',
    );
    rights = answer.rows[0];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      missing: `PostgreSQL does not answer at ${safeUrl(url)} (${detail}); set DATABASE_URL or TEST_DATABASE_URL`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
  if (!rights?.may) {
    return {
      missing: `role ${rights?.rolname ?? '?'} at ${safeUrl(url)} may not create databases (ALTER ROLE ... CREATEDB), which the server suite needs for its own crm_test_* databases`,
    };
  }
  return { url };
}

/** What `npm test` prints about PostgreSQL before it starts: where the suite runs, in one line. */
export function describePostgres(probe: ServiceProbe): string {
  if ('missing' in probe) return `PostgreSQL: ${probe.missing}. The server suite runs on PGlite only.`;
  return `PostgreSQL: ${safeUrl(probe.url)} answers. The server suite runs on PGlite and there, in crm_test_* databases it creates and drops; database ${databaseNameOf(probe.url)} is left as it is.`;
}

/** REDIS_URL, else Redis's usual local address; answered when PING gets its PONG. */
export async function probeRedis(env: NodeJS.ProcessEnv): Promise<ServiceProbe> {
  const url = env.REDIS_URL?.trim() || DEFAULT_REDIS_URL;
  const client = createClient({ url, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
    return { url };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { missing: `Redis does not answer at ${safeUrl(url)} (${detail}); set REDIS_URL` };
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}
