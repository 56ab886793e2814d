/**
 * The PostgreSQL server the test suites use: TEST_DATABASE_URL, else DATABASE_URL; undefined means the
 * server suite runs on in-memory PGlite. The database the URL names is only a door to that server: the
 * suites create and drop their own `crm_test_*` databases there (the role needs CREATEDB) and never
 * write into it (see docs/development.md#tests-own-their-databases).
 */
export function testDatabaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  return env.TEST_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || undefined;
}

/** The same URL naming another database of that server (a test's own). */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database a URL names (its path without the slash). */
export function databaseNameOf(serverUrl: string): string {
  return decodeURIComponent(new URL(serverUrl).pathname.replace(/^\//, ''));
}
