import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { eventChannel, IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createBridge, type PreloadIpc } from '../../../src/preload/create-bridge';

/** Records what the bridge sends and lets a test push events as the main process would. */
function fakeIpc(answer: (channel: string, payload: unknown) => unknown = () => undefined) {
  const sent: { channel: string; payload: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const ipc: PreloadIpc = {
    invoke: async (channel, payload) => {
      // Structured clone, as Electron IPC and Playwright bindings do: functions and the like do not cross.
      const cloned: unknown = structuredClone(payload);
      sent.push({ channel, payload: cloned });
      return answer(channel, cloned);
    },
    on: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
  const push = (channel: string, payload: unknown): void => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  return { ipc, sent, push };
}

describe('createBridge', () => {
  it('maps every method to its own crm: channel', async () => {
    const { ipc, sent } = fakeIpc();
    const bridge = createBridge(ipc);

    await bridge.call('fields', { params: { table: 'leads' } });
    await bridge.session.login({ email: 'a@b.c', password: 'x', remember: true });
    await bridge.session.logout();
    await bridge.session.status();
    await bridge.session.validate();
    await bridge.session.validate(true);
    await bridge.settings.get();
    await bridge.settings.setServer({ mode: 'remote', url: 'https://crm.firma.com' });
    await bridge.settings.setServer({ mode: 'embedded' });

    expect(bridge.edition).toBe('desktop');
    expect(sent).toEqual([
      { channel: IPC_CHANNELS.call, payload: { name: 'fields', input: { params: { table: 'leads' } } } },
      { channel: IPC_CHANNELS.login, payload: { email: 'a@b.c', password: 'x', remember: true } },
      { channel: IPC_CHANNELS.logout, payload: {} },
      { channel: IPC_CHANNELS.status, payload: {} },
      { channel: IPC_CHANNELS.validate, payload: { force: false } },
      { channel: IPC_CHANNELS.validate, payload: { force: true } },
      { channel: IPC_CHANNELS.getSettings, payload: {} },
      { channel: IPC_CHANNELS.setServer, payload: { mode: 'remote', url: 'https://crm.firma.com' } },
      { channel: IPC_CHANNELS.setServer, payload: { mode: 'embedded' } },
    ]);
    expect(sent.every(({ channel }) => channel.startsWith('crm:'))).toBe(true);
  });

  it('sends only the known login fields', async () => {
    const { ipc, sent } = fakeIpc();
    const input = { email: 'a@b.c', password: 'x', remember: false, onSubmit: 'form' };
    await createBridge(ipc).session.login(input);
    expect(sent[0]?.payload).toEqual({ email: 'a@b.c', password: 'x', remember: false });
  });

  it("answers the main process's results unchanged", async () => {
    const outcome = { ok: true, data: { fields: [] } };
    const { ipc } = fakeIpc((channel) => (channel === IPC_CHANNELS.call ? outcome : undefined));
    expect(await createBridge(ipc).call('fields', { params: { table: 'leads' } })).toEqual(outcome);
  });

  it('turns a refused call into an invalid outcome instead of throwing', async () => {
    const ipc: PreloadIpc = {
      invoke: async () => {
        throw new Error("Error invoking remote method 'crm:call': IpcRejection");
      },
      on: () => () => undefined,
    };
    expect(await createBridge(ipc).call('getOptionList', { params: {} })).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: messages.invalidRequest },
    });
  });

  it('delivers events to listeners until they unsubscribe', () => {
    const { ipc, push } = fakeIpc();
    const bridge = createBridge(ipc);
    const seen: unknown[] = [];
    const off = bridge.on('sessionExpired', (payload) => seen.push(payload));

    push(eventChannel('sessionExpired'), { reason: messages.sessionExpired });
    off();
    push(eventChannel('sessionExpired'), { reason: 'after' });

    expect(seen).toEqual([{ reason: messages.sessionExpired }]);
  });

  it('refuses to subscribe to an event the bridge does not define', () => {
    const { ipc } = fakeIpc();
    const bridge = createBridge(ipc);
    const subscribe = bridge.on as (event: string, listener: (payload: unknown) => void) => () => void;
    expect(() => subscribe('crm:call', () => undefined)).toThrow('Unknown bridge event');
  });
});
