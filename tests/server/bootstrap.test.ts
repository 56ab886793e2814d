import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_GROUP_NAME,
  BootstrapConfigError,
  ensureFirstAdmin,
  prepareProductionDatabase,
} from '../../src/server/bootstrap';
import type { DatabaseHandle } from '../../src/server/db/database';
import { startServer } from '../../src/server/start-server';
import { createTestDatabase } from './support/test-database';

const adminEnv = {
  CRM_ADMIN_EMAIL: 'it@firma.com.tr',
  CRM_ADMIN_PASSWORD: 'Uzun.Sifre.2026',
  CRM_ADMIN_NAME: 'Bilgi İşlem',
};

describe('first administrator', () => {
  let database: DatabaseHandle;
  // One database for the whole sequence: each step depends on what the previous one left behind.
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is not created when nothing is configured', async () => {
    expect(await ensureFirstAdmin(database.db, {})).toEqual({ status: 'not-configured' });
  });

  it('refuses a short password or a bad e-mail', async () => {
    await expect(ensureFirstAdmin(database.db, { ...adminEnv, CRM_ADMIN_PASSWORD: 'kisa' })).rejects.toThrow(
      BootstrapConfigError,
    );
    await expect(ensureFirstAdmin(database.db, { ...adminEnv, CRM_ADMIN_EMAIL: 'admin' })).rejects.toThrow(
      'CRM_ADMIN_EMAIL',
    );
  });

  it('is created from CRM_ADMIN_* when no user exists, and only then', async () => {
    const outcome = await ensureFirstAdmin(database.db, adminEnv);
    expect(outcome).toMatchObject({ status: 'created', email: 'it@firma.com.tr' });
    const user = await database.db
      .selectFrom('users')
      .innerJoin('user_groups', 'user_groups.id', 'users.user_group_id')
      .select(['users.name', 'users.department', 'users.password_hash', 'user_groups.name as group'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Bilgi İşlem', department: 'admin', group: ADMIN_GROUP_NAME });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(
      await ensureFirstAdmin(database.db, { ...adminEnv, CRM_ADMIN_EMAIL: 'ikinci@firma.com.tr' }),
    ).toEqual({
      status: 'users-exist',
    });
  });
});

describe('production install', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gets the registry, full rights for the admin and no demo accounts', async () => {
    const outcome = await prepareProductionDatabase(database.db, adminEnv);
    expect(outcome.status).toBe('created');
    const tables = await database.db.selectFrom('crm_tables').select('table_name').execute();
    expect(tables.length).toBeGreaterThan(0);
    const rights = await database.db
      .selectFrom('permissions')
      .innerJoin('user_groups', 'user_groups.id', 'permissions.user_group_id')
      .select([
        'permissions.table_name',
        'show',
        'delete',
        'update',
        'excel_import',
        'excel_export',
        'modules',
      ])
      .where('user_groups.name', '=', ADMIN_GROUP_NAME)
      .execute();
    expect(rights.map((row) => row.table_name).sort()).toEqual(tables.map((row) => row.table_name).sort());
    for (const row of rights) {
      expect([row.show, row.delete, row.update, row.excel_import, row.excel_export]).toEqual([1, 1, 1, 1, 1]);
      expect(row.modules).toContain('kisisel-bilgiler');
    }
    const users = await database.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'it@firma.com.tr' }]);
  });
});

describe('startServer', () => {
  it('listens on a free port, answers over HTTP and lets the first admin log in', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', demo: false, env: adminEnv });
    try {
      expect(server.setup).toMatchObject({ kind: 'first-admin', outcome: { status: 'created' } });
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ ok: true });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: adminEnv.CRM_ADMIN_EMAIL, password: adminEnv.CRM_ADMIN_PASSWORD }),
      });
      expect(await login.json()).toMatchObject({ success: true });
    } finally {
      await server.close();
    }
    // A whole embedded server start (PGlite boot, migrations) on a busy CI machine.
  }, 120_000);
});
