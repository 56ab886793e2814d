import type { FetchLike } from '../shared/contract';
import type { EmbeddedServerLauncher } from './embedded-server';
import { createExportDownloader, type ExportDownloader, type ShowSaveDialog } from './export-download';
import { createIpcRouter, type IpcRouter } from './ipc-router';
import type { KeyValueStore } from './key-value-store';
import { consoleLog, type Log } from './log';
import { createServerConnection, type ServerConnection } from './server-connection';
import { checkCrmAddress } from './server-check';
import { createSessionManager, type EmitBridgeEvent, type SessionManager } from './session-manager';
import { createSettings, type Settings } from './settings';
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
  now?: () => number;
  log?: Log;
}

export interface MainServices {
  settings: Settings;
  vault: TokenVault;
  server: ServerConnection;
  session: SessionManager;
  exports: ExportDownloader;
  router: IpcRouter;
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
  const session = createSessionManager({ vault, server, fetch: deps.fetch, emit: deps.emit, now: deps.now });
  // The same API base and token the session manager sends calls with.
  const exports = createExportDownloader({
    apiBase: () => server.apiBase(),
    token: () => vault.load(),
    fetch: deps.fetch,
    showSaveDialog: deps.showSaveDialog ?? null,
    defaultDirectory: deps.downloadsDirectory,
    log,
  });
  const router = createIpcRouter({
    session,
    server,
    isTrustedFrameUrl: deps.isTrustedFrameUrl,
    files: exports,
  });
  return { settings, vault, server, session, exports, router };
}
