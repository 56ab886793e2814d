import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start-server';
import { DEMO_PASSWORD } from './support/demo-server';
import { floodFromAnotherThread } from './support/flood';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * 2,000 parallel list calls from one client against a database past 100,000 leads, through the
 * production start (start-server.ts: its listen backlog, the call queue sized by the database). Every
 * call ends with an answer, 200 or a clean 503, never a reset or a timeout (docs/security.md#the-call-queue).
 * Slow (the data set takes a minute to seed), so it is a file of its own.
 */

const LEADS = 100_000;
const CALLS = 2000;

let testDatabase: TestDatabase;
let running: RunningServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  running = await startServer({
    port: 0,
    host: '127.0.0.1',
    demo: true,
    demoLeads: LEADS,
    webRoot: '/nonexistent-web-root',
    ...(testDatabase.url ? { databaseUrl: testDatabase.url } : {}),
  });
}, 600_000);

afterAll(async () => {
  await running?.close();
  await testDatabase?.close();
});

describe(`${CALLS} parallel list calls from one client, ${LEADS} leads`, () => {
  it('end with 200 or a clean 503 (Retry-After, Turkish text) each, and no reset or timeout', async () => {
    const login = await request(`${running.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=sales%40demo.crm&password=${DEMO_PASSWORD}`,
    });
    const { token } = (await login.body.json()) as { token: string };
    const outcomes = await floodFromAnotherThread(running.url, token, CALLS);
    // The client counts a 503 without Retry-After or without its Turkish text as an outcome of its own.
    expect(Object.keys(outcomes).filter((outcome) => outcome !== '200' && outcome !== '503')).toEqual([]);
    expect((outcomes['200'] ?? 0) + (outcomes['503'] ?? 0)).toBe(CALLS);
    expect(outcomes['200']).toBeGreaterThan(0);
  }, 600_000);
});
