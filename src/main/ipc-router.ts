import type {
  AppSettings,
  GlobalShortcutStatus,
  PickImportFileInput,
  PickImportFileOutcome,
  SaveDocumentInput,
  SaveExportInput,
  SaveExportOutcome,
  ServerCheck,
  ServerChoice,
  SetGlobalShortcutOutcome,
  StartupNotices,
  UpdateStatus,
} from '../shared/bridge';
import { checkCallInput, contract, type CallOutcome, type CrmErrorInfo } from '../shared/contract';
import { messages } from '../shared/i18n/messages';
import { ipcChannelList, ipcPayloadSchemas, isIpcChannel, type IpcChannel } from '../shared/ipc-channels';
import { isBridgeCallable, type SessionManager } from './session-manager';

/** Who sent an IPC message: Electron's event.senderFrame, reduced to what the checks need. */
export interface IpcSender {
  frameUrl: string;
  isMainFrame: boolean;
}

export interface IpcRouterDeps {
  session: SessionManager;
  server: {
    getSettings(): Promise<AppSettings>;
    setServer(choice: ServerChoice): Promise<ServerCheck>;
  };
  /** true only for the app's own renderer document (dev server origin or the bundled index.html). */
  isTrustedFrameUrl(url: string): boolean;
  /** Saving export files; it refuses URLs outside the API base itself. */
  files: {
    saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
    saveDocument(input: SaveDocumentInput): Promise<SaveExportOutcome>;
    /** The importer's file: OS dialog, checks and the parse in a worker thread (import-file-pick.ts). */
    pickImportFile(input: PickImportFileInput): Promise<PickImportFileOutcome>;
  };
  /** Desktop-only settings kept by the main process: muted words, the global shortcut. */
  shell: {
    getMutedKeywords(): string[];
    setMutedKeywords(words: readonly string[]): string[];
    getGlobalShortcut(): GlobalShortcutStatus;
    setGlobalShortcut(accelerator: string): SetGlobalShortcutOutcome;
  };
  /** The installed app's updater, crash recovery and deep links (see docs/it-deployment.md). */
  desktop: DesktopControls;
}

export interface DesktopControls {
  updateStatus(): UpdateStatus;
  checkForUpdates(): Promise<UpdateStatus>;
  downloadUpdate(): Promise<UpdateStatus>;
  restartToUpdate(): void;
  startupNotices(): StartupNotices;
}

export interface IpcRouter {
  channels: readonly IpcChannel[];
  handle(channel: string, payload: unknown, sender: IpcSender): Promise<unknown>;
}

/** Refusals of the message itself (who sent it, what it looks like); they reject the invoke. */
export class IpcRejection extends Error {
  override readonly name = 'IpcRejection';
}

function invalidCall(message: string = messages.invalidRequest): CallOutcome<never> {
  const error: CrmErrorInfo = { kind: 'invalid', status: 0, message };
  return { ok: false, error };
}

/**
 * The one place where IPC from the renderer is checked, in this order: known channel, sender is the main
 * frame of our own renderer, payload matches the channel's schema, and for calls: a callable contract name
 * with params, body and files valid for that call. Only then does anything reach a service or the network.
 */
export function createIpcRouter(deps: IpcRouterDeps): IpcRouter {
  const { session, server, isTrustedFrameUrl, files, shell, desktop } = deps;

  const call = async (payload: unknown): Promise<CallOutcome<unknown>> => {
    const envelope = ipcPayloadSchemas['crm:call'].parse(payload);
    if (!isBridgeCallable(envelope.name)) return invalidCall();
    const input = envelope.input ?? {};
    const refused = checkCallInput(contract[envelope.name], input);
    if (refused !== null) return invalidCall(refused.message);
    return session.call(envelope.name, input);
  };

  const dispatch = async (channel: IpcChannel, payload: unknown): Promise<unknown> => {
    switch (channel) {
      case 'crm:call':
        return call(payload);
      case 'crm:session:login':
        return session.login(ipcPayloadSchemas[channel].parse(payload));
      case 'crm:session:logout':
        await session.logout();
        return undefined;
      case 'crm:session:status':
        return session.status();
      case 'crm:session:validate':
        return session.validate(ipcPayloadSchemas[channel].parse(payload).force === true);
      case 'crm:settings:get':
        return server.getSettings();
      case 'crm:settings:setServer': {
        const { mode, url } = ipcPayloadSchemas[channel].parse(payload);
        return server.setServer(url === undefined ? { mode } : { mode, url });
      }
      case 'crm:settings:getMutedKeywords':
        return shell.getMutedKeywords();
      case 'crm:settings:setMutedKeywords':
        return shell.setMutedKeywords(ipcPayloadSchemas[channel].parse(payload).words);
      case 'crm:settings:getGlobalShortcut':
        return shell.getGlobalShortcut();
      case 'crm:settings:setGlobalShortcut':
        return shell.setGlobalShortcut(ipcPayloadSchemas[channel].parse(payload).accelerator);
      case 'crm:files:saveExport':
        return files.saveExport(ipcPayloadSchemas[channel].parse(payload));
      case 'crm:files:saveDocument':
        return files.saveDocument(ipcPayloadSchemas[channel].parse(payload));
      case 'crm:files:pickImportFile':
        return files.pickImportFile(ipcPayloadSchemas[channel].parse(payload));
      case 'crm:updates:status':
        return desktop.updateStatus();
      case 'crm:updates:check':
        return desktop.checkForUpdates();
      case 'crm:updates:download':
        return desktop.downloadUpdate();
      case 'crm:updates:restart':
        desktop.restartToUpdate();
        return undefined;
      case 'crm:app:startupNotices':
        return desktop.startupNotices();
    }
  };

  return {
    channels: ipcChannelList,
    async handle(channel, payload, sender) {
      if (!isIpcChannel(channel)) throw new IpcRejection('Unknown IPC channel');
      if (!sender.isMainFrame) throw new IpcRejection('IPC from a subframe is refused');
      if (!isTrustedFrameUrl(sender.frameUrl))
        throw new IpcRejection('IPC from an untrusted page is refused');
      // Payload errors are reported without echoing the payload: it may hold a password.
      if (!ipcPayloadSchemas[channel].safeParse(payload).success) {
        throw new IpcRejection(`Invalid payload for ${channel}`);
      }
      return dispatch(channel, payload);
    },
  };
}
