import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { messages } from '../../src/shared/i18n/messages';
import { createUser, grantLeadModules, type TestUser } from './support/fixtures';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let ayse: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  ayse = await createUser(database.db, { email: 'ayse.yilmaz@example.com', name: 'Ayşe Yılmaz' });
  await createUser(database.db, { email: 'pasif@example.com', active: 0 });
  await grantLeadModules(database.db, ayse.user_group_id, ['kisisel-bilgiler', 'notlar']);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /api/auth/login', () => {
  it('gives a token for the right e-mail and password (form-encoded)', async () => {
    const response = await postForm(app, '/api/auth/login', { email: ayse.email, password: ayse.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string; msg: string }>();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts a JSON body and an e-mail in other case', async () => {
    const response = await postJson(app, '/api/auth/login', {
      email: '  AYSE.Yilmaz@Example.COM ',
      password: ayse.password,
    });
    expect(response.json()).toMatchObject({ success: true });
  });

  it('answers 200 success:false with the Turkish message for a wrong password', async () => {
    const response = await postForm(app, '/api/auth/login', { email: ayse.email, password: 'yanlis-sifre' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, msg: 'E-posta veya şifre hatalı' });
  });

  it('answers the same for an unknown user and for an inactive user', async () => {
    const unknown = await postForm(app, '/api/auth/login', { email: 'yok@example.com', password: 'x' });
    const inactive = await postForm(app, '/api/auth/login', {
      email: 'pasif@example.com',
      password: 'Dogru.Sifre.2026',
    });
    expect(unknown.json()).toEqual({ success: false, msg: messages.invalidCredentials });
    expect(inactive.json()).toEqual({ success: false, msg: messages.invalidCredentials });
  });

  it('stores only the sha256 of the token', async () => {
    const token = await login(app, ayse.email, ayse.password);
    const hash = createHash('sha256').update(token).digest('hex');
    const rows = await database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).toContain(hash);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('keeps a session 12 hours, or 30 days with remember', async () => {
    const short = await login(app, ayse.email, ayse.password);
    const long = await postForm(app, '/api/auth/login', {
      email: ayse.email,
      password: ayse.password,
      remember: 1,
    });
    const longToken = long.json<{ token: string }>().token;
    const hours = async (token: string): Promise<number> => {
      const hash = createHash('sha256').update(token).digest('hex');
      const { rows } = await sql<{ hours: number }>`
        SELECT round(extract(epoch FROM expires_at - localtimestamp) / 3600)::int AS hours
        FROM sessions WHERE token_hash = ${hash}`.execute(database.db);
      return rows[0]?.hours ?? -1;
    };
    expect(await hours(short)).toBe(12);
    expect(await hours(longToken)).toBe(30 * 24);
  });

  it('answers 400 with a Turkish message naming the field, without a stack', async () => {
    const missing = await postForm(app, '/api/auth/login', { email: ayse.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, msg: 'Zorunlu alan eksik: password' });

    const empty = await postForm(app, '/api/auth/login', { email: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, msg: 'E-posta zorunludur' });

    const noBody = await app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json<{ msg: string }>().msg).toBe('Zorunlu alan eksik: email');

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ success: false, msg: messages.invalidRequest });
    for (const response of [missing, empty, noBody, badJson])
      expect(response.body).not.toMatch(/stack|at \w+ \(/);
  });

  it('slows a client down after 6 failures, without locking the account', async () => {
    const user = await createUser(database.db, { email: 'deneme@example.com' });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await postForm(app, '/api/auth/login', { email: user.email, password: 'yanlis' });
      expect(response.json()).toEqual({ success: false, msg: messages.invalidCredentials });
    }
    const held = await postForm(app, '/api/auth/login', { email: user.email, password: user.password });
    expect(held.json<{ success: boolean; msg: string }>()).toEqual({
      success: false,
      msg: 'Çok fazla hatalı giriş denemesi. Lütfen 1 saniye sonra tekrar deneyin',
    });
    // Another client is not held back by this one's guesses.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { email: user.email, password: user.password },
    });
    expect(elsewhere.json<{ success: boolean }>().success).toBe(true);
  });
});

describe('session calls', () => {
  it('validate answers the user of the token', async () => {
    const token = await login(app, ayse.email, ayse.password);
    const response = await postForm(app, '/api/auth/validate', {}, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { userName: 'Ayşe Yılmaz', userId: ayse.id, telegram_id: null, theme: 'dark', dahili: '1005' },
    });
  });

  it('me and user/info describe the user with the modules of their group', async () => {
    const token = await login(app, ayse.email, ayse.password);
    const me = await postForm(app, '/api/me', {}, token);
    expect(me.statusCode).toBe(200);
    const expected = {
      id: ayse.id,
      name: 'Ayşe Yılmaz',
      email: ayse.email,
      department: 'sales',
      user_group_id: ayse.user_group_id,
      user_group: 'Satış',
      team_id: ayse.team_id,
      team: 'Satış İstanbul',
      dahili: '1005',
      telegram_id: null,
      theme: 'dark',
      default_call_line: null,
      modules: ['kisisel-bilgiler', 'notlar'],
      must_change_password: false,
    };
    expect(me.json()).toEqual(expected);
    const info = await get(app, '/api/user/info', token);
    expect(info.json()).toEqual({ user: expected });
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    const none = await postForm(app, '/api/auth/validate');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false });
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/validate',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
    const unknown = await postForm(app, '/api/auth/validate', {}, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, msg: messages.sessionExpired });
  });

  it('logout revokes the token', async () => {
    const token = await login(app, ayse.email, ayse.password);
    const out = await postForm(app, '/api/auth/logout', {}, token);
    expect(out.json()).toEqual({ success: true });
    const after = await postForm(app, '/api/auth/validate', {}, token);
    expect(after.statusCode).toBe(401);
  });

  it('an expired token answers 401', async () => {
    const token = await login(app, ayse.email, ayse.password);
    const hash = createHash('sha256').update(token).digest('hex');
    await sql`UPDATE sessions SET expires_at = localtimestamp - interval '1 minute' WHERE token_hash = ${hash}`.execute(
      database.db,
    );
    const response = await postForm(app, '/api/me', {}, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, msg: messages.sessionExpired });
  });

  it('a user made inactive loses their open sessions', async () => {
    const user = await createUser(database.db, { email: 'ayrilan@example.com' });
    const token = await login(app, user.email, user.password);
    await database.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await postForm(app, '/api/auth/validate', {}, token)).statusCode).toBe(401);
  });
});
