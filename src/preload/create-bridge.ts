import type { CrmBridge } from '../shared/bridge';
import type { CallInput, CallName, CallOutcome, CallResult, RawCallInput } from '../shared/contract';
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

/** A file's bytes as IPC carries them: a Uint8Array of its own (structured clone and the e2e binding). */
async function ipcBytes(data: Blob | ArrayBuffer | Uint8Array): Promise<Uint8Array> {
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  // A view's own bytes only, never the rest of a shared buffer.
  return data instanceof Uint8Array ? data.slice() : new Uint8Array(data.slice(0));
}

type IpcCallInput = NonNullable<IpcPayload<typeof IPC_CHANNELS.call>['input']>;

/**
 * A call's input as it crosses: params and body as given (the router's schema is strict, so anything else
 * is refused there), the files of a multipart call with only their known fields, bytes read in here.
 */
async function ipcInput(input: RawCallInput): Promise<IpcCallInput> {
  const { files, ...rest } = input;
  if (files === undefined) return rest;
  const bytes = await Promise.all(
    files.map(async (file) => ({ name: file.name, type: file.type, data: await ipcBytes(file.data) })),
  );
  return { ...rest, files: bytes };
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
        const outcome = await invoke(IPC_CHANNELS.call, {
          name,
          input: await ipcInput(input as RawCallInput),
        });
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
      saveDocument: async (input) => {
        try {
          return await invoke(IPC_CHANNELS.saveDocument, {
            suggestedName: input.suggestedName,
            base64: input.base64,
          });
        } catch {
          return { ok: false, message: messages.exportSaveFailed };
        }
      },
    },

    desktop: {
      updates: {
        status: () => invoke(IPC_CHANNELS.updateStatus, {}),
        check: () => invoke(IPC_CHANNELS.updateCheck, {}),
        download: () => invoke(IPC_CHANNELS.updateDownload, {}),
        restart: async () => {
          await invoke(IPC_CHANNELS.updateRestart, {});
        },
      },
      takeStartupNotices: () => invoke(IPC_CHANNELS.startupNotices, {}),
      // Only the size limit crosses; the path stays in the main process.
      pickImportFile: (input) => invoke(IPC_CHANNELS.pickImportFile, { maxBytes: Number(input.maxBytes) }),
    },

    on: (event, listener) => {
      if (!isBridgeEventName(event)) throw new Error(`Unknown bridge event: ${String(event)}`);
      // Events come only from the main process, which validates them (bridgeEventSchemas) before sending.
      return ipc.on(eventChannel(event), (payload) => listener(payload as Parameters<typeof listener>[0]));
    },
  };
}
