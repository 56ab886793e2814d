import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { callQueueLimitsFromEnv } from '../../src/server/http/call-queue';
import { HTTP_LIMITS, LISTEN_BACKLOG } from '../../src/server/http/http-limits';
import { serverMessages } from '../../src/shared/i18n/server-texts';
import { DEMO_PASSWORD } from './support/demo-server';
import { floodFromAnotherThread } from './support/flood';
import { login } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * The HTTP server bounds slow and many clients (docs/security.md#http-timeouts,
 * docs/security.md#the-call-queue): header, request and idle timeouts; a bounded queue in front of the
 * database whose overflow is a clean 503 with Retry-After (http-flood.test.ts: a flood of 2,000 calls).
 */

let database: DatabaseHandle;

let token: string;
const apps: FastifyInstance[] = [];

async function listening(app: FastifyInstance): Promise<string> {
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 300 });
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('timeouts for slow and idle clients', () => {
  it('sets header, request, idle and connection timeouts on the server by default', async () => {
    const app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
    apps.push(app);
    await app.ready();
    expect(app.server.headersTimeout).toBe(HTTP_LIMITS.headersTimeoutMs);
    expect(app.server.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(HTTP_LIMITS.keepAliveTimeoutMs);
    expect(app.server.timeout).toBe(HTTP_LIMITS.connectionTimeoutMs);
    expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(15_000);
  });

  it('closes connections that send one header line at a time (slowloris), and idle ones', async () => {
    const app = await buildServer({
      database,
      webRoot: '/nonexistent-web-root',
      httpLimits: { headersTimeoutMs: 1000, keepAliveTimeoutMs: 500 },
    });
    const base = new URL(await listening(app));
    const closed: boolean[] = [];
    const slow: Socket[] = [];
    for (let index = 0; index < 60; index += 1) {
      const socket = connect(Number(base.port), base.hostname);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed[index] = true;
      });
      // Read what the server answers (its 408), so the socket can see the end that follows.
      socket.resume();
      socket.write('POST /api/table/leads HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      slow.push(socket);
    }
    const trickle = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 200);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    clearInterval(trickle);
    expect(closed.filter(Boolean)).toHaveLength(60);

    // An idle keep-alive connection after one call is closed too.
    const idle = connect(Number(base.port), base.hostname);
    let idleClosed = false;
    idle.on('close', () => {
      idleClosed = true;
    });
    idle.resume();
    idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Node adds a second to keepAliveTimeout before it closes (keepAliveTimeoutBuffer).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(idleClosed).toBe(true);
  });
});

describe('the call queue', () => {
  it('takes calls up to its bounds and answers the rest 503 with Retry-After and a Turkish text', async () => {
    const app = await buildServer({
      database,
      webRoot: '/nonexistent-web-root',
      callQueue: { maxActive: 2, maxWaiting: 10, maxWaitMs: 2000 },
    });
    const base = await listening(app);
    token = await login(app, 'sales@demo.crm', DEMO_PASSWORD);
    const outcomes = await floodFromAnotherThread(base, token, 300);
    // Only answers, and every 503 with its Retry-After and Turkish text (the client checks both).
    expect(Object.keys(outcomes).sort()).toEqual(['200', '503']);
    expect(outcomes['200']).toBeGreaterThanOrEqual(2);
    expect(app.crmCallQueue()).toMatchObject({ active: 0, waiting: 0, refused: outcomes['503'] });
    const busy = await request(`${base}/api/health`);
    expect(busy.statusCode).toBe(200);
    await busy.body.dump();
  });

  it('answers 503 with Retry-After and the Turkish text', async () => {
    const app = await buildServer({
      database,
      webRoot: '/nonexistent-web-root',
      callQueue: { maxActive: 1, maxWaiting: 1, maxWaitMs: 200 },
    });
    await app.ready();
    const calls = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/table/leads',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: '{}',
        }),
      ),
    );
    const busy = calls.find((call) => call.statusCode === 503);
    expect(busy?.json()).toEqual({ success: false, msg: serverMessages.serverBusy });
    expect(Number(busy?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await app.close();
  });

  it('reads its bounds from the environment and refuses nonsense', () => {
    expect(callQueueLimitsFromEnv(10, {})).toEqual({ maxActive: 20, maxWaiting: 1000, maxWaitMs: 10_000 });
    expect(
      callQueueLimitsFromEnv(1, { API_MAX_ACTIVE: '3', API_QUEUE_MAX: '50', API_QUEUE_WAIT_MS: '500' }),
    ).toEqual({ maxActive: 3, maxWaiting: 50, maxWaitMs: 500 });
    expect(() => callQueueLimitsFromEnv(1, { API_QUEUE_MAX: 'çok' })).toThrow(/API_QUEUE_MAX/);
    expect(() => callQueueLimitsFromEnv(1, { API_MAX_ACTIVE: '0' })).toThrow(/API_MAX_ACTIVE/);
  });
});
