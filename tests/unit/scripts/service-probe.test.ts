import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POSTGRES_URL,
  describePostgres,
  probePostgres,
  probeRedis,
  safeUrl,
} from '../../../scripts/lib/service-probe';
import { testDatabaseUrl } from '../../../scripts/lib/test-database-url';

// Port 1 on loopback: nothing listens there, so the connection is refused at once.
describe('service probes', () => {
  it('report PostgreSQL that does not answer, without its password', async () => {
    const probe = await probePostgres({ DATABASE_URL: 'postgres://crm:secret@127.0.0.1:1/test' });
    expect(probe).toEqual({
      missing: expect.stringContaining('PostgreSQL does not answer at postgres://crm:***@127.0.0.1:1/test'),
    });
    expect(JSON.stringify(probe)).not.toContain('secret');
  });

  it('prefer TEST_DATABASE_URL to DATABASE_URL', async () => {
    const probe = await probePostgres({
      DATABASE_URL: 'postgres://crm@127.0.0.1:1/production',
      TEST_DATABASE_URL: 'postgres://crm@127.0.0.1:1/scratch',
    });
    expect(probe).toEqual({ missing: expect.stringContaining('127.0.0.1:1/scratch') });
    expect(testDatabaseUrl({ DATABASE_URL: ' postgres://a@h/db ', TEST_DATABASE_URL: '' })).toBe(
      'postgres://a@h/db',
    );
    expect(testDatabaseUrl({ DATABASE_URL: '' })).toBeUndefined();
  });

  it('say in one line where the server suite runs', () => {
    expect(describePostgres({ missing: 'PostgreSQL does not answer at x' })).toBe(
      'PostgreSQL: PostgreSQL does not answer at x. The server suite runs on PGlite only.',
    );
    expect(describePostgres({ url: 'postgres://crm:pw@db:5432/mine' })).toBe(
      'PostgreSQL: postgres://crm:***@db:5432/mine answers. The server suite runs on PGlite and there, in crm_test_* databases it creates and drops; database mine is left as it is.',
    );
  });

  it('report Redis that does not answer', async () => {
    const probe = await probeRedis({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(probe).toEqual({
      missing: expect.stringContaining('Redis does not answer at redis://127.0.0.1:1'),
    });
  });

  it('safeUrl hides the password only', () => {
    expect(safeUrl('redis://:pw@cache:6379/0')).toBe('redis://:***@cache:6379/0');
    expect(safeUrl('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });
});

// The machine's PostgreSQL (trust auth), when it answers: a role without CREATEDB is not usable.
const local = await probePostgres({ DATABASE_URL: DEFAULT_POSTGRES_URL });
describe.skipIf(!('url' in local))('service probe on the local PostgreSQL', () => {
  it('refuses a role that may not create databases, naming the right it lacks', async () => {
    const role = `crm_probe_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DEFAULT_POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login nocreatedb`);
      const url = new URL(DEFAULT_POSTGRES_URL);
      url.username = role;
      expect(await probePostgres({ DATABASE_URL: url.toString() })).toEqual({
        missing: expect.stringContaining(`role ${role} at`),
      });
      expect(await probePostgres({ DATABASE_URL: DEFAULT_POSTGRES_URL })).toEqual({
        url: DEFAULT_POSTGRES_URL,
      });
    } finally {
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});
