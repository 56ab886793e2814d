import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { DomainError } from '../../src/server/domain-errors';
import { messages } from '../../src/shared/i18n/messages';
import { get, postForm } from './support/http';
import { createTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  // Routes that fail on purpose, the way a buggy handler would.
  app.get('/api/test/sql-error', async () => {
    await sql`SELECT secret_column FROM no_such_table WHERE id = ${42}`.execute(database.db);
    return { ok: true };
  });
  app.get('/api/test/http-error', async () => {
    throw DomainError.forbidden();
  });
  app.get('/api/test/zod-error', async () => z.object({ count: z.number() }).parse({ count: 'x' }));
  app.get('/api/test/plain-error', async () => {
    throw new Error('internal detail: /srv/crm/secret.ts');
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('error answers', () => {
  it('an unknown API route answers 404 JSON', async () => {
    for (const response of [await get(app, '/api/no/such/route'), await postForm(app, '/api/no-such-call')]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ success: false, msg: 'İstenen adres bulunamadı' });
    }
  });

  it('an unknown non-API route answers 404 JSON when no web edition is built', async () => {
    const response = await get(app, '/list/leads');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('a raw SQL error becomes a 500 with the Turkish message and nothing of the SQL', async () => {
    const response = await get(app, '/api/test/sql-error');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, msg: messages.serverError });
    expect(response.body).not.toMatch(/no_such_table|secret_column|relation|SELECT/i);
  });

  it('any other thrown error is a 500 without its text', async () => {
    const response = await get(app, '/api/test/plain-error');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('an DomainError keeps its status and message', async () => {
    const response = await get(app, '/api/test/http-error');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, msg: messages.forbidden });
  });

  it('a zod error thrown by a handler is a 400 naming the field in Turkish', async () => {
    const response = await get(app, '/api/test/zod-error');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg: 'Geçersiz alan: count' });
  });

  it('a body over the limit answers 413 in Turkish', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a&password=${'x'.repeat(1_100_000)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, msg: 'Gönderilen veri çok büyük' });
  });

  it('a form nested beyond the limits or with more pairs than the limit is refused with 400', async () => {
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const deep = await post('email=a&password=b&a[b][c][d][e][f][g]=1');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ success: false });
    const many = Array.from({ length: 5001 }, (_, index) => `filters[${index}][name]=id`).join('&');
    const wide = await post(`email=a&password=b&${many}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({ success: false });
  });

  it('an unsupported content type answers 415 in Turkish', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, msg: 'Desteklenmeyen içerik türü' });
  });
});
