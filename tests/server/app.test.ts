import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrations, runMigrations } from '../../src/server/db/migrate';
import { get } from './support/http';
import { createTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  webRoot = await mkdtemp(join(tmpdir(), 'crm-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>CRM</title><div id="root"></div>');
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), 'console.log("crm")');
  app = await buildServer({ database, webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('server composition', () => {
  it('answers the health check', async () => {
    const response = await get(app, '/api/health');
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves the web edition with a fallback to index.html for client routes', async () => {
    const root = await get(app, '/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['content-security-policy']).toContain("script-src 'self'");
    expect(root.headers['cache-control']).toBe('no-cache');
    const route = await get(app, '/leadDetail/42');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root">');
    // a link pasted from an e-mail or a report: a list with its filters (a dot in the query is no asset)
    const link = await get(app, '/list/leads?utm_source=google&email=ayse.kaya%40example.com');
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('<div id="root">');
    const asset = await get(app, '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await get(app, '/assets/missing.js');
    expect(missingAsset.statusCode).toBe(404);
    const missingApi = await get(app, '/api/does-not-exist');
    expect(missingApi.statusCode).toBe(404);
    expect(missingApi.json()).toMatchObject({ success: false });
  });

  it('accepts paths with or without the trailing slash', async () => {
    const withSlash = await app.inject({ method: 'POST', url: '/api/auth/validate/' });
    expect(withSlash.statusCode).toBe(401);
    const health = await get(app, '/api/health/');
    expect(health.json()).toEqual({ ok: true });
  });

  it('allows local dev origins, not null (sandboxed frames) or others', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('null')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('http://localhost:5173')).headers['access-control-allow-origin']).toBe(
      'http://localhost:5173',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('migrations are recorded once and rerunning them changes nothing', async () => {
    expect(await runMigrations(database.db)).toEqual([]);
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM schema_migrations ORDER BY id`.execute(database.db);
    expect(rows).toEqual(migrations.map(({ id }) => ({ id })));
  });

  it('hands out timestamps and dates as plain strings', async () => {
    const team = await database.db
      .insertInto('teams')
      .values({ name: 'Zaman' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await database.db
      .insertInto('user_groups')
      .values({ name: 'Zaman' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('leads')
      .values({
        name: 'Tarih Testi',
        birthday: '1990-04-23',
        team_id: team.id,
        last_activity: '2026-01-02 03:04:05.678',
      })
      .execute();
    const lead = await database.db
      .selectFrom('leads')
      .select(['birthday', 'created_at', 'last_activity'])
      .executeTakeFirstOrThrow();
    expect(lead.birthday).toBe('1990-04-23');
    expect(lead.last_activity).toBe('2026-01-02 03:04:05');
    expect(lead.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const count = await database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
    expect(group.id).toBeGreaterThan(0);
  });
});

describe('a server on loopback', () => {
  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const database = await createTestDatabase();
    const local = await buildServer({ database, loopbackHostsOnly: true });
    try {
      const rebound = await local.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'attacker.example:8080' },
      });
      expect(rebound.statusCode).toBe(421);
      const ok = await local.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: '127.0.0.1:8080' },
      });
      expect(ok.statusCode).toBe(200);
      const named = await local.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost' } });
      expect(named.statusCode).toBe(200);
    } finally {
      await local.close();
      await database.close();
    }
  });
});
