import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { encodeForm } from '../../src/shared/contract';
import { messages } from '../../src/shared/i18n/messages';
import { createTestDatabase } from './support/test-database';

/**
 * docs/operations.md#security: wrong passwords slow down the client that sends them, never the account's owner at another
 * client. The first wait is a minute here so the test does not race the clock.
 */

const PASSWORD = 'Demo.2026';

let database: DatabaseHandle;
let app: FastifyInstance;

function loginFrom(address: string, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: encodeForm({ email, password }),
  });
}

const succeeded = (response: LightMyRequestResponse): boolean =>
  response.json<{ success: boolean }>().success;
const judged = (response: LightMyRequestResponse): boolean =>
  response.json<{ msg: string }>().msg === messages.invalidCredentials;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 50 });
  app = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    loginThrottle: { freeFailuresPerClient: 5, freeFailuresPerAddress: 12, baseDelayMs: 60_000 },
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('login throttle', () => {
  it("another client's ten failures do not lock the owner out", async () => {
    const email = 'sales2@demo.crm';
    for (let i = 0; i < 10; i += 1) await loginFrom('203.0.113.10', email, 'tahmin');
    // The guessing client waits; the message says how long, in Turkish.
    const guesser = await loginFrom('203.0.113.10', email, PASSWORD);
    expect(succeeded(guesser)).toBe(false);
    expect(guesser.json<{ msg: string }>().msg).toMatch(/Çok fazla hatalı giriş denemesi/);
    // The owner at their own desk logs in at once.
    expect(succeeded(await loginFrom('198.51.100.7', email, PASSWORD))).toBe(true);
  });

  it('parallel wrong passwords from one client are judged only up to the free attempts', async () => {
    const email = 'risk@demo.crm';
    const attempts = await Promise.all(
      Array.from({ length: 25 }, () => loginFrom('203.0.113.20', email, 'tahmin')),
    );
    expect(attempts.filter(judged).length).toBeLessThanOrEqual(6);
    expect(succeeded(await loginFrom('203.0.113.20', email, PASSWORD))).toBe(false);
    expect(succeeded(await loginFrom('198.51.100.8', email, PASSWORD))).toBe(true);
  });

  it('spelling the e-mail differently (İ for I) counts against the same account', async () => {
    const email = 'retention@demo.crm';
    for (let i = 0; i < 7; i += 1) await loginFrom('203.0.113.30', email, 'tahmin');
    // PostgreSQL's lower() under a UTF-8 locale folds İ to i, so this names the same account; JS does not.
    for (const variant of ['RETENTİON@demo.crm', ' Retention@Demo.crm ']) {
      expect(succeeded(await loginFrom('203.0.113.30', variant, PASSWORD))).toBe(false);
    }
  });

  it('spraying many e-mails from one address is held back for every e-mail from it', async () => {
    const address = '203.0.113.40';
    for (let i = 0; i < 13; i += 1) await loginFrom(address, `yok${i}@demo.crm`, 'tahmin');
    // Even an e-mail this address never tried, even with the right password, waits now...
    expect(succeeded(await loginFrom(address, 'finance@demo.crm', PASSWORD))).toBe(false);
    // ...while the same account from a client that has not failed logs in.
    expect(succeeded(await loginFrom('198.51.100.9', 'finance@demo.crm', PASSWORD))).toBe(true);
  });

  it('a right password forgives its own client', async () => {
    const email = 'sales@demo.crm';
    for (let i = 0; i < 4; i += 1) await loginFrom('203.0.113.50', email, 'tahmin');
    expect(succeeded(await loginFrom('203.0.113.50', email, PASSWORD))).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      expect(judged(await loginFrom('203.0.113.50', email, 'tahmin'))).toBe(true);
    }
  });
});
