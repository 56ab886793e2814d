import type { FetchLike } from '../shared/contract';
import { IMPORT_DEFAULT_MAX_BYTES } from '../shared/domain/import-limits';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { createDesktopIntegration, type DesktopIntegration } from './desktop-integration';
import type { EmbeddedServerLauncher } from './embedded-server';
import { createExportDownloader, type ExportDownloader, type ShowSaveDialog } from './export-download';
import { createDocumentSaver } from './document-save';
import { createImportFilePicker, type ParseImportFileAt, type ShowOpenDialog } from './import-file-pick';
import { createMemoryShortcutRegistry, type GlobalShortcutLike } from './global-shortcut';
import { createIpcRouter, type DesktopControls, type IpcRouter } from './ipc-router';
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
  /** Why keytar did not load, for the vault's one log line about its safeStorage fallback. */
  keytarUnavailable?: string | null;
  safeStorage: SafeStorageLike | null;
  fetch: FetchLike;
  emit: EmitBridgeEvent;
  isTrustedFrameUrl(url: string): boolean;
  embedded: EmbeddedServerLauncher | null;
  /** Electron's save dialog (index.ts); without it export files cannot be saved. */
  showSaveDialog?: ShowSaveDialog | null;
  /** Electron's open dialog (index.ts); without it the importer cannot pick a file here. */
  showOpenDialog?: ShowOpenDialog | null;
  /** How an import file is parsed off the main thread (a worker thread in the app). */
  parseImportFile?: ParseImportFileAt;
  /** IMPORT_MAX_BYTES of this machine's environment (default 200 MB). */
  importMaxBytes?: number;
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
  /** Whether the main window is hidden or minimised (chat notices go native then); never unless given. */
  windowHidden?: () => boolean;
  now?: () => number;
  schedule?: Schedule;
  random?: () => number;
  log?: Log;
  /** IT's policy for the server address (see docs/it-deployment.md); none unless given. */
  policy?: { crmAddress?: string; disableEmbeddedServer?: boolean; allowPlainHttp?: boolean };
  /** Updater, crash notice and deep links of the installed app; a disabled stand-in unless given. */
  desktopControls?: DesktopControls;
}

/** Where no updater runs (the e2e harness, development): updates say so, nothing is pending. */
export const notInstalledControls: DesktopControls = {
  updateStatus: () => ({
    state: 'disabled',
    mode: 'default',
    version: null,
    percent: null,
    message: desktopTexts.updateNotInstalled,
    canCheck: false,
    userAsked: false,
  }),
  checkForUpdates: async () => notInstalledControls.updateStatus(),
  downloadUpdate: async () => notInstalledControls.updateStatus(),
  restartToUpdate: () => undefined,
  startupNotices: () => ({ recoveredFromCrash: false, leadId: null }),
};

export interface MainServices {
  settings: Settings;
  vault: TokenVault;
  server: ServerConnection;
  /** The session manager, observed: its beginning and end start and stop the desktop integration. */
  session: ObservedSession;
  exports: ExportDownloader;
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
/** The socket to the embedded server carries the launch's secret too, in its handshake's headers. */
function withSocketSecret(io: IoFactory, embedded: EmbeddedServerLauncher | null): IoFactory {
  if (!embedded) return io;
  return (origin, options) => {
    const extra = embedded.headersFor(origin);
    return io(origin, Object.keys(extra).length === 0 ? options : { ...options, extraHeaders: extra });
  };
}

/** Every request to the embedded server carries the launch's secret (embedded-server.ts). */
function withEmbeddedSecret(fetch: FetchLike, embedded: EmbeddedServerLauncher | null): FetchLike {
  if (!embedded) return fetch;
  return (url, init) => {
    const extra = embedded.headersFor(url);
    if (Object.keys(extra).length === 0) return fetch(url, init);
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return fetch(url, { ...init, headers });
  };
}

export function createMainServices(deps: MainServicesDeps): MainServices {
  const log = deps.log ?? consoleLog;
  const fetch = withEmbeddedSecret(deps.fetch, deps.embedded);
  const settings = createSettings(deps.store);
  const vault = createTokenVault({
    keytar: deps.keytar,
    keytarUnavailable: deps.keytarUnavailable ?? null,
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
    checkAddress: (url) => checkCrmAddress(url, fetch, undefined, deps.policy?.allowPlainHttp === true),
    embedded: deps.embedded,
    onServerChanged: () => session.reset(),
    policy: deps.policy,
  });
  // The same emit, plus: an expired token ends everything the session runs (socket, tray).
  const emit: EmitBridgeEvent = (event, payload) => {
    deps.emit(event, payload);
    if (event === 'sessionExpired') session.markEnded();
  };
  const sessionManager = createSessionManager({ vault, server, fetch, emit, now: deps.now });
  const desktop = createDesktopIntegration({
    settings,
    session: sessionManager,
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    emit,
    io: withSocketSecret(deps.io ?? socketIoFactory, deps.embedded),
    notifier: deps.notifier ?? silentNotifier,
    globalShortcut: deps.globalShortcut === undefined ? createMemoryShortcutRegistry() : deps.globalShortcut,
    focusWindow: deps.focusWindow ?? (() => undefined),
    windowHidden: deps.windowHidden ?? (() => false),
    now: deps.now ?? Date.now,
    schedule: deps.schedule ?? realSchedule,
    random: deps.random,
    log,
  });
  const session = observeSession(sessionManager, desktop.hooks);
  // Downloads go through the session manager: the same API base and token, and the same 401 rule.
  const exports = createExportDownloader({
    apiBase: () => server.apiBase(),
    hasSession: async () => (await vault.load()) !== null,
    open: (input) => session.open('exportFile', input),
    showSaveDialog: deps.showSaveDialog ?? null,
    defaultDirectory: deps.downloadsDirectory,
    log,
  });
  // Documents the renderer builds (an offer's PDF) are written by the main process after the dialog.
  const documents = createDocumentSaver({
    showSaveDialog: deps.showSaveDialog ?? null,
    defaultDirectory: deps.downloadsDirectory,
    log,
  });
  // The importer's file: chosen, checked and parsed here, only the sheet crosses to the renderer.
  const parseImport = deps.parseImportFile;
  const importFiles = createImportFilePicker({
    showOpenDialog: parseImport ? (deps.showOpenDialog ?? null) : null,
    maxBytes: deps.importMaxBytes ?? IMPORT_DEFAULT_MAX_BYTES,
    parse: parseImport ?? (async () => ({ ok: false, problem: 'invalidFile' })),
    log,
  });
  const router = createIpcRouter({
    session,
    server,
    isTrustedFrameUrl: deps.isTrustedFrameUrl,
    files: {
      saveExport: (input) => exports.saveExport(input),
      saveDocument: (input) => documents.saveDocument(input),
      pickImportFile: (input) => importFiles.pickImportFile(input),
    },
    shell: {
      getMutedKeywords: () => settings.mutedKeywords(),
      setMutedKeywords: (words) => settings.setMutedKeywords(words),
      getGlobalShortcut: () => desktop.shortcuts.status(),
      setGlobalShortcut: (accelerator) => desktop.shortcuts.change(accelerator),
    },
    desktop: deps.desktopControls ?? notInstalledControls,
  });
  return {
    settings,
    vault,
    server,
    session,
    exports,
    desktop,
    router,
    dispose: () => desktop.dispose(),
  };
}
