import { describe, expect, it } from 'vitest';
import type { OutgoingFile } from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS, ipcPayloadSchemas } from '../../../src/shared/ipc-channels';
import { createBridge, type PreloadIpc } from '../../../src/preload/create-bridge';

const JPEG = [0xff, 0xd8, 0xff];
const answer = { ok: true, data: { success: true, msg: '1 dosya yüklendi', results: [] } };

function recording(): { ipc: PreloadIpc; sent: { channel: string; payload: unknown }[] } {
  const sent: { channel: string; payload: unknown }[] = [];
  return {
    sent,
    ipc: {
      invoke: async (channel, payload) => {
        sent.push({ channel, payload: structuredClone(payload) });
        return answer;
      },
      on: () => () => undefined,
    },
  };
}

describe('desktop bridge: an upload through call', () => {
  it('sends the known fields of each file only, bytes as Uint8Array, on the call channel', async () => {
    const { ipc, sent } = recording();
    const bridge = createBridge(ipc);
    const files = [
      { name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array(JPEG).buffer, extra: 'x' },
      // A picked File (a Blob): its bytes are read here, the renderer has no other way to hand them over.
      { name: 'b.jpg', type: 'image/jpeg', data: new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }) },
      // A view into a bigger buffer: only its own bytes cross.
      { name: 'c.jpg', type: 'image/jpeg', data: new Uint8Array([9, ...JPEG, 9]).subarray(1, 4) },
    ] as OutgoingFile[];
    const outcome = await bridge.call('uploadLeadFiles', {
      params: { leadId: 5 },
      body: { fileCat: 2 },
      files,
    });
    expect(outcome).toEqual(answer);
    const bytes = new Uint8Array(JPEG);
    expect(sent).toEqual([
      {
        channel: IPC_CHANNELS.call,
        payload: {
          name: 'uploadLeadFiles',
          input: {
            params: { leadId: 5 },
            body: { fileCat: 2 },
            files: [
              { name: 'a.jpg', type: 'image/jpeg', data: bytes },
              { name: 'b.jpg', type: 'image/jpeg', data: bytes },
              { name: 'c.jpg', type: 'image/jpeg', data: bytes },
            ],
          },
        },
      },
    ]);
    // What crosses is what the main process's router accepts.
    expect(ipcPayloadSchemas[IPC_CHANNELS.call].safeParse(sent[0]?.payload).success).toBe(true);
  });

  it('answers a refused message as data', async () => {
    const bridge = createBridge({
      invoke: async () => {
        throw new Error('Invalid payload');
      },
      on: () => () => undefined,
    });
    expect(
      await bridge.call('uploadLeadFiles', {
        params: { leadId: 5 },
        body: { fileCat: 2 },
        files: [{ name: 'a.jpg', type: 'image/jpeg', data: new ArrayBuffer(1) }],
      }),
    ).toEqual({ ok: false, error: { kind: 'invalid', status: 0, message: messages.invalidRequest } });
  });
});
