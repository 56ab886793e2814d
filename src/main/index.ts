import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
import { bridgeEventSchemas, eventChannel } from '../shared/ipc-channels';
import { createMainServices } from './create-main-services';
import { electronNotifier, forkUtilityProcess, ipcSenderOf } from './electron-adapters';
import { createEmbeddedServerLauncher } from './embedded-server';
import { loadKeytar } from './load-keytar';
import { consoleLog } from './log';
import {
  contentSecurityPolicy,
  isAllowedNavigation,
  isRendererUrl,
  windowOpenDecision,
} from './security-policy';
import type { EmitBridgeEvent } from './session-manager';
import { trayMenuTemplate, trayModel, type TrayAction } from './tray-model';
import { createWindowLifecycle, trayClickDecision } from './window-lifecycle';
import { createWindowOptions, isOnSomeDisplay } from './window-options';

// The only file that wires Electron to the services; everything it calls is tested under plain Node.

const here = dirname(fileURLToPath(import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
const rendererFile = join(here, '../renderer/index.html');
const embeddedEntry = join(here, 'embedded.js');
const KEYCHAIN_SERVICE = 'com.brokercrm.desktop';
/** electron-builder.yml appId: Windows shows notifications only for the AUMID of the Start menu shortcut. */
const APP_USER_MODEL_ID = 'com.brokercrm.desktop';

const devRendererUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const rendererUrl = devRendererUrl ?? pathToFileURL(rendererFile).href;

let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
const lifecycle = createWindowLifecycle();

function secureSession(): void {
  const csp = contentSecurityPolicy(null, { dev: devRendererUrl !== undefined });
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // Camera, microphone, geolocation and the like are never needed; copying text to the clipboard is.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write');
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event) => {
      if (!isAllowedNavigation(event.url, rendererUrl)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) =>
      windowOpenDecision(url, (target) =>
        shell
          .openExternal(target)
          .catch((error: unknown) => consoleLog(`openExternal failed: ${String(error)}`)),
      ),
    );
  });
}

function createMainWindow(services: ReturnType<typeof createMainServices>): BrowserWindow {
  const saved = services.settings.get().windowBounds;
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = saved && isOnSomeDisplay(saved, workAreas) ? saved : null;
  const window = new BrowserWindow(createWindowOptions({ preloadPath, bounds }));
  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    services.settings.setWindowBounds(window.getNormalBounds());
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

function startAutoUpdate(): void {
  if (!app.isPackaged) return;
  const { autoUpdater } = electronUpdater;
  // IT's update server; without CRM_UPDATE_URL the feed baked in by electron-builder.yml (publish) is used.
  const feed = process.env.CRM_UPDATE_URL;
  if (feed) autoUpdater.setFeedURL({ provider: 'generic', url: feed });
  autoUpdater
    .checkForUpdatesAndNotify()
    .catch((error: unknown) => consoleLog(`Update check failed: ${String(error)}`));
}

/** The tray icon with its tooltip and menu from the tray model; null where the desktop has no tray. */
function createTray(
  services: ReturnType<typeof createMainServices>,
  perform: (action: TrayAction) => void,
): Tray | null {
  let created: Tray;
  try {
    created = new Tray(nativeImage.createFromPath(trayIconPath));
  } catch (error) {
    consoleLog(`No tray icon: ${String(error)}`);
    return null;
  }
  const render = (): void => {
    const model = trayModel(services.desktop.tray.current(), new Date());
    created.setToolTip(model.tooltip);
    if (process.platform === 'darwin') created.setTitle(model.title);
    created.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model, perform)));
  };
  services.desktop.tray.subscribe(render);
  render();
  created.on('click', () => {
    const window = mainWindow;
    const visible = window ? { visible: window.isVisible(), minimized: window.isMinimized() } : null;
    if (trayClickDecision(visible) === 'hide') window?.hide();
    else perform({ type: 'show' });
  });
  return created;
}

async function ready(): Promise<void> {
  secureSession();
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  const keytar = await loadKeytar();
  if (keytar.reason) consoleLog(keytar.reason);

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
  const services = createMainServices({
    store: new Store({ name: 'settings' }),
    keytar: keytar.keytar,
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
    downloadsDirectory: () => app.getPath('downloads'),
    notifier: electronNotifier(consoleLog),
    globalShortcut,
    focusWindow: () => focusWindow(),
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
    services.dispose();
    tray?.destroy();
    tray = null;
  });
  // Linux and macOS shutdown or log-off.
  powerMonitor.on('shutdown', quit);

  // Started now, not awaited: the window shows at once and calls wait for the server inside apiBase().
  void services.server.resume();
  mainWindow = createMainWindow(services);
  tray = createTray(services, (action) => {
    if (action.type === 'quit') return quit();
    focusWindow();
    if (action.type === 'openLead') emit('openLead', { leadId: action.leadId });
  });
  startAutoUpdate();

  // macOS dock icon: the hidden window comes back.
  app.on('activate', focusWindow);
}

// The product is Turkish whatever the machine's language: date and time inputs, spell checking and
// Chromium's own menus follow this, not the page's lang attribute.
app.commandLine.appendSwitch('lang', 'tr-TR');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(ready)
    .catch((error: unknown) => {
      consoleLog(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      app.quit();
    });
}
