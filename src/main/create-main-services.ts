import type { FetchLike } from '../shared/contract';
import { createDesktopIntegration, type DesktopIntegration } from './desktop-integration';
import type { EmbeddedServerLauncher } from './embedded-server';
import { createExportDownloader, type ExportDownloader, type ShowSaveDialog } from './export-download';
import { createMemoryShortcutRegistry, type GlobalShortcutLike } from './global-shortcut';
import { createIpcRouter, type IpcRouter } from './ipc-router';
import { createLeadFileReader, type LeadFileReader } from './lead-file-read';
import { createLeadUploader, type LeadUploader } from './lead-upload';
import type { KeyValueStore } from './key-value-store';
import { consoleLog, type Log } from './log';
import type { IoFactory } from './realtime-client';
import { silentNotifier, type Notifier } from './reminder-notifier';
import { createServerConnection, type ServerConnection } from './server-connection';
import { checkCrmAddress } from './server-check';
import { observeSession, type ObservedSession } from './session-lifecycle';
import { createSessionManager, type EmitBridgeEvent } from './session-manager';
import { createSettings, type Settings } from './settings';
import { socketIoFactory } from './socket-io';
import { realSchedule, type Schedule } from './timers';
import { createTokenVault, type KeytarLike, type SafeStorageLike, type TokenVault } from './token-vault';

export interface MainServicesDeps {
  store: KeyValueStore;
  keytar: KeytarLike | null;
  safeStorage: SafeStorageLike | null;
  fetch: FetchLike;
  emit: EmitBridgeEvent;
  isTrustedFrameUrl(url: string): boolean;
  embedded: EmbeddedServerLauncher | null;
  /** Electron's save dialog (index.ts); without it export files cannot be saved. */
  showSaveDialog?: ShowSaveDialog | null;
  /** Folder the save dialog starts in (the user's Downloads). */
  downloadsDirectory?: () => string;
  /** Keychain entry of the session token. */
  keychainService: string;
  keychainAccount?: string;
  /** socket.io-client's `io` unless a test passes a fake. */
  io?: IoFactory;
  /** Native notifications: Electron's Notification in index.ts; silent unless given (the e2e harness records). */
  notifier?: Notifier;
  /** Electron's globalShortcut; an in-memory registry unless given. null: no global shortcut at all. */
  globalShortcut?: GlobalShortcutLike | null;
  /** Shows, restores and focuses the main window (a notification click, the global shortcut). */
  focusWindow?: () => void;
  now?: () => number;
  schedule?: Schedule;
  random?: () => number;
  log?: Log;
}

export interface MainServices {
  settings: Settings;
  vault: TokenVault;
  server: ServerConnection;
  /** The session manager, observed: its beginning and end start and stop the desktop integration. */
  session: ObservedSession;
  exports: ExportDownloader;
  uploads: LeadUploader;
  leadFiles: LeadFileReader;
  /** Socket, native reminders, tray data and the global shortcut. */
  desktop: DesktopIntegration;
  router: IpcRouter;
  /** Disconnects the socket, stops timers and unregisters the global shortcut (on quit). */
  dispose(): void;
}

/**
 * The composition root of the main process without Electron: index.ts passes the real objects, the e2e
 * harness passes a memory store and no keychain and drives the router through a Playwright binding.
 */
export function createMainServices(deps: MainServicesDeps): MainServices {
  const log = deps.log ?? consoleLog;
  const settings = createSettings(deps.store);
  const vault = createTokenVault({
    keytar: deps.keytar,
    safeStorage: deps.safeStorage,
    store: deps.store,
    service: deps.keychainService,
    account: deps.keychainAccount ?? 'session-token',
    log,
  });
  // The session and the server connection need each other (a server switch ends the session); the
  // connection's callback reads `session` only when called, after both exist.
  const server = createServerConnection({
    settings,
    checkAddress: (url) => checkCrmAddress(url, deps.fetch),
    embedded: deps.embedded,
    onServerChanged: () => session.reset(),
  });
  // The same emit, plus: an expired token ends everything the session runs (socket, tray).
  const emit: EmitBridgeEvent = (event, payload) => {
    deps.emit(event, payload);
    if (event === 'sessionExpired') session.markEnded();
  };
  const sessionManager = createSessionManager({ vault, server, fetch: deps.fetch, emit, now: deps.now });
  const desktop = createDesktopIntegration({
    settings,
    session: sessionManager,
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    emit,
    io: deps.io ?? socketIoFactory,
    notifier: deps.notifier ?? silentNotifier,
    globalShortcut: deps.globalShortcut === undefined ? createMemoryShortcutRegistry() : deps.globalShortcut,
    focusWindow: deps.focusWindow ?? (() => undefined),
    now: deps.now ?? Date.now,
    schedule: deps.schedule ?? realSchedule,
    random: deps.random,
    log,
  });
  const session = observeSession(sessionManager, desktop.hooks);
  // The same API base and token the session manager sends calls with.
  const exports = createExportDownloader({
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    fetch: deps.fetch,
    showSaveDialog: deps.showSaveDialog ?? null,
    defaultDirectory: deps.downloadsDirectory,
    log,
  });
  // Same source again; a refused token is settled by a forced validation, which ends the session.
  const uploads = createLeadUploader({
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    fetch: deps.fetch,
    onUnauthorized: async () => {
      await session.validate(true);
    },
  });
  // The same source and the same 401 handling as the uploader.
  const leadFiles = createLeadFileReader({
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    fetch: deps.fetch,
    onUnauthorized: async () => {
      await session.validate(true);
    },
  });
  const router = createIpcRouter({
    session,
    server,
    isTrustedFrameUrl: deps.isTrustedFrameUrl,
    files: exports,
    uploads,
    leadFiles,
    shell: {
      getMutedKeywords: () => settings.mutedKeywords(),
      setMutedKeywords: (words) => settings.setMutedKeywords(words),
      getGlobalShortcut: () => desktop.shortcuts.status(),
      setGlobalShortcut: (accelerator) => desktop.shortcuts.change(accelerator),
    },
  });
  return {
    settings,
    vault,
    server,
    session,
    exports,
    uploads,
    leadFiles,
    desktop,
    router,
    dispose: () => desktop.dispose(),
  };
}
