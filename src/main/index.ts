import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  app,
  BrowserWindow,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  net,
  powerMonitor,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import Store from 'electron-store';
import electronUpdater from 'electron-updater';
import trayIconPath from '../../resources/tray-icon.png?asset';
import updatePublicKeyPem from '../../build/update-signing/update-public-key.pem?raw';
import type { UpdateStatus } from '../shared/bridge';
import { importMaxBytesFrom } from '../shared/domain/import-limits';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { bridgeEventSchemas, eventChannel } from '../shared/ipc-channels';
import { createAutoStart, startsHidden } from './auto-start';
import { createMainServices } from './create-main-services';
import { DEEP_LINK_SCHEME, deepLinkFromArgv } from './deep-link';
import { createDeepLinkHandoff } from './deep-link-handoff';
import { electronNotifier, forkUtilityProcess, ipcSenderOf } from './electron-adapters';
import { createEmbeddedServerLauncher } from './embedded-server';
import { loadKeytar } from './load-keytar';
import { createElectronLog } from './electron-log';
import type { Policy } from './policy/policy';
import { readPolicy } from './policy/read-policy';
import { regExeReader } from './policy/windows-registry';
import { createRendererRecovery } from './renderer-recovery';
import {
  contentSecurityPolicy,
  externalLinkTarget,
  isAllowedNavigation,
  isAllowedPermission,
  isAllowedRedirect,
  isRendererUrl,
  linkHostAllowList,
  windowOpenDecision,
} from './security-policy';
import type { EmitBridgeEvent } from './session-manager';
import { trayMenuTemplate, trayModel, type TrayAction, type TrayAppOptions } from './tray-model';
import { realSchedule } from './timers';
import { defaultUpdateMode } from './updater/update-decision';
import { createThreadParser } from './import-file-pick';
import { createUpdateService, type UpdaterLike, type UpdateService } from './updater/update-service';
import { chooseUpdateFeed, isAcceptableFeedUrl } from './updater/update-feed';
import { createDownloadCheck, updatePublicKey } from './updater/update-verify';
import { createWindowLifecycle, trayClickDecision } from './window-lifecycle';
import { createWindowOptions, isOnSomeDisplay } from './window-options';

// The only file that wires Electron to the services; everything it calls is tested under plain Node.

const here = dirname(fileURLToPath(import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
const rendererFile = join(here, '../renderer/index.html');
const embeddedEntry = join(here, 'embedded.js');
/** The importer's parse thread (electron.vite.config.ts builds it next to index.js). */
const importParseEntry = join(here, 'import-parse-worker.js');
const KEYCHAIN_SERVICE = 'com.brokercrm.desktop';
/** electron-builder.yml appId: Windows shows notifications only for the AUMID of the Start menu shortcut. */
const APP_USER_MODEL_ID = 'com.brokercrm.desktop';

const devRendererUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const rendererUrl = devRendererUrl ?? pathToFileURL(rendererFile).href;

let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
const lifecycle = createWindowLifecycle();
/** The policy read at start (see docs/it-deployment.md); empty until then. */
let policy: Policy = {};
/** Set after the services exist; a deep link that came earlier waits in the handoff. */
let focusMainWindow: () => void = () => undefined;
let emitToRenderer: (leadId: number) => void = () => undefined;
/** The login item started the app: the window stays in the tray until asked for. */
let hiddenStart = false;

/** main.log through electron-log, secrets redacted before any line is written (electron-log.ts). */
const log = createElectronLog();

const handoff = createDeepLinkHandoff({
  focusWindow: () => focusMainWindow(),
  openLead: (leadId) => emitToRenderer(leadId),
  log,
});
const recovery = createRendererRecovery(Date.now);
const runProgram = async (file: string, args: readonly string[]): Promise<string> =>
  (await promisify(execFile)(file, [...args], { windowsHide: true, timeout: 10_000 })).stdout;

/** Hosts whose links open in the browser: defaults, the CRM server's own host, IT's AllowedLinkHosts. */
function linkHosts(services: ReturnType<typeof createMainServices> | null): string[] {
  return linkHostAllowList(services?.settings.get().serverUrl ?? null, policy.allowedLinkHosts);
}

function openOutside(url: string): void {
  shell.openExternal(url).catch((error: unknown) => log(`openExternal failed: ${String(error)}`));
}

function secureSession(services: () => ReturnType<typeof createMainServices> | null): void {
  const csp = contentSecurityPolicy(null, { dev: devRendererUrl !== undefined });
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // Camera, microphone, geolocation and the like are never needed; copying text to the clipboard is.
  // Asked (request) or only checked (check), anything else is denied.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(isAllowedPermission(permission));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    isAllowedPermission(permission),
  );
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => {
      if (isAllowedRedirect(event.url, rendererUrl)) return;
      event.preventDefault();
      log(`Redirect of a window refused: ${event.url}`);
    });
    contents.on('will-navigate', (event) => {
      if (isAllowedNavigation(event.url, rendererUrl)) return;
      event.preventDefault();
      // A mailto: or an allowed https link clicked without target=_blank leaves for the system instead.
      const outside = externalLinkTarget(event.url, linkHosts(services()));
      if (outside !== null) openOutside(outside);
    });
    contents.setWindowOpenHandler(({ url }) => windowOpenDecision(url, openOutside, linkHosts(services())));
  });
}

function createMainWindow(services: ReturnType<typeof createMainServices>): BrowserWindow {
  const { windowBounds: saved, windowMaximized } = services.settings.get();
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = saved && isOnSomeDisplay(saved, workAreas) ? saved : null;
  const window = new BrowserWindow(createWindowOptions({ preloadPath, bounds }));
  // Maximising shows a window on some platforms, so a start in the tray maximises on its first show.
  if (windowMaximized) window.once('show', () => window.maximize());
  window.once('ready-to-show', () => {
    if (hiddenStart) hiddenStart = false;
    else window.show();
  });
  window.webContents.on('did-start-loading', () => handoff.rendererLoading());
  window.webContents.on('render-process-gone', (_event, details) => {
    const decision = recovery.onGone(details.reason);
    if (decision === 'ignore') return;
    log(`Renderer gone (${details.reason}, exit code ${details.exitCode}): ${decision}`);
    if (decision === 'reload') window.webContents.reload();
    else dialog.showErrorBox(desktopTexts.crashRepeated, desktopTexts.crashRepeatedDetail);
  });
  window.on('close', (event) => {
    services.settings.setWindowBounds(window.getNormalBounds(), window.isMaximized());
    // Hidden to the tray, not closed: reminders keep arriving. Only a real quit closes it.
    if (lifecycle.onClose(tray !== null) === 'hide') {
      event.preventDefault();
      window.hide();
    }
  });
  // Windows log-off or shutdown: a window that refuses to close would hold the session's end up.
  window.on('session-end', () => lifecycle.markQuitting());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  if (devRendererUrl) void window.loadURL(devRendererUrl);
  else void window.loadFile(rendererFile);
  return window;
}

/** electron-updater's autoUpdater seen through UpdaterLike; its own log lines go to ours. */
function electronUpdater_(): UpdaterLike {
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = {
    info: (message?: unknown) => log(`updater: ${String(message)}`),
    warn: (message?: unknown) => log(`updater: ${String(message)}`),
    error: (message?: unknown) => log(`updater: ${String(message)}`),
    debug: () => undefined,
  };
  // Failures reach the service through the rejected promises; without a listener 'error' would throw.
  autoUpdater.on('error', () => undefined);
  return {
    setFeedUrl: (url) => autoUpdater.setFeedURL({ provider: 'generic', url }),
    configure: ({ autoDownload, autoInstallOnAppQuit }) => {
      autoUpdater.autoDownload = autoDownload;
      autoUpdater.autoInstallOnAppQuit = autoInstallOnAppQuit;
    },
    checkForUpdates: async () => {
      await autoUpdater.checkForUpdates();
    },
    downloadUpdate: async () => {
      await autoUpdater.downloadUpdate();
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
    onEvent: (listener) => {
      autoUpdater.on('update-available', (info) => listener({ type: 'available', version: info.version }));
      autoUpdater.on('update-not-available', () => listener({ type: 'notAvailable' }));
      autoUpdater.on('download-progress', (progress) =>
        listener({ type: 'progress', percent: progress.percent }),
      );
      autoUpdater.on('update-downloaded', (info) =>
        listener({ type: 'downloaded', version: info.version, file: info.downloadedFile }),
      );
    },
  };
}

/** The feed electron-builder baked in (app-update.yml's url), when it is an https one. */
function bakedFeedUrl(): string | null {
  const file = join(process.resourcesPath, 'app-update.yml');
  if (!app.isPackaged || !existsSync(file)) return null;
  const url = /^url:\s*['"]?([^'"\s]+)/m.exec(readFileSync(file, 'utf8'))?.[1] ?? null;
  if (url !== null && isAcceptableFeedUrl(url, true)) return url;
  log(`Update feed ${String(url)} built into the app ignored: not an https URL`);
  return null;
}

/** GET over Chromium's network stack (system proxy, company CAs); null unless it answered 200. */
async function fetchText(url: string): Promise<string | null> {
  const response = await net.fetch(url, { redirect: 'error' });
  return response.ok ? response.text() : null;
}

/**
 * IT's feed (policy UpdateURL) or the one electron-builder baked in; CRM_UPDATE_URL only in a development
 * run. Every download is checked with the public key built into the app before it may install.
 */
function createUpdates(emit: (status: UpdateStatus) => void): UpdateService {
  const choice = chooseUpdateFeed({
    policyUrl: policy.updateUrl,
    envUrl: process.env.CRM_UPDATE_URL,
    packaged: app.isPackaged,
  });
  if (choice.ignored) log(`Update feed from ${choice.ignored.source} ignored: ${choice.ignored.reason}`);
  const feedUrl = choice.url;
  const baked = bakedFeedUrl();
  return createUpdateService({
    verifyDownloaded: createDownloadCheck({
      key: updatePublicKey(updatePublicKeyPem),
      currentVersion: app.getVersion(),
      feedBase: () => feedUrl ?? baked,
      readFile: async (path) => new Uint8Array(await readFile(path)),
      fetchText,
    }),
    updater: app.isPackaged ? electronUpdater_() : null,
    mode:
      policy.updateMode ?? defaultUpdateMode(process.platform, process.execPath, process.env.LOCALAPPDATA),
    feedUrl,
    hasFeed: feedUrl !== null || baked !== null,
    emit,
    beforeInstall: () => lifecycle.markQuitting(),
    schedule: realSchedule,
    log,
  });
}

let refreshTray: () => void = () => undefined;

/** The tray icon with its tooltip and menu from the tray model; null where the desktop has no tray. */
function createTray(
  services: ReturnType<typeof createMainServices>,
  perform: (action: TrayAction) => void,
  appOptions: () => TrayAppOptions,
): Tray | null {
  let created: Tray;
  try {
    created = new Tray(nativeImage.createFromPath(trayIconPath));
  } catch (error) {
    log(`No tray icon: ${String(error)}`);
    return null;
  }
  const render = (): void => {
    const model = trayModel(services.desktop.tray.current(), new Date(), appOptions());
    created.setToolTip(model.tooltip);
    if (process.platform === 'darwin') created.setTitle(model.title);
    created.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model, perform)));
  };
  services.desktop.tray.subscribe(render);
  render();
  refreshTray = render;
  created.on('click', () => {
    const window = mainWindow;
    const visible = window ? { visible: window.isVisible(), minimized: window.isMinimized() } : null;
    if (trayClickDecision(visible) === 'hide') window?.hide();
    else perform({ type: 'show' });
  });
  return created;
}

/** Reads IT's policy once at start and logs where it came from and what was ignored. */
async function loadPolicy(): Promise<void> {
  const read = await readPolicy({
    platform: process.platform,
    registry: regExeReader(runProgram, process.env.SystemRoot ?? 'C:\\Windows'),
    run: runProgram,
    userName: userInfo().username,
    readFile: (path) => readFile(path, 'utf8'),
  });
  policy = read.policy;
  if (read.sources.length > 0) log(`Policy from ${read.sources.join(', ')}: ${JSON.stringify(policy)}`);
  for (const warning of read.warnings)
    log(`Policy ${warning.source} ${warning.key} ignored: ${warning.reason}`);
}

async function ready(): Promise<void> {
  let servicesRef: ReturnType<typeof createMainServices> | null = null;
  secureSession(() => servicesRef);
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  await loadPolicy();

  // The vault names keytar's reason once, when it first falls back to safeStorage.
  const keytar = await loadKeytar();

  const emit: EmitBridgeEvent = (event, payload) => {
    // The preload forwards events as they come, so what leaves here must already be right.
    bridgeEventSchemas[event].parse(payload);
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(eventChannel(event), payload);
  };
  const embedded = createEmbeddedServerLauncher({
    fork: forkUtilityProcess,
    entryPath: embeddedEntry,
    dataDir: join(app.getPath('userData'), 'embedded-data'),
  });
  const updates = createUpdates((status) => {
    emit('updateStatus', status);
    refreshTray();
  });
  const autoStart = createAutoStart(
    {
      platform: process.platform,
      loginItems: app,
      // An AppImage runs from a temporary mount: its autostart entry must name the image file itself.
      executable: process.env.APPIMAGE ?? process.execPath,
      configDir: process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'),
      files: {
        exists: (path) => existsSync(path),
        write: (path, text) => writeFileSync(path, text, { mode: 0o644 }),
        remove: (path) => rmSync(path, { force: true }),
        ensureDir: (path) => mkdirSync(path, { recursive: true }),
      },
    },
    desktopTexts.appName,
  );
  const services = createMainServices({
    store: new Store({ name: 'settings' }),
    log,
    policy: {
      crmAddress: policy.crmAddress,
      disableEmbeddedServer: policy.disableEmbeddedServer,
      allowPlainHttp: policy.allowPlainHttp,
    },
    desktopControls: {
      updateStatus: () => updates.status(),
      checkForUpdates: () => updates.check('user'),
      downloadUpdate: () => updates.download(),
      restartToUpdate: () => updates.restart(),
      startupNotices: () => ({
        recoveredFromCrash: recovery.takeRecoveredNotice(),
        leadId: handoff.takePending(),
      }),
    },
    keytar: keytar.keytar,
    keytarUnavailable: keytar.reason,
    safeStorage,
    // Chromium's network stack: system proxy settings and the OS certificate store (company CAs).
    fetch: (url, init) => net.fetch(url, init),
    emit,
    isTrustedFrameUrl: (url) => isRendererUrl(url, rendererUrl),
    embedded,
    keychainService: KEYCHAIN_SERVICE,
    // Modal to the main window when there is one, so the dialog cannot get lost behind it.
    showSaveDialog: (options) =>
      mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
    showOpenDialog: (options) =>
      mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    parseImportFile: createThreadParser(importParseEntry),
    importMaxBytes: importMaxBytesFrom(process.env.IMPORT_MAX_BYTES),
    downloadsDirectory: () => app.getPath('downloads'),
    notifier: electronNotifier(log),
    globalShortcut,
    focusWindow: () => focusWindow(),
    windowHidden: () => !mainWindow || !mainWindow.isVisible() || mainWindow.isMinimized(),
  });

  // Called by a notification click, the global shortcut and the tray, all after `services` exists.
  const focusWindow = (): void => {
    const window = mainWindow ?? (mainWindow = createMainWindow(services));
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    // macOS does not bring an app forward from a global shortcut unless asked to.
    if (process.platform === 'darwin') app.focus({ steal: true });
  };
  const quit = (): void => {
    lifecycle.markQuitting();
    app.quit();
  };
  servicesRef = services;
  focusMainWindow = focusWindow;
  emitToRenderer = (leadId) => emit('openLead', { leadId });

  for (const channel of services.router.channels) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      services.router.handle(channel, payload, ipcSenderOf(event)),
    );
  }
  app.on('before-quit', () => {
    // app.quit() from anywhere (the updater, the menu, Cmd+Q): the window closes instead of hiding.
    lifecycle.markQuitting();
    embedded.stop();
  });
  app.on('will-quit', () => {
    updates.stop();
    services.dispose();
    tray?.destroy();
    tray = null;
  });
  // Linux and macOS shutdown or log-off.
  powerMonitor.on('shutdown', quit);

  // Started now, not awaited: the window shows at once and calls wait for the server inside apiBase().
  void services.server.resume();
  const loginItems = app.getLoginItemSettings();
  mainWindow = createMainWindow(services);
  tray = createTray(
    services,
    (action) => {
      switch (action.type) {
        case 'quit':
          return quit();
        case 'toggleAutoStart':
          autoStart.set(!autoStart.enabled());
          return refreshTray();
        case 'checkUpdates':
          focusWindow();
          void updates.check('user');
          return;
        case 'openLead':
          focusWindow();
          return emit('openLead', { leadId: action.leadId });
        case 'show':
          return focusWindow();
      }
    },
    () => ({
      autoStart: autoStart.enabled(),
      canCheckUpdates: updates.status().canCheck,
    }),
  );
  // Decided before the window's ready-to-show, which shows it unless this start belongs in the tray.
  hiddenStart = startsHidden(process.argv, loginItems.wasOpenedAtLogin === true, tray !== null);
  updates.start();

  // macOS dock icon: the hidden window comes back.
  app.on('activate', focusWindow);
}

// The product is Turkish whatever the machine's language: spell checking and Chromium's own menus follow
// this, not the page's lang attribute (dates need nothing from it: the app draws its own Turkish picker).
app.commandLine.appendSwitch('lang', 'tr-TR');

// crm://lead/{id}: the installers register the scheme (electron-builder.yml protocols); a development run
// registers the Electron binary with this app's path so links reach it too.
if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
else if (process.argv[1])
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);

if (!app.requestSingleInstanceLock()) {
  // The first instance gets our argv (with its deep link) in 'second-instance' and comes forward.
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => handoff.secondInstance(argv));
  // macOS hands links to the running app, also the one it is starting for the link: before 'ready'.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    handoff.receive(url);
  });
  const startLink = deepLinkFromArgv(process.argv);
  if (startLink !== null) handoff.receive(startLink);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(ready)
    .catch((error: unknown) => {
      log(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      app.quit();
    });
}
