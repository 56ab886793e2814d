import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AmiClient,
  amiField,
  type AmiClientOptions,
  type AmiClientState,
  type AmiMessage,
} from '../../../src/server/adapters/telephony/ami-client';
import { FakeAmiServer, waitUntil } from './fake-ami-server';

let server: FakeAmiServer;
const clients: AmiClient[] = [];

function client(options: Partial<AmiClientOptions> = {}): AmiClient {
  const created = new AmiClient({
    host: '127.0.0.1',
    port: server.port,
    username: 'crm',
    secret: 's3cret',
    connectTimeoutMs: 300,
    actionTimeoutMs: 300,
    pingIntervalMs: 0,
    reconnectInitialDelayMs: 20,
    reconnectMaxDelayMs: 100,
    ...options,
  });
  clients.push(created);
  return created;
}

async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeEach(async () => {
  server = await FakeAmiServer.start();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((created) => created.close()));
  await server.close();
});

describe('AmiClient connection and login', () => {
  it('reads the banner and logs in with exactly the expected lines', async () => {
    const events: AmiMessage[] = [];
    const ami = client({ events: 'call', onEvent: (event) => events.push(event) });
    await ami.connect();
    expect(ami.state).toBe('connected');
    expect(ami.serverVersion).toBe('7.0.3');
    const [login] = server.actionsNamed('Login');
    const actionId = login?.get('ActionID') ?? '';
    expect(actionId).toMatch(/^crm-[0-9a-f]{8}-1$/);
    expect(login?.lines).toEqual([
      'Action: Login',
      `ActionID: ${actionId}`,
      'Username: crm',
      'Secret: s3cret',
      'Events: call',
    ]);
    // The FullyBooted event sent together with the login answer reaches the listener.
    await waitUntil(() => events.length > 0);
    expect(amiField(events[0] ?? {}, 'Event')).toBe('FullyBooted');
  });

  it('asks for no events by default', async () => {
    await client().connect();
    expect(server.actionsNamed('Login')[0]?.get('Events')).toBe('off');
  });

  it('rejects a refused login with a typed auth error and does not retry it', async () => {
    const states: AmiClientState[] = [];
    const ami = client({ secret: 'wrong', onStateChange: (state) => states.push(state) });
    await expect(ami.connect()).rejects.toMatchObject({ name: 'AmiError', code: 'auth' });
    expect(ami.state).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(server.connectionCount).toBe(1);
    expect(states).toEqual(['connecting', 'idle']);
  });

  it('fails with a connect error when nothing listens', async () => {
    const ami = client({ port: await unusedPort() });
    await expect(ami.connect()).rejects.toMatchObject({ code: 'connect' });
    expect(ami.state).toBe('reconnecting');
  });

  it('refuses a peer that is not an Asterisk manager', async () => {
    const other = await FakeAmiServer.start({ banner: 'SSH-2.0-OpenSSH_9.6' });
    try {
      await expect(client({ port: other.port }).connect()).rejects.toMatchObject({ code: 'protocol' });
    } finally {
      await other.close();
    }
  });

  it('times out a silent peer that never sends the banner', async () => {
    const mute = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const ami = client({ port: (mute.address() as AddressInfo).port, connectTimeoutMs: 80 });
      const started = Date.now();
      await expect(ami.connect()).rejects.toMatchObject({ code: 'connect' });
      expect(Date.now() - started).toBeLessThan(500);
      await ami.close();
    } finally {
      await new Promise<void>((resolve) => mute.close(() => resolve()));
    }
  });

  it('shares one attempt between concurrent connect() calls', async () => {
    const ami = client();
    await Promise.all([ami.connect(), ami.connect(), ami.connect()]);
    expect(server.connectionCount).toBe(1);
    expect(server.actionsNamed('Login')).toHaveLength(1);
  });
});

describe('AmiClient actions', () => {
  it('correlates responses by ActionID even when they come back reversed in one chunk', async () => {
    const ami = client();
    await ami.connect();
    const held: string[] = [];
    server.onAction = (action, reply) => {
      if (action.get('Action') !== 'Ping') return false;
      held.push(action.get('ActionID') ?? '');
      if (held.length === 2) {
        const [first, second] = held;
        reply(
          `Response: Success\r\nActionID: ${second}\r\nPing: Pong\r\nTimestamp: 2\r\n\r\n` +
            `Response: Success\r\nActionID: ${first}\r\nPing: Pong\r\nTimestamp: 1\r\n\r\n`,
        );
      }
      return true;
    };
    const [one, two] = await Promise.all([ami.sendAction('Ping'), ami.sendAction('Ping')]);
    expect(amiField(one, 'Timestamp')).toBe('1');
    expect(amiField(two, 'Timestamp')).toBe('2');
  });

  it('times out an action the PBX never answers', async () => {
    const ami = client({ actionTimeoutMs: 80 });
    await ami.connect();
    server.originateMode = 'silent';
    const started = Date.now();
    await expect(ami.sendAction('Originate', { Channel: 'PJSIP/1001' })).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(500);
    // The connection itself stays usable.
    expect(isPong(await ami.sendAction('Ping'))).toBe(true);
  });

  it('refuses actions while not connected', async () => {
    await expect(client().sendAction('Ping')).rejects.toMatchObject({ code: 'not-connected' });
  });

  it('delivers the OriginateResponse of the same ActionID as the outcome', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    server.originateReason = 5;
    const handle = await ami.originate(
      { Channel: 'PJSIP/1001', Exten: '5321112233' },
      { outcomeTimeoutMs: 500 },
    );
    expect(amiField(handle.response ?? {}, 'Message')).toBe('Originate successfully queued');
    const outcome = await handle.outcome;
    expect(outcome && amiField(outcome, 'ActionID')).toBe(handle.actionId);
    expect(outcome && amiField(outcome, 'Reason')).toBe('5');
  });

  it('catches an OriginateResponse that arrives before the response, in the same chunk', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    server.originateMode = 'event-first';
    server.originateReason = 0;
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 500 });
    const outcome = await handle.outcome;
    expect(outcome && amiField(outcome, 'Reason')).toBe('0');
  });

  it('gives no outcome when the PBX refuses the Originate', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    server.originateMode = 'error';
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 500 });
    expect(amiField(handle.response ?? {}, 'Response')).toBe('Error');
    expect(handle.outcome).toBeNull();
  });

  it('keeps waiting for the outcome of an Originate the PBX answers after the action timeout', async () => {
    const ami = client({ events: 'call', actionTimeoutMs: 80 });
    await ami.connect();
    server.originateMode = 'late';
    server.responseDelayMs = 250;
    server.originateReason = 0;
    const started = Date.now();
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 2_000 });
    // Told at the action timeout that no answer came, not that the call failed.
    expect(Date.now() - started).toBeLessThan(250);
    expect(handle.response).toBeNull();
    const outcome = await handle.outcome;
    expect(outcome && amiField(outcome, 'ActionID')).toBe(handle.actionId);
    expect(outcome && amiField(outcome, 'Reason')).toBe('0');
    expect(isPong(await ami.sendAction('Ping'))).toBe(true);
  });

  it('ends the wait with a rejected error when the late answer is a refusal', async () => {
    const ami = client({ events: 'call', actionTimeoutMs: 60 });
    await ami.connect();
    server.originateMode = 'late-error';
    server.responseDelayMs = 150;
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 5_000 });
    expect(handle.response).toBeNull();
    const started = Date.now();
    await expect(handle.outcome).rejects.toMatchObject({ code: 'rejected' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('uses the ActionID it is given', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    const handle = await ami.originate(
      { Channel: 'PJSIP/1001' },
      { outcomeTimeoutMs: 500, actionId: 'crm-attempt-7' },
    );
    expect(handle.actionId).toBe('crm-attempt-7');
    expect(server.actionsNamed('Originate')[0]?.get('ActionID')).toBe('crm-attempt-7');
    expect((await handle.outcome) && 'done').toBe('done');
  });

  it('times out an outcome that never comes', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    server.eventDelayMs = 10_000;
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 60 });
    await expect(handle.outcome).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('AmiClient keep-alive and reconnect', () => {
  it('pings on the interval while connected', async () => {
    const ami = client({ pingIntervalMs: 25 });
    await ami.connect();
    await server.waitForAction(
      (action) => action.get('Action') === 'Ping' && server.actionsNamed('Ping').length >= 2,
    );
    expect(ami.state).toBe('connected');
    expect(server.connectionCount).toBe(1);
  });

  it('drops and re-establishes a connection whose pings go unanswered', async () => {
    const ami = client({ pingIntervalMs: 30, actionTimeoutMs: 30 });
    await ami.connect();
    server.answerPings = false;
    await waitUntil(() => server.actionsNamed('Login').length === 2 && ami.state === 'connected');
    expect(server.connectionCount).toBe(2);
  });

  it('fails pending actions when the connection drops, then reconnects and logs in again', async () => {
    const states: AmiClientState[] = [];
    const ami = client({ onStateChange: (state) => states.push(state) });
    await ami.connect();
    server.originateMode = 'silent';
    const pending = ami.sendAction('Originate', { Channel: 'PJSIP/1001' });
    await server.waitForAction((action) => action.get('Action') === 'Originate');
    server.dropConnections();
    await expect(pending).rejects.toMatchObject({ code: 'connection-lost' });
    await waitUntil(() => ami.state === 'connected');
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connecting', 'connected']);
    expect(server.actionsNamed('Login').map((login) => login.connection)).toEqual([1, 2]);
    expect(isPong(await ami.sendAction('Ping'))).toBe(true);
  });

  it('keeps retrying with back-off while the PBX is down', async () => {
    const port = server.port;
    const ami = client({ port, reconnectInitialDelayMs: 10, reconnectMaxDelayMs: 40 });
    await ami.connect();
    await server.close();
    await waitUntil(() => ami.state === 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Back in business on the same port: the next scheduled attempt gets through.
    server = await FakeAmiServer.start({ port });
    await waitUntil(() => ami.state === 'connected');
    expect(server.actionsNamed('Login')).toHaveLength(1);
  });
});

describe('AmiClient close', () => {
  it('logs off, closes, and never reconnects', async () => {
    const ami = client();
    await ami.connect();
    await ami.close();
    expect(ami.state).toBe('closed');
    const logoff = server.actionsNamed('Logoff')[0];
    expect(logoff?.lines).toEqual(['Action: Logoff', `ActionID: ${logoff?.get('ActionID') ?? ''}`]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(server.connectionCount).toBe(1);
    await expect(ami.connect()).rejects.toMatchObject({ code: 'closed' });
    await ami.close();
  });

  it('fails what is still pending with a closed error', async () => {
    const ami = client({ events: 'call' });
    await ami.connect();
    server.eventDelayMs = 10_000;
    const handle = await ami.originate({ Channel: 'PJSIP/1001' }, { outcomeTimeoutMs: 5_000 });
    await ami.close();
    await expect(handle.outcome).rejects.toMatchObject({ code: 'closed' });
  });

  it('stops a connection attempt that is under way', async () => {
    const ami = client({ port: await unusedPort() });
    const attempt = ami.connect();
    await ami.close();
    await expect(attempt).rejects.toMatchObject({ name: 'AmiError' });
    expect(ami.state).toBe('closed');
  });
});

function isPong(message: AmiMessage): boolean {
  return amiField(message, 'Ping') === 'Pong';
}
