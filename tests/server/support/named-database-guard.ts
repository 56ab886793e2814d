import { databaseNameOf, testDatabaseUrl } from '../../../scripts/lib/test-database-url';
import { fingerprintDatabase, type DatabaseFingerprint } from './database-fingerprint';
import { isDeepStrictEqual } from 'node:util';

/**
 * Vitest's global setup of the server suite. On PostgreSQL it fingerprints the database that
 * TEST_DATABASE_URL / DATABASE_URL names before the first test file and again after the last one, and
 * fails the run when anything in it changed: the suite works only in databases it created itself (see
 * docs/development.md#tests-own-their-databases). On PGlite it says so in one line.
 */
export default async function guardNamedDatabase(): Promise<(() => Promise<void>) | undefined> {
  const url = testDatabaseUrl(process.env);
  if (!url) {
    console.info('Server suite on PGlite only (in memory, one database per test file): no DATABASE_URL set.');
    return undefined;
  }
  const name = databaseNameOf(url);
  let before: DatabaseFingerprint;
  try {
    before = await fingerprintDatabase(url, 'versions');
  } catch (error) {
    // The suite's own CREATE DATABASE will fail with the driver's text; nothing here to guard.
    console.warn(`Could not read database ${name} before the run: ${(error as Error).message}`);
    return undefined;
  }
  console.info(
    `Server suite on PostgreSQL: its own crm_test_* databases on the server of database ${name}, which stays untouched.`,
  );
  return async () => {
    const after = await fingerprintDatabase(url, 'versions');
    if (!isDeepStrictEqual(before, after)) {
      const changed = (Object.keys(before) as (keyof DatabaseFingerprint)[]).filter(
        (key) => !isDeepStrictEqual(before[key], after[key]),
      );
      // Vitest prints an error thrown here but does not fail the run for it: the exit code does.
      process.exitCode = 1;
      throw new Error(
        `The server suite changed database ${name}, which only names the server (${changed.join(', ')} differ).`,
      );
    }
  };
}
