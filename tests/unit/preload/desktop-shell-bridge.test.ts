import { describe, expect, it } from 'vitest';
import { createBridge, type PreloadIpc } from '../../../src/preload/create-bridge';
import {
  bridgeEventSchemas,
  eventChannel,
  IPC_CHANNELS,
  ipcPayloadSchemas,
} from '../../../src/shared/ipc-channels';

function recordingIpc(answer: unknown = undefined) {
  const sent: { channel: string; payload: unknown }[] = [];
  const subscribed: string[] = [];
  const ipc: PreloadIpc = {
    invoke: async (channel, payload) => {
      sent.push({ channel, payload: structuredClone(payload) });
      return answer;
    },
    on: (channel) => {
      subscribed.push(channel);
      return () => undefined;
    },
  };
  return { ipc, sent, subscribed };
}

describe('desktop bridge: muted keywords and the global shortcut', () => {
  it('sends each setting on its own channel with a payload the router accepts', async () => {
    const { ipc, sent } = recordingIpc();
    const bridge = createBridge(ipc);
    await bridge.settings.getMutedKeywords();
    await bridge.settings.setMutedKeywords(['ışık', 'teklif']);
    await bridge.settings.getGlobalShortcut();
    await bridge.settings.setGlobalShortcut('CommandOrControl+Shift+K');
    expect(sent).toEqual([
      { channel: IPC_CHANNELS.getMutedKeywords, payload: {} },
      { channel: IPC_CHANNELS.setMutedKeywords, payload: { words: ['ışık', 'teklif'] } },
      { channel: IPC_CHANNELS.getGlobalShortcut, payload: {} },
      { channel: IPC_CHANNELS.setGlobalShortcut, payload: { accelerator: 'CommandOrControl+Shift+K' } },
    ]);
    for (const { channel, payload } of sent) {
      expect(ipcPayloadSchemas[channel as keyof typeof ipcPayloadSchemas].safeParse(payload).success).toBe(
        true,
      );
    }
  });

  it('subscribes to the pushed events by name and refuses unknown ones', () => {
    const { ipc, subscribed } = recordingIpc();
    const bridge = createBridge(ipc);
    for (const event of [
      'notification',
      'importProgress',
      'fieldUpdate',
      'realtimeStatus',
      'openSearch',
      'openLead',
      'globalShortcutStatus',
    ] as const) {
      bridge.on(event, () => undefined);
      expect(subscribed.at(-1)).toBe(eventChannel(event));
    }
    expect(() => bridge.on('shell' as 'openLead', () => undefined)).toThrow('Unknown bridge event');
  });

  it('main validates what it pushes', () => {
    expect(bridgeEventSchemas.openLead.safeParse({ leadId: 42 }).success).toBe(true);
    expect(bridgeEventSchemas.openLead.safeParse({ leadId: 0 }).success).toBe(false);
    expect(bridgeEventSchemas.openSearch.safeParse({}).success).toBe(true);
    expect(bridgeEventSchemas.openSearch.safeParse({ query: 'x' }).success).toBe(false);
  });
});
