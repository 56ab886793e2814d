import { describe, expect, it } from 'vitest';
import { createMainServices } from '../../../src/main/create-main-services';
import { createMemoryShortcutRegistry } from '../../../src/main/global-shortcut';
import { IpcRejection, type IpcSender } from '../../../src/main/ipc-router';
import { createMemoryStore } from '../../../src/main/key-value-store';
import type { BridgeEventName } from '../../../src/shared/bridge';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createFakeClock, createFakeIo, createRecordingNotifier, settle } from './desktop-fakes';
import { createFakeFetch, createLogSpy, type SeenRequest } from './fakes';

const TOKEN = 'tok-desktop-1';
const sender: IpcSender = { frameUrl: 'file:///app/index.html', isMainFrame: true };
const NOW = new Date(2026, 4, 14, 12, 0, 0).getTime();

const dueRow = {
  id: 11,
  user_id: 3,
  user_name: 'Mehmet Öz',
  title: 'Hatırlatma',
  body: 'Kapanmışken gelen',
  start: '2026-05-14 08:00:00',
  lead_id: 77,
  lead_name: 'Ayşe Çelik',
  completed: 2,
  completed_agent_name: null,
  note_id: 4,
  created_at: '2026-05-13 17:00:00',
};

function setup(options: { mutedOnServer?: string[]; tokenValid?: () => boolean } = {}) {
  const tokenValid = options.tokenValid ?? (() => true);
  const api = createFakeFetch((request: SeenRequest) => {
    const authorized = request.headers.authorization === `Bearer ${TOKEN}` && tokenValid();
    if (request.path === '/api/auth/login') {
      return { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } };
    }
    if (!authorized) return { status: 401, json: { success: false, msg: messages.sessionExpired } };
    switch (request.path) {
      case '/api/auth/validate':
        return {
          status: 200,
          json: {
            success: true,
            data: { userName: 'Mehmet Öz', userId: 3, telegram_id: null, theme: null, dahili: null },
          },
        };
      case '/api/auth/logout':
        return { status: 200, json: { success: true, msg: '' } };
      case '/api/notifications':
        return { status: 200, json: { success: true, results: [dueRow], unread: 4 } };
      case '/api/sidebarNotes':
        return {
          status: 200,
          json: {
            success: true,
            results: [
              { id: 1, lead_id: 77, body: 'Ara', lead_name: 'Ayşe Çelik', start: '2026-05-14 15:00:00' },
            ],
          },
        };
      case '/api/preferences/':
        return {
          status: 200,
          json: {
            success: true,
            preferences: {
              theme: 'default',
              layout: 'sidebar',
              dark: false,
              mutedKeywords: options.mutedOnServer ?? [],
              favoriteShow: true,
              sidebarNoteShow: true,
            },
          },
        };
      case '/api/completeNotification/11':
        return { status: 200, json: { success: true, msg: 'Tamamlandı' } };
      default:
        return { status: 404, json: { success: false, msg: 'yok' } };
    }
  });
  const fakeIo = createFakeIo();
  const clock = createFakeClock();
  const notifier = createRecordingNotifier();
  const registry = createMemoryShortcutRegistry();
  const emitted: { event: BridgeEventName; payload: unknown }[] = [];
  let focused = 0;
  const services = createMainServices({
    store: createMemoryStore({ serverMode: 'remote', serverUrl: 'https://crm.test/api' }),
    keytar: null,
    safeStorage: null,
    fetch: api.fetch,
    emit: (event, payload) => emitted.push({ event, payload }),
    isTrustedFrameUrl: (url) => url.startsWith('file:///app/'),
    embedded: null,
    keychainService: 'crm-test',
    io: fakeIo.io,
    notifier,
    globalShortcut: registry,
    focusWindow: () => {
      focused += 1;
    },
    now: () => NOW,
    schedule: clock.schedule,
    random: () => 0.5,
    log: createLogSpy().log,
  });
  const invoke = (channel: string, payload: unknown = {}) => services.router.handle(channel, payload, sender);
  const login = async () => {
    await invoke(IPC_CHANNELS.login, { email: 'mehmet@firma.com', password: 'şifre', remember: false });
    await settle();
  };
  return {
    services,
    invoke,
    login,
    fakeIo,
    clock,
    notifier,
    registry,
    emitted,
    requests: api.requests,
    focused: () => focused,
    eventsOf: (event: BridgeEventName) =>
      emitted.filter((entry) => entry.event === event).map((entry) => entry.payload),
  };
}

describe('desktop integration through the main services', () => {
  it('connects the socket after login and forwards pushes to the renderer and the OS', async () => {
    const { login, fakeIo, notifier, eventsOf, focused } = setup();
    expect(fakeIo.sockets).toHaveLength(0);
    await login();
    expect(fakeIo.last().options.auth).toEqual({ token: TOKEN });
    fakeIo.last().accept();
    expect(eventsOf('realtimeStatus')).toEqual([{ connected: true }]);

    const push = {
      id: 12,
      title: 'Hatırlatma',
      body: 'Şimdi ara',
      leadName: 'Işık Yılmaz',
      lead_id: 42,
      start: '2026-05-14 12:00:00',
      completed: 0,
    };
    fakeIo.last().serverSends('notification', push);
    fakeIo.last().serverSends('importProgress', { uploadId: 'x1', done: 1, total: 2 });
    fakeIo.last().serverSends('fieldUpdate', {});
    expect(eventsOf('notification')).toEqual([push]);
    expect(eventsOf('importProgress')).toEqual([{ uploadId: 'x1', done: 1, total: 2 }]);
    expect(eventsOf('fieldUpdate')).toEqual([{}]);

    const native = notifier.shown.find((notification) => notification.body === 'Işık Yılmaz: Şimdi ara');
    expect(native).toBeDefined();
    native?.onClick();
    expect(focused()).toBe(1);
    expect(eventsOf('openLead')).toEqual([{ leadId: 42 }]);
  });

  it('shows reminders missed while closed once after login, muted by the words of the server preferences', async () => {
    const first = setup();
    await first.login();
    expect(first.notifier.shown.map((notification) => notification.body)).toEqual([
      'Ayşe Çelik: Kapanmışken gelen',
    ]);

    const muted = setup({ mutedOnServer: ['ayse'] });
    await muted.login();
    expect(muted.notifier.shown).toEqual([]);
    expect(await muted.invoke(IPC_CHANNELS.getMutedKeywords)).toEqual(['ayse']);
  });

  it('keeps the muted words the drawer sets and applies them to native notifications', async () => {
    const { invoke, login, fakeIo, notifier } = setup();
    await login();
    // The renderer sends the words of the server preferences once it has them, and after each change.
    expect(await invoke(IPC_CHANNELS.setMutedKeywords, { words: [' Işık ', '', 'ışık', 'teklif'] })).toEqual([
      'Işık',
      'teklif',
    ]);
    const before = notifier.shown.length;
    fakeIo.last().accept();
    const push = { title: 'Hatırlatma', body: 'Ara', lead_id: 5, start: null, completed: 0 };
    fakeIo.last().serverSends('notification', { ...push, id: 30, leadName: 'ISIK YILMAZ' });
    expect(notifier.shown).toHaveLength(before);
    fakeIo.last().serverSends('notification', { ...push, id: 31, leadName: 'Can Ak' });
    expect(notifier.shown).toHaveLength(before + 1);
    await expect(invoke(IPC_CHANNELS.setMutedKeywords, { words: 'ışık' })).rejects.toThrow(IpcRejection);
  });

  it('disconnects on logout, on an expired session and on a server switch', async () => {
    let valid = true;
    const { invoke, login, fakeIo, services } = setup({ tokenValid: () => valid });
    await login();
    fakeIo.last().accept();
    await invoke(IPC_CHANNELS.logout);
    expect(fakeIo.last().disconnected).toBe(true);
    expect(services.desktop.realtime.state()).toBe('idle');

    await login();
    fakeIo.last().accept();
    valid = false;
    // A 401 on any call ends the session (sessionExpired) and with it the socket.
    await invoke(IPC_CHANNELS.call, { name: 'sidebarNotes', input: {} });
    expect(fakeIo.last().disconnected).toBe(true);
    expect(services.desktop.tray.current().signedIn).toBe(false);

    valid = true;
    await login();
    const socket = fakeIo.last();
    socket.accept();
    await services.session.reset();
    expect(socket.disconnected).toBe(true);
  });

  it('a refused handshake asks the session, which ends when the token is dead', async () => {
    let valid = true;
    const { login, fakeIo, services, eventsOf, clock } = setup({ tokenValid: () => valid });
    await login();
    valid = false;
    fakeIo.last().refuse('unauthorized');
    await settle();
    expect(eventsOf('sessionExpired')).toHaveLength(1);
    expect(services.desktop.realtime.state()).toBe('idle');
    expect(clock.pending().filter((timer) => timer.delayMs === 1_000)).toEqual([]);
  });

  it('reconnecting fetches what fell due meanwhile', async () => {
    const { login, fakeIo, clock, requests } = setup();
    await login();
    fakeIo.last().accept();
    const before = requests.filter((request) => request.path === '/api/notifications').length;
    fakeIo.last().serverSends('disconnect', 'transport close');
    clock.fireNext();
    await settle();
    fakeIo.last().accept();
    await settle();
    expect(requests.filter((request) => request.path === '/api/notifications').length).toBeGreaterThan(
      before,
    );
  });

  it('keeps the tray data: unread count and next reminders, refreshed after completing one', async () => {
    const { login, invoke, services, clock, requests } = setup();
    await login();
    while (clock.pending().some((timer) => timer.delayMs === 0)) clock.fireNext();
    await settle();
    expect(services.desktop.tray.current()).toMatchObject({ signedIn: true, unread: 4 });
    expect(services.desktop.tray.current().upcoming).toHaveLength(1);
    await invoke(IPC_CHANNELS.call, { name: 'completeNotification', input: { params: { id: 11 } } });
    expect(clock.pending().map((timer) => timer.delayMs)).toContain(500);
    const sidebarCalls = requests.filter((request) => request.path === '/api/sidebarNotes').length;
    clock.fireNext();
    await settle();
    expect(requests.filter((request) => request.path === '/api/sidebarNotes').length).toBe(sidebarCalls + 1);
  });

  it('the global shortcut brings the window forward with the search, and can be changed', async () => {
    const { invoke, registry, eventsOf, focused, services } = setup();
    expect(await invoke(IPC_CHANNELS.getGlobalShortcut)).toEqual({
      accelerator: 'CommandOrControl+K',
      registered: true,
      available: true,
    });
    registry.press('CommandOrControl+K');
    expect(focused()).toBe(1);
    expect(eventsOf('openSearch')).toEqual([{}]);

    expect(await invoke(IPC_CHANNELS.setGlobalShortcut, { accelerator: 'Ctrl+Shift+F' })).toMatchObject({
      ok: true,
    });
    expect(registry.registered()).toEqual(['Ctrl+Shift+F']);
    expect(eventsOf('globalShortcutStatus').at(-1)).toEqual({
      accelerator: 'Ctrl+Shift+F',
      registered: true,
      available: true,
    });
    expect(await invoke(IPC_CHANNELS.setGlobalShortcut, { accelerator: 'F' })).toMatchObject({ ok: false });
    await expect(invoke(IPC_CHANNELS.setGlobalShortcut, { accelerator: 7 })).rejects.toThrow(IpcRejection);

    services.dispose();
    expect(registry.registered()).toEqual([]);
  });
});
