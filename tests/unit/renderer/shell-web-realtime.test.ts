import { describe, expect, it } from 'vitest';
import type { BridgeEvents } from '../../../src/shared/bridge';
import {
  createWebRealtime,
  isWebRealtimeEvent,
  type RealtimeConnect,
  type RealtimeSocketLike,
  type WebRealtimeEventName,
} from '../../../src/renderer/src/bridge/web-realtime';

class FakeSocket implements RealtimeSocketLike {
  handlers = new Map<string, (payload: unknown) => void>();
  disconnected = 0;
  on(event: string, handler: (payload: unknown) => void): this {
    this.handlers.set(event, handler);
    return this;
  }
  disconnect(): this {
    this.disconnected += 1;
    this.handlers.get('disconnect')?.('io client disconnect');
    return this;
  }
  fire(event: string, payload?: unknown): void {
    this.handlers.get(event)?.(payload);
  }
}

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const auths: (string | null)[] = [];
  const connects: { origin: string; path: string }[] = [];
  const events: { name: WebRealtimeEventName; payload: unknown }[] = [];
  let current = token;
  const connect: RealtimeConnect = async (origin, options) => {
    connects.push({ origin, path: options.path });
    options.auth((data) => auths.push(data.token));
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  };
  const realtime = createWebRealtime({
    origin: 'https://crm.example.com',
    getToken: () => current,
    emit: <E extends WebRealtimeEventName>(name: E, payload: BridgeEvents[E]) =>
      events.push({ name, payload }),
    connect,
  });
  return {
    realtime,
    sockets,
    auths,
    connects,
    events,
    setToken: (next: string | null) => {
      current = next;
    },
  };
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('web realtime (socket.io in the browser edition)', () => {
  it('connects once to the origin at /socket.io with the stored token', async () => {
    const t = setup();
    t.realtime.start();
    t.realtime.start();
    await flush();
    t.realtime.start();
    expect(t.connects).toEqual([{ origin: 'https://crm.example.com', path: '/socket.io' }]);
    expect(t.auths).toEqual(['tok']);
  });

  it('does not connect without a token', async () => {
    const t = setup(null);
    t.realtime.start();
    await flush();
    expect(t.connects).toHaveLength(0);
  });

  it('forwards valid pushes as bridge events and drops malformed ones', async () => {
    const t = setup();
    t.realtime.start();
    await flush();
    const socket = t.sockets[0];
    socket?.fire('connect');
    socket?.fire('notification', {
      id: 1,
      title: 'Hatırlatma',
      body: 'Ara',
      leadName: 'Işık Yılmaz',
      lead_id: 5,
      start: '2026-03-10 10:00:00',
      completed: 0,
    });
    socket?.fire('notification', { id: 'x' });
    socket?.fire('fieldUpdate', { optionListId: 16 });
    socket?.fire('importProgress', { uploadId: 'u1', done: 5, total: 10 });
    expect(t.events.map((event) => event.name)).toEqual([
      'realtimeStatus',
      'notification',
      'fieldUpdate',
      'importProgress',
    ]);
    expect(t.events[0]?.payload).toEqual({ connected: true });
  });

  it("forwards the outcome of the agent's call, and drops one with an unknown status", async () => {
    const t = setup();
    t.realtime.start();
    await flush();
    const outcome = {
      id: 12,
      lead_id: 5,
      leadName: 'Işık Yılmaz',
      status: 'unreachable',
      message: 'Dahili telefona ulaşılamadı',
    };
    t.sockets[0]?.fire('callOutcome', outcome);
    t.sockets[0]?.fire('callOutcome', { ...outcome, status: 'exploded' });
    expect(t.events).toEqual([{ name: 'callOutcome', payload: outcome }]);
    expect(isWebRealtimeEvent('callOutcome')).toBe(true);
  });

  it('disconnects on stop, and a connection still loading when stopped is dropped', async () => {
    const t = setup();
    t.realtime.start();
    await flush();
    t.realtime.stop();
    expect(t.sockets[0]?.disconnected).toBe(1);
    expect(t.events.at(-1)).toEqual({ name: 'realtimeStatus', payload: { connected: false } });

    t.realtime.start();
    t.realtime.stop();
    await flush();
    expect(t.sockets[1]?.disconnected).toBe(1);
  });

  it('gives up on a refused token until started again', async () => {
    const t = setup();
    t.realtime.start();
    await flush();
    t.sockets[0]?.fire('connect_error', new Error('unauthorized'));
    expect(t.sockets[0]?.disconnected).toBe(1);
    t.setToken('fresh');
    t.realtime.start();
    await flush();
    expect(t.auths).toEqual(['tok', 'fresh']);
  });

  it('names the events that make the bridge connect', () => {
    expect(isWebRealtimeEvent('notification')).toBe(true);
    expect(isWebRealtimeEvent('realtimeStatus')).toBe(true);
    expect(isWebRealtimeEvent('sessionExpired')).toBe(false);
  });
});
