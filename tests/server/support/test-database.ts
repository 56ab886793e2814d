import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../../src/server/db/database';

/** What a test may set on its database besides where it lives: the pool profile, a query log. */
export type TestDatabaseOptions = Pick<OpenDatabaseOptions, 'profile' | 'log'>;

/** Runs one statement on the server of `url` (CREATE/DROP DATABASE cannot run inside a pool transaction). */
async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A test database; `url` is set on PostgreSQL, so a test can open a second pool (a second server node). */
export interface TestDatabase extends DatabaseHandle {
  url?: string;
}

/**
 * An isolated, migrated database for one test file: a fresh in-memory PGlite, or, when DATABASE_URL is
 * set, a fresh database `crm_test_<random>` on that server which `close()` drops again.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ ...options });
  // Random hex only, so the name is safe to splice into the statement.
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ ...options, url: url.toString() });
  } catch (error) {
    await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    db: handle.db,
    reportDb: handle.reportDb,
    kind: handle.kind,
    ...(handle.connections !== undefined ? { connections: handle.connections } : {}),
    url: url.toString(),
    close: async () => {
      await handle.close();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
