import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainServices } from '../../../src/main/create-main-services';
import { createMemoryStore } from '../../../src/main/key-value-store';
import {
  backoffDelay,
  createRealtimeClient,
  DEFAULT_BACKOFF,
  socketEndpoint,
  type RealtimeClientDeps,
  type RealtimeMessage,
} from '../../../src/main/realtime-client';
import { socketIoFactory } from '../../../src/main/socket-io';
import { realSchedule } from '../../../src/main/timers';
import { startServer, type RunningServer } from '../../../src/server/start-server';
import type { BridgeEventName } from '../../../src/shared/bridge';
import { contract, sendCall } from '../../../src/shared/contract';
import { createFakeClock, createFakeIo, settle } from './desktop-fakes';
import { createLogSpy } from './fakes';

const API = 'https://crm.test/api';

function setup(overrides: Partial<RealtimeClientDeps> = {}) {
  const fakeIo = createFakeIo();
  const clock = createFakeClock();
  const messages: RealtimeMessage[] = [];
  const statuses: { connected: boolean; reconnect: boolean }[] = [];
  const logSpy = createLogSpy();
  let token: string | null = 'token-1';
  let unauthorized = 0;
  const client = createRealtimeClient({
    io: fakeIo.io,
    apiBase: async () => API,
    token: async () => token,
    onEvent: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    onUnauthorized: () => {
      unauthorized += 1;
    },
    schedule: clock.schedule,
    random: () => 0.5,
    log: logSpy.log,
    ...overrides,
  });
  return {
    client,
    fakeIo,
    clock,
    messages,
    statuses,
    logLines: logSpy.lines,
    setToken: (next: string | null) => {
      token = next;
    },
    unauthorizedCount: () => unauthorized,
  };
}

describe('socketEndpoint', () => {
  it('puts the socket beside the API on the same origin', () => {
    expect(socketEndpoint('http://127.0.0.1:8181/api')).toEqual({
      origin: 'http://127.0.0.1:8181',
      path: '/socket.io',
    });
    expect(socketEndpoint('https://crm.firma.com/crm/api/')).toEqual({
      origin: 'https://crm.firma.com',
      path: '/crm/socket.io',
    });
    expect(socketEndpoint('https://crm.firma.com/')).toEqual({
      origin: 'https://crm.firma.com',
      path: '/socket.io',
    });
  });

  it('refuses what is not an http(s) address', () => {
    expect(socketEndpoint('file:///etc/passwd')).toBeNull();
    expect(socketEndpoint('not a url')).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    const delays = Array.from({ length: 8 }, (_unused, attempt) =>
      backoffDelay(attempt, DEFAULT_BACKOFF, 0.5),
    );
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads each delay by the jitter and never leaves [1 s, 30 s]', () => {
    expect(backoffDelay(2, DEFAULT_BACKOFF, 0)).toBe(3_000);
    expect(backoffDelay(2, DEFAULT_BACKOFF, 1)).toBe(5_000);
    for (const random of [0, 0.1, 0.5, 0.9, 0.999]) {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const delay = backoffDelay(attempt, DEFAULT_BACKOFF, random);
        expect(delay).toBeGreaterThanOrEqual(1_000);
        expect(delay).toBeLessThanOrEqual(30_000);
      }
    }
  });
});

describe('realtime client', () => {
  it("connects to the API's origin with the session token", async () => {
    const { client, fakeIo, statuses } = setup();
    client.start();
    expect(client.state()).toBe('connecting');
    await settle();
    expect(fakeIo.sockets).toHaveLength(1);
    const socket = fakeIo.last();
    expect(socket.origin).toBe('https://crm.test');
    expect(socket.options).toEqual({
      path: '/socket.io',
      auth: { token: 'token-1' },
      reconnection: false,
      forceNew: true,
    });
    socket.accept();
    expect(client.state()).toBe('connected');
    expect(statuses).toEqual([{ connected: true, reconnect: false }]);
    // Already running: a second start (another validation) opens nothing new.
    client.start();
    await settle();
    expect(fakeIo.sockets).toHaveLength(1);
  });

  it('stays off without a session', async () => {
    const { client, fakeIo, setToken } = setup();
    setToken(null);
    client.start();
    await settle();
    expect(fakeIo.sockets).toHaveLength(0);
    expect(client.state()).toBe('idle');
  });

  it('forwards pushes that match the contract and drops the rest', async () => {
    const { client, fakeIo, messages, logLines } = setup();
    client.start();
    await settle();
    const socket = fakeIo.last();
    socket.accept();
    const notification = {
      id: 7,
      title: 'Hatırlatma',
      body: 'Müşteriyi ara',
      leadName: 'Işık Yılmaz',
      lead_id: 42,
      start: '2026-05-14 10:00:00',
      completed: 0,
    };
    socket.serverSends('notification', notification);
    socket.serverSends('importProgress', { uploadId: 'u-1', done: 5, total: 10 });
    socket.serverSends('fieldUpdate', { table: 'lead_statuses' });
    socket.serverSends('notification', { id: 'x', title: 3 });
    socket.serverSends('importProgress', { uploadId: 'u-1', done: -1, total: 10 });
    socket.serverSends('somethingElse', { evil: true });
    expect(messages).toEqual([
      { event: 'notification', payload: notification },
      { event: 'importProgress', payload: { uploadId: 'u-1', done: 5, total: 10 } },
      { event: 'fieldUpdate', payload: { table: 'lead_statuses' } },
    ]);
    expect(logLines.filter((line) => line.includes('payload refused'))).toHaveLength(2);
  });

  it('reconnects with exponential back-off (1 s … 30 s) and starts over after a success', async () => {
    const { client, fakeIo, clock, statuses } = setup();
    client.start();
    await settle();
    for (let failure = 0; failure < 7; failure += 1) {
      fakeIo.last().refuse('xhr poll error');
      expect(client.state()).toBe('waiting');
      expect(clock.fireNext()).toBe(true);
      await settle();
    }
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(fakeIo.sockets).toHaveLength(8);
    // Every failed socket was let go; only the newest is open.
    expect(fakeIo.sockets.slice(0, -1).every((socket) => socket.disconnected)).toBe(true);

    fakeIo.last().accept();
    fakeIo.last().serverSends('disconnect', 'transport close');
    expect(statuses).toEqual([
      { connected: true, reconnect: false },
      { connected: false, reconnect: false },
    ]);
    expect(clock.delays.at(-1)).toBe(1_000);
    clock.fireNext();
    await settle();
    fakeIo.last().accept();
    expect(statuses.at(-1)).toEqual({ connected: true, reconnect: true });
  });

  it('sends the current token with every attempt', async () => {
    const { client, fakeIo, clock, setToken } = setup();
    client.start();
    await settle();
    fakeIo.last().refuse('timeout');
    setToken('token-2');
    clock.fireNext();
    await settle();
    expect(fakeIo.sockets.map((socket) => socket.options.auth.token)).toEqual(['token-1', 'token-2']);
  });

  it('tells the session about a refused token and keeps retrying unless stopped', async () => {
    const { client, fakeIo, clock, unauthorizedCount } = setup();
    client.start();
    await settle();
    fakeIo.last().refuse('unauthorized');
    expect(unauthorizedCount()).toBe(1);
    expect(clock.pending()).toHaveLength(1);

    // The session decides the token is dead and stops the client from inside the callback.
    const stopped = setup({
      onUnauthorized: () => stopped.client.stop(),
    });
    stopped.client.start();
    await settle();
    stopped.fakeIo.last().refuse('unauthorized');
    expect(stopped.clock.pending()).toHaveLength(0);
    expect(stopped.client.state()).toBe('idle');
  });

  it('stop disconnects and cancels a pending retry; a stopped attempt opens nothing', async () => {
    const { client, fakeIo, clock, statuses } = setup();
    client.start();
    await settle();
    fakeIo.last().accept();
    client.stop();
    expect(fakeIo.last().disconnected).toBe(true);
    expect(statuses.at(-1)).toEqual({ connected: false, reconnect: false });

    client.start();
    await settle();
    fakeIo.last().refuse('xhr poll error');
    expect(clock.pending()).toHaveLength(1);
    client.stop();
    expect(clock.pending()).toHaveLength(0);

    // Stopped while the token was still being read.
    const before = fakeIo.sockets.length;
    client.start();
    client.stop();
    await settle();
    expect(fakeIo.sockets).toHaveLength(before);
    expect(client.state()).toBe('idle');
  });

  it('restart drops the old connection and connects with the new login', async () => {
    const { client, fakeIo, setToken, statuses } = setup();
    client.start();
    await settle();
    fakeIo.last().accept();
    setToken('token-new-user');
    client.restart();
    await settle();
    expect(fakeIo.sockets[0]?.disconnected).toBe(true);
    expect(fakeIo.last().options.auth.token).toBe('token-new-user');
    fakeIo.last().accept();
    // A new start: its first connect is not a reconnect.
    expect(statuses.at(-1)).toEqual({ connected: true, reconnect: false });
  });
});

async function waitFor<T>(
  probe: () => T | undefined | null | false,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The real CRM server (in-memory database, demo data) with its socket.io, killed and started again. */
describe('against the real CRM server', () => {
  let server: RunningServer;
  let port: number;

  const start = (listenPort: number): Promise<RunningServer> =>
    startServer({ port: listenPort, host: '127.0.0.1', demo: true, demoLeads: 20, webRoot: '/nonexistent' });

  const apiBase = (): string => `${server.url}/api`;

  const loginAs = async (email: string): Promise<string> => {
    const outcome = await sendCall(
      contract.login,
      { body: { email, password: 'Demo.2026', remember: 0 } },
      { baseUrl: apiBase(), fetch: (url, init) => fetch(url, init), getToken: () => null },
    );
    if (!outcome.ok || !outcome.data.token) throw new Error(`login of ${email} failed`);
    return outcome.data.token;
  };

  /** A real push: an admin edits a lead status, the server broadcasts fieldUpdate to every socket. */
  const pushFieldUpdate = async (): Promise<void> => {
    const adminToken = await loginAs('admin@demo.crm');
    const outcome = await sendCall(
      contract.detailSave,
      { body: { table: 'lead_statuses', id: 1, inputs: { label: `Yeni ${Date.now()}` } } },
      { baseUrl: apiBase(), fetch: (url, init) => fetch(url, init), getToken: () => adminToken },
    );
    if (!outcome.ok || !outcome.data.success) throw new Error('lead status save failed');
  };

  beforeAll(async () => {
    server = await start(0);
    port = Number(new URL(server.url).port);
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('the main services connect after login and forward pushes to the renderer', async () => {
    const emitted: { event: BridgeEventName; payload: unknown }[] = [];
    const services = createMainServices({
      store: createMemoryStore({ serverMode: 'remote', serverUrl: apiBase() }),
      keytar: null,
      safeStorage: null,
      fetch: (url, init) => fetch(url, init),
      emit: (event, payload) => emitted.push({ event, payload }),
      isTrustedFrameUrl: () => true,
      embedded: null,
      keychainService: 'crm-test',
      log: () => undefined,
    });
    try {
      const sender = { frameUrl: 'file:///app/index.html', isMainFrame: true };
      const login = await services.router.handle(
        'crm:session:login',
        { email: 'sales@demo.crm', password: 'Demo.2026', remember: false },
        sender,
      );
      expect(login).toMatchObject({ success: true });
      await waitFor(() => services.desktop.realtime.state() === 'connected', 'the socket');
      expect(emitted).toContainEqual({ event: 'realtimeStatus', payload: { connected: true } });
      await pushFieldUpdate();
      await waitFor(() => emitted.find((entry) => entry.event === 'fieldUpdate'), 'the fieldUpdate push');

      await services.router.handle('crm:session:logout', {}, sender);
      expect(services.desktop.realtime.state()).toBe('idle');
      expect(emitted.at(-1)).toEqual({ event: 'realtimeStatus', payload: { connected: false } });
    } finally {
      services.dispose();
    }
  }, 60_000);

  it('reconnects after the server is killed and started again on the same port, and receives pushes', async () => {
    let token = await loginAs('sales@demo.crm');
    const messages: RealtimeMessage[] = [];
    const statuses: { connected: boolean; reconnect: boolean }[] = [];
    let refused = 0;
    const client = createRealtimeClient({
      io: socketIoFactory,
      apiBase: async () => apiBase(),
      token: async () => token,
      onEvent: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
      onUnauthorized: () => {
        refused += 1;
      },
      schedule: realSchedule,
      // Short delays keep the test quick; the 1 s … 30 s sequence is checked above with a fake clock.
      backoff: { minMs: 50, maxMs: 400, jitter: 0.25 },
      log: () => undefined,
    });
    try {
      client.start();
      await waitFor(() => client.state() === 'connected', 'the first connect');
      await pushFieldUpdate();
      await waitFor(() => messages.length === 1, 'the first push');

      await server.close();
      await waitFor(() => statuses.some((status) => !status.connected), 'the lost connection');
      server = await start(port);
      expect(Number(new URL(server.url).port)).toBe(port);

      // The new server has a fresh in-memory database: the old token is refused at the handshake, as a
      // revoked one would be, and the client keeps trying. The user logs in again; the next attempt
      // authenticates with that current token.
      await waitFor(() => refused > 0, 'the refused handshake');
      token = await loginAs('sales@demo.crm');
      await waitFor(() => statuses.at(-1)?.connected === true, 'the reconnect');
      expect(statuses.at(-1)).toEqual({ connected: true, reconnect: true });

      await pushFieldUpdate();
      await waitFor(() => messages.length === 2, 'the push after the restart');
      expect(messages[1]).toEqual({ event: 'fieldUpdate', payload: { table: 'lead_statuses' } });
    } finally {
      client.stop();
    }
  }, 120_000);
});
