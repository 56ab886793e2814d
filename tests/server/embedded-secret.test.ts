import { io as connect } from 'socket.io-client';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start-server';
import { SOCKET_PATH } from '../../src/shared/contract';
import { DEMO_PASSWORD } from './support/demo-server';

/**
 * The desktop app's embedded server (docs/security.md#embedded-server): its demo accounts get a
 * password made at the first start, and it answers only requests that carry the launch's secret.
 */

const SECRET = 'bu-acilisin-gizli-anahtari-0123456789abcdef';
const HEADER = 'x-crm-embedded-secret';
let running: RunningServer;

async function loginWith(password: string, headers: Record<string, string>) {
  const response = await request(`${running.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: `email=admin%40demo.crm&password=${encodeURIComponent(password)}`,
  });
  return { status: response.statusCode, body: (await response.body.json()) as { success?: boolean } };
}

beforeAll(async () => {
  running = await startServer({
    port: 0,
    host: '127.0.0.1',
    demo: true,
    demoLeads: 20,
    webRoot: '/nonexistent-web-root',
    embedded: { secret: SECRET },
  });
}, 180_000);

afterAll(async () => {
  await running?.close();
});

describe('the embedded server', () => {
  it('made its own password for the demo accounts at its first start, told once', async () => {
    expect(running.setup.kind).toBe('demo-seeded');
    const password = running.setup.kind === 'demo-seeded' ? (running.setup.password ?? '') : '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await loginWith(DEMO_PASSWORD, { [HEADER]: SECRET })).body.success).toBe(false);
    expect((await loginWith(password, { [HEADER]: SECRET })).body.success).toBe(true);
  });

  it('answers nothing to a caller without this launch’s secret, HTTP or socket.io', async () => {
    for (const headers of [{}, { [HEADER]: 'tahmin' }, { [HEADER]: `${SECRET}x` }] as Record<
      string,
      string
    >[]) {
      const answer = await loginWith(DEMO_PASSWORD, headers);
      expect(answer.status).toBe(403);
    }
    const health = await request(`${running.url}/api/health`);
    expect(health.statusCode).toBe(403);
    await health.body.dump();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(running.url, {
        path: SOCKET_PATH,
        auth: { token: 'x' },
        transports: ['polling'],
        reconnection: false,
      });
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error: Error) => {
        socket.close();
        resolve(error.message);
      });
    });
    expect(refused).not.toBe('connected');
  });
});
