import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeRedis } from '../../scripts/lib/service-probe';
import { databaseUrlOn } from '../../scripts/lib/test-database-url';
import { fingerprintDatabase, type DatabaseFingerprint } from './support/database-fingerprint';
import { ownDatabaseName, runOnServer, testServerUrl } from './support/test-database';

/*
 * The database DATABASE_URL names only opens the door to its server: the suite creates and drops its
 * own databases there and never writes into that one (docs/development.md#tests-own-their-databases).
 * This test makes such a database, holding a sentinel table, a sequence and a schema of its own, runs
 * the test files that handle databases themselves (two server nodes, backup and restore, the statement
 * timeout) and an ordinary one with DATABASE_URL naming it, and checks it is exactly as it was.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const CHILD_FILES = [
  'tests/server/auth.test.ts',
  'tests/server/statement-timeout.test.ts',
  'tests/server/backup-restore.test.ts',
  'tests/server/multi-node.test.ts',
];

// The two-node test needs Redis too; without it that file skips and this test says so in its name.
const redis = testServerUrl ? await probeRedis(process.env) : { missing: 'no PostgreSQL' };
const redisUrl = 'url' in redis ? redis.url : '';
const title = `a server test run leaves the database DATABASE_URL names exactly as it was${
  redisUrl ? '' : ' (the two-node test skipped: Redis does not answer)'
}`;

let sentinelName = '';
let sentinelUrl = '';
let before: DatabaseFingerprint;

async function fillSentinel(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `create table sentinel (id int primary key, note text not null, amount numeric(18, 2))`,
    );
    await client.query(`insert into sentinel values (1, 'dokunma', 1000.50), (2, 'Işık Çağrı Şule', null)`);
    await client.query(`create sequence sentinel_seq start 41`);
    await client.query(`select nextval('sentinel_seq')`);
    await client.query(`create schema kendi`);
    await client.query(`create table kendi.leads (id int, name text)`);
    await client.query(`insert into kendi.leads values (7, 'Ayşe Yılmaz')`);
  } finally {
    await client.end();
  }
}

/** Runs vitest's server project on the given files as `npm run test:server` would, with its env. */
function runServerSuite(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '-c',
        'tests/vitest.config.ts',
        '--project',
        'server',
        ...CHILD_FILES,
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe.skipIf(!testServerUrl)(title, () => {
  beforeAll(async () => {
    const serverUrl = testServerUrl ?? '';
    sentinelName = ownDatabaseName('crm_sentinel');
    await runOnServer(serverUrl, `CREATE DATABASE ${sentinelName}`);
    sentinelUrl = databaseUrlOn(serverUrl, sentinelName);
    await fillSentinel(sentinelUrl);
    before = await fingerprintDatabase(sentinelUrl, 'content');
  });

  afterAll(async () => {
    if (sentinelName)
      await runOnServer(testServerUrl ?? '', `DROP DATABASE IF EXISTS ${sentinelName} WITH (FORCE)`);
  });

  it('runs the test files that manage databases with DATABASE_URL naming a sentinel database', async () => {
    expect(before.rows['public.sentinel']).toMatch(/^2 /);
    const run = await runServerSuite({
      ...process.env,
      DATABASE_URL: sentinelUrl,
      TEST_DATABASE_URL: '',
      REDIS_URL: redisUrl,
    });
    expect(run.code, run.output.slice(-4_000)).toBe(0);
    // The files ran on PostgreSQL (not skipped as on PGlite) and passed.
    expect(run.output).toContain(`on the server of database ${sentinelName}, which stays untouched`);
    const files = /Test Files\s+(.*)/.exec(run.output)?.[1] ?? '';
    expect(files).not.toContain('failed');
    expect(Number(/(\d+) passed/.exec(files)?.[1] ?? 0)).toBeGreaterThanOrEqual(redisUrl ? 3 : 2);
    expect(await fingerprintDatabase(sentinelUrl, 'content')).toEqual(before);
  }, 600_000);
});
