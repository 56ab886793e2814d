import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS, ipcPayloadSchemas } from '../../../src/shared/ipc-channels';
import { createBridge } from '../../../src/preload/create-bridge';

describe("desktop bridge: a lead's image through call", () => {
  it('sends only the call and its id, and hands the renderer the bytes the main process read', async () => {
    const sent: { channel: string; payload: unknown }[] = [];
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const bridge = createBridge({
      invoke: async (channel, payload) => {
        sent.push({ channel, payload: structuredClone(payload) });
        return { ok: true, data: { mime: 'image/png', data: bytes } };
      },
      on: () => () => undefined,
    });
    const outcome = await bridge.call('leadFile', { params: { id: 7 } });
    expect(sent).toEqual([
      { channel: IPC_CHANNELS.call, payload: { name: 'leadFile', input: { params: { id: 7 } } } },
    ]);
    expect(ipcPayloadSchemas[IPC_CHANNELS.call].safeParse(sent[0]?.payload).success).toBe(true);
    if (!outcome.ok) throw new Error('expected the image');
    expect(outcome.data.mime).toBe('image/png');
    // A Blob of the answer holds exactly the image's bytes (what the preview shows from a blob URL).
    const blob = new Blob([outcome.data.data], { type: outcome.data.mime });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it("passes the main process's refusal on, and answers a refused message as data", async () => {
    const refusal = createBridge({
      invoke: async () => ({
        ok: false,
        error: { kind: 'not_found', status: 404, message: messages.recordNotFound },
      }),
      on: () => () => undefined,
    });
    expect(await refusal.call('leadFile', { params: { id: 7 } })).toEqual({
      ok: false,
      error: { kind: 'not_found', status: 404, message: messages.recordNotFound },
    });
    const rejected = createBridge({
      invoke: async () => {
        throw new Error('Invalid payload for crm:call');
      },
      on: () => () => undefined,
    });
    expect(await rejected.call('leadFile', { params: { id: -1 } })).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: messages.invalidRequest },
    });
  });
});
