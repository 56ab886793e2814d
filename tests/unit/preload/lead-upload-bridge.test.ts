import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS, ipcPayloadSchemas } from '../../../src/shared/ipc-channels';
import { createBridge, type PreloadIpc } from '../../../src/preload/create-bridge';

describe('desktop bridge: files.uploadLeadImages', () => {
  it('sends the known fields only, bytes as Uint8Array, on its own channel', async () => {
    const sent: { channel: string; payload: unknown }[] = [];
    const ipc: PreloadIpc = {
      invoke: async (channel, payload) => {
        sent.push({ channel, payload: structuredClone(payload) });
        return { ok: true, count: 1 };
      },
      on: () => () => undefined,
    };
    const bridge = createBridge(ipc);
    const input = {
      leadId: 5,
      fileCat: 2,
      files: [
        { name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff]).buffer, extra: 'x' },
      ],
      token: 'must-not-cross',
    };
    expect(await bridge.files.uploadLeadImages(input)).toEqual({ ok: true, count: 1 });
    expect(sent).toEqual([
      {
        channel: IPC_CHANNELS.uploadLeadImages,
        payload: {
          leadId: 5,
          fileCat: 2,
          files: [{ name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff]) }],
        },
      },
    ]);
    // What crosses is what the main process's router accepts.
    expect(ipcPayloadSchemas[IPC_CHANNELS.uploadLeadImages].safeParse(sent[0]?.payload).success).toBe(true);
  });

  it('answers a refused message as data', async () => {
    const bridge = createBridge({
      invoke: async () => {
        throw new Error('Invalid payload');
      },
      on: () => () => undefined,
    });
    expect(
      await bridge.files.uploadLeadImages({
        leadId: 5,
        fileCat: 2,
        files: [{ name: 'a.jpg', type: 'image/jpeg', data: new ArrayBuffer(1) }],
      }),
    ).toEqual({ ok: false, message: messages.operationFailed });
  });
});
