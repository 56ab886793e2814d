import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { databaseMessages } from '../../src/shared/i18n/server-texts';
import { DEMO_PASSWORD } from './support/demo-server';
import { login, postForm } from './support/http';
import { databaseUrlOn } from '../../scripts/lib/test-database-url';
import { createTestDatabase, testServerUrl } from './support/test-database';

const TIMEOUT_MS = 400;

let database: DatabaseHandle;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase({ profile: { statementTimeoutMs: TIMEOUT_MS } });
  await seedDemoData(database.db, { leads: 20 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  token = await login(app, 'admin@demo.crm', DEMO_PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// PGlite runs every statement in this process and has no timer to cancel one with: statement_timeout
// is a PostgreSQL-server setting, so these run where TEST_DATABASE_URL / DATABASE_URL names one.
describe.skipIf(!testServerUrl)('statement timeout (PostgreSQL)', () => {
  it('every pooled connection carries PG_STATEMENT_TIMEOUT_MS', async () => {
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
    expect(shown.rows[0]?.statement_timeout).toBe(`${TIMEOUT_MS}ms`);
  });

  it('a save stuck behind a locked row answers the Turkish timeout text, and works once the lock is gone', async () => {
    const lead = await database.db
      .selectFrom('leads')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // Someone else (another node, a maintenance script) holds the lead's row lock past the timeout.
    const blocker = new Client({ connectionString: await currentUrl(database) });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from leads where id = $1 for update', [lead.id]);
      const started = performance.now();
      const stuck = await postForm(
        app,
        '/api/detail/save/',
        { table: 'leads', id: lead.id, inputs: { city: 'Zaman Aşımı' } },
        token,
      );
      expect(stuck.statusCode, stuck.body).toBe(503);
      expect(stuck.json()).toEqual({ success: false, msg: databaseMessages.statementTimeout });
      expect(stuck.body).not.toMatch(/statement|cancel|SQL|leads/i);
      expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const saved = await postForm(
      app,
      '/api/detail/save/',
      { table: 'leads', id: lead.id, inputs: { city: 'Zaman Aşımı' } },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await database.db
      .selectFrom('leads')
      .select('city')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row.city).toBe('Zaman Aşımı');
  });

  it('a migration may run past it (an index over millions of rows), a user call may not', async () => {
    const slow = `select pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`;
    const applied = await runMigrations(database.db, [
      { id: '999-statement-timeout-test', statements: [slow] },
    ]);
    expect(applied).toEqual(['999-statement-timeout-test']);
    await expect(sql.raw(slow).execute(database.db)).rejects.toMatchObject({ code: '57014' });
  });
});

/** The URL of the test's own database (crm_test_<random>) on the server of TEST_DATABASE_URL / DATABASE_URL. */
async function currentUrl(handle: DatabaseHandle): Promise<string> {
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(handle.db)).rows[0]
    ?.name;
  return databaseUrlOn(testServerUrl ?? '', name ?? '');
}

describe.skipIf(!testServerUrl)('parallel workers (PostgreSQL)', () => {
  it('calls run on one core each; the reports’ own connections may use PG_REPORT_PARALLEL_WORKERS', async () => {
    const workers = async (db: DatabaseHandle['db']): Promise<string | undefined> =>
      (
        await sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(
          db,
        )
      ).rows[0]?.max_parallel_workers_per_gather;
    expect(await workers(database.db)).toBe('0');
    expect(await workers(database.reportDb)).toBe('2');
    // the same database, and the reports' timeout too
    const name = async (db: DatabaseHandle['db']) =>
      (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]?.name;
    expect(await name(database.reportDb)).toBe(await name(database.db));
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.reportDb);
    expect(shown.rows[0]?.statement_timeout).toBe(`${TIMEOUT_MS}ms`);
  });
});
