import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS, ipcPayloadSchemas } from '../../../src/shared/ipc-channels';
import { createBridge } from '../../../src/preload/create-bridge';

describe('desktop bridge: files.readLeadFile', () => {
  it('sends only the id on its own channel and hands the renderer an ArrayBuffer of the bytes', async () => {
    const sent: { channel: string; payload: unknown }[] = [];
    // The main process answers a Uint8Array; here a view into a bigger buffer, as a host might deliver.
    const bytes = new Uint8Array([7, 0x89, 0x50, 0x4e, 0x47, 7]).subarray(1, 5);
    const bridge = createBridge({
      invoke: async (channel, payload) => {
        sent.push({ channel, payload: structuredClone(payload) });
        return { ok: true, mime: 'image/png', data: bytes };
      },
      on: () => () => undefined,
    });
    const outcome = await bridge.files.readLeadFile({ id: 7, token: 'must-not-cross' } as { id: number });
    expect(sent).toEqual([{ channel: IPC_CHANNELS.readLeadFile, payload: { id: 7 } }]);
    expect(ipcPayloadSchemas[IPC_CHANNELS.readLeadFile].safeParse(sent[0]?.payload).success).toBe(true);
    if (!outcome.ok) throw new Error('expected the image');
    expect(outcome.mime).toBe('image/png');
    expect(outcome.data).toBeInstanceOf(ArrayBuffer);
    // Only the view's own bytes, not the rest of its buffer.
    expect(new Uint8Array(outcome.data)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it("passes the main process's refusal on, and answers a refused message as data", async () => {
    const refusal = createBridge({
      invoke: async () => ({ ok: false, message: messages.recordNotFound }),
      on: () => () => undefined,
    });
    expect(await refusal.files.readLeadFile({ id: 7 })).toEqual({
      ok: false,
      message: messages.recordNotFound,
    });
    const rejected = createBridge({
      invoke: async () => {
        throw new Error('Invalid payload for crm:files:readLeadFile');
      },
      on: () => () => undefined,
    });
    expect(await rejected.files.readLeadFile({ id: -1 })).toEqual({
      ok: false,
      message: messages.fileOpenFailed,
    });
  });
});
