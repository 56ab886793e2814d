import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrlOn, testDatabaseUrl } from '../../../scripts/lib/test-database-url';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../../src/server/db/database';

/** What a test may set on its database besides where it lives: the pool profile, a query log. */
export type TestDatabaseOptions = Pick<OpenDatabaseOptions, 'profile' | 'log'>;

/** Runs one statement on the server of `url` (CREATE/DROP DATABASE cannot run inside a pool transaction). */
export async function runOnServer(url: string, statement: string): Promise<void> {
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

/** The PostgreSQL server of this run (TEST_DATABASE_URL, else DATABASE_URL), or undefined on PGlite. */
export const testServerUrl: string | undefined = testDatabaseUrl(process.env);

/** A fresh name `<prefix>_<random hex>`, safe to splice into CREATE/DROP DATABASE. */
export function ownDatabaseName(prefix = 'crm_test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * An isolated, migrated database for one test file: a fresh in-memory PGlite, or, on PostgreSQL, a fresh
 * database `crm_test_<random>` on the server of TEST_DATABASE_URL / DATABASE_URL which `close()` drops
 * again. The database the URL names is only used to run CREATE and DROP DATABASE: never written into.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = testServerUrl;
  if (!serverUrl) return openDatabase({ ...options });
  const name = ownDatabaseName();
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrlOn(serverUrl, name);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ ...options, url });
  } catch (error) {
    await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    db: handle.db,
    reportDb: handle.reportDb,
    kind: handle.kind,
    ...(handle.connections !== undefined ? { connections: handle.connections } : {}),
    url,
    close: async () => {
      await handle.close();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
