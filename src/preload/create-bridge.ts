import type { CrmBridge } from '../shared/bridge';
import type { CallInput, CallName, CallOutcome, CallResult } from '../shared/contract';
import { messages } from '../shared/i18n/messages';
import {
  IPC_CHANNELS,
  eventChannel,
  isBridgeEventName,
  type IpcChannel,
  type IpcPayload,
  type IpcResults,
} from '../shared/ipc-channels';

/**
 * The two IPC primitives the bridge needs. Electron's preload passes ipcRenderer wrappers; the e2e tests
 * pass a Playwright binding to the same router, so this file must not import electron.
 */
export interface PreloadIpc {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  /** Subscribes to a main-process event; the listener gets the payload only (no IPC event object). */
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

/**
 * The bytes of a view as an ArrayBuffer of their own: the view's buffer when the view is all of it, else a
 * copy (a view into a bigger buffer must not hand the renderer the other bytes). Kept here rather than
 * imported from shared/lead-file-read so the preload bundle does not pull in the whole contract.
 */
function ownArrayBuffer(view: Uint8Array): ArrayBuffer {
  const { buffer } = view;
  if (buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === buffer.byteLength) {
    return buffer;
  }
  return view.slice().buffer;
}

/**
 * The desktop `CrmBridge`: every method is one invoke on its own channel, so the main process can validate
 * each message in one place. Returns a plain object of functions because contextBridge drops prototypes.
 */
export function createBridge(ipc: PreloadIpc): CrmBridge {
  const invoke = async <C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResults[C]> =>
    (await ipc.invoke(channel, payload)) as IpcResults[C];

  return {
    edition: 'desktop',

    call: async <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutcome<CallResult<N>>> => {
      try {
        const outcome = await invoke(IPC_CHANNELS.call, { name, input });
        return outcome as CallOutcome<CallResult<N>>;
      } catch {
        // Screens only handle CallOutcome, so a refused or uncloneable message is answered as data too.
        return { ok: false, error: { kind: 'invalid', status: 0, message: messages.invalidRequest } };
      }
    },

    session: {
      // Same reason: only the three known fields cross.
      login: (input) =>
        invoke(IPC_CHANNELS.login, {
          email: input.email,
          password: input.password,
          remember: input.remember,
        }),
      logout: async () => {
        await invoke(IPC_CHANNELS.logout, {});
      },
      status: () => invoke(IPC_CHANNELS.status, {}),
      validate: (force) => invoke(IPC_CHANNELS.validate, { force: force === true }),
    },

    settings: {
      get: () => invoke(IPC_CHANNELS.getSettings, {}),
      // Picks the known fields: the channel schema is strict and the renderer's object may carry more.
      setServer: (choice) =>
        invoke(
          IPC_CHANNELS.setServer,
          choice.url === undefined ? { mode: choice.mode } : { mode: choice.mode, url: choice.url },
        ),
      getMutedKeywords: () => invoke(IPC_CHANNELS.getMutedKeywords, {}),
      // A copy of plain strings: a proxied or subclassed array from the page must not reach the IPC.
      setMutedKeywords: (words) => invoke(IPC_CHANNELS.setMutedKeywords, { words: words.map(String) }),
      getGlobalShortcut: () => invoke(IPC_CHANNELS.getGlobalShortcut, {}),
      setGlobalShortcut: (accelerator) =>
        invoke(IPC_CHANNELS.setGlobalShortcut, { accelerator: String(accelerator) }),
    },

    files: {
      // Only the two known fields cross; the main process checks the URL against the API base.
      saveExport: async (input) => {
        try {
          return await invoke(IPC_CHANNELS.saveExport, {
            url: input.url,
            suggestedName: input.suggestedName,
          });
        } catch {
          return { ok: false, message: messages.exportFailed };
        }
      },
      // Only the known fields cross; the main process checks the limits and sends with the vault's token.
      // Bytes go as Uint8Array: structured clone and the e2e harness's binding both carry typed arrays.
      uploadLeadImages: async (input) => {
        try {
          return await invoke(IPC_CHANNELS.uploadLeadImages, {
            leadId: input.leadId,
            fileCat: input.fileCat,
            files: input.files.map((file) => ({
              name: file.name,
              type: file.type,
              data: new Uint8Array(file.data),
            })),
          });
        } catch {
          return { ok: false, message: messages.operationFailed };
        }
      },
      // Only the id crosses. The bytes come back as a Uint8Array (what IPC carries); the renderer gets
      // an ArrayBuffer of their own, as the bridge type promises.
      readLeadFile: async (input) => {
        try {
          const outcome = await invoke(IPC_CHANNELS.readLeadFile, { id: input.id });
          if (!outcome.ok) return { ok: false, message: outcome.message };
          return { ok: true, mime: outcome.mime, data: ownArrayBuffer(outcome.data) };
        } catch {
          return { ok: false, message: messages.fileOpenFailed };
        }
      },
    },

    on: (event, listener) => {
      if (!isBridgeEventName(event)) throw new Error(`Unknown bridge event: ${String(event)}`);
      // Events come only from the main process, which validates them (bridgeEventSchemas) before sending.
      return ipc.on(eventChannel(event), (payload) => listener(payload as Parameters<typeof listener>[0]));
    },
  };
}
