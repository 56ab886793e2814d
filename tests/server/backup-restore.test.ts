import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { DEMO_PASSWORD } from './support/demo-server';
import { login, postForm } from './support/http';
import { databaseUrlOn } from '../../scripts/lib/test-database-url';
import { createTestDatabase, ownDatabaseName, runOnServer, testServerUrl } from './support/test-database';

const run = promisify(execFile);

/** Whether a PostgreSQL client tool is on PATH (pg_dump and pg_restore come in one package). */
async function hasTool(name: string): Promise<boolean> {
  try {
    await run(name, ['--version']);
    return true;
  } catch {
    return false;
  }
}

// Both databases are this test's own (crm_test_*, crm_restore_*) on the server the URL names.
const serverUrl = testServerUrl;
const toolsPresent = (await hasTool('pg_dump')) && (await hasTool('pg_restore'));
const skipReason = !serverUrl
  ? 'DATABASE_URL is not set: pg_dump and pg_restore work on a PostgreSQL server, not on PGlite'
  : !toolsPresent
    ? 'pg_dump/pg_restore are not installed (Debian: postgresql-client)'
    : null;
if (skipReason) console.info(`backup-restore.test.ts skipped: ${skipReason}`);

const onServer = (statement: string): Promise<void> => runOnServer(serverUrl ?? '', statement);

async function databaseName(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return rows[0]?.name ?? '';
}

const urlOf = (name: string): string => databaseUrlOn(serverUrl ?? '', name);

/** Exact row counts of every table of the public schema. */
async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const counted = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table_name)}`.execute(
      db,
    );
    counts[table_name] = Number(counted.rows[0]?.n ?? -1);
  }
  return counts;
}

let source: DatabaseHandle;
let restored: DatabaseHandle | undefined;
const restoredName = ownDatabaseName('crm_restore');
let folder = '';

describe.skipIf(skipReason !== null)('pg_dump / pg_restore (docs/operations.md#postgresql)', () => {
  beforeAll(async () => {
    source = await createTestDatabase();
    await seedDemoData(source.db, { leads: 2_000 });
    folder = await mkdtemp(join(tmpdir(), 'crm-backup-'));
  });

  afterAll(async () => {
    await restored?.close();
    await onServer(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    await source?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('restores every table row for row into a new database, and a demo login works there', async () => {
    const dump = join(folder, 'crm.dump');
    // The commands of docs/operations.md#backup-and-restore: custom format, no owner or privileges (the restoring role owns everything).
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${dump}`,
      '--dbname',
      urlOf(await databaseName(source.db)),
    ]);
    expect((await stat(dump)).size).toBeGreaterThan(10_000);
    await onServer(`CREATE DATABASE ${restoredName}`);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      urlOf(restoredName),
      dump,
    ]);

    // No migration may run on the restored copy: what is there came from the dump alone.
    restored = await openDatabase({ url: urlOf(restoredName), migrate: false });
    const before = await rowCounts(source.db);
    const after = await rowCounts(restored.db);
    expect(Object.keys(before).length).toBeGreaterThan(30);
    expect(before['leads']).toBe(2_000);
    expect(before['lead_notes']).toBeGreaterThan(0);
    expect(after).toEqual(before);

    // Sequences came along: a new lead continues after the highest id instead of colliding with it.
    const highest = await restored.db
      .selectFrom('leads')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const app = await buildServer({ database: restored, webRoot: '/nonexistent-web-root' });
    try {
      const token = await login(app, 'admin@demo.crm', DEMO_PASSWORD);
      const inserted = await postForm(
        app,
        '/api/inline/save/',
        { table: 'leads', type: 'insert', inputs: { name: 'Yedekten Dönen', phone: '05321234567' } },
        token,
      );
      expect(inserted.statusCode, inserted.body).toBe(200);
      const answer = inserted.json<{ success: boolean; id?: number }>();
      expect(answer.success).toBe(true);
      expect(answer.id).toBeGreaterThan(Number(highest.id));
      const page = await postForm(app, '/api/table/leads', { page: 1, limit: 15 }, token);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<{ results: { name: unknown }[] }>().results[0]?.name).toBe('Yedekten Dönen');
    } finally {
      await app.close();
    }
  });
});
