import pg from 'pg';
import { createClient } from 'redis';
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

/** DATABASE_URL, else PostgreSQL's usual local address; answered when `select 1` runs there. */
export async function probePostgres(env: NodeJS.ProcessEnv): Promise<ServiceProbe> {
  const url = env.DATABASE_URL?.trim() || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { missing: `PostgreSQL does not answer at ${safeUrl(url)} (${detail}); set DATABASE_URL` };
  } finally {
    await client.end().catch(() => undefined);
  }
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
