import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { createMainServices, type MainServices } from '../../../src/main/create-main-services';
import { createThreadParser, type ParseImportFileAt } from '../../../src/main/import-file-pick';
import { createMemoryStore } from '../../../src/main/key-value-store';
import type { NativeNotification } from '../../../src/main/reminder-notifier';
import { eventChannel } from '../../../src/shared/ipc-channels';

export type BridgeKind = 'web' | 'desktop';

let preloadScript: Promise<string> | null = null;

const savedFiles: string[] = [];
/** Where the desktop bridge's save dialog last put a file (the main process writes it there). */
export function lastSavedFile(): string | undefined {
  return savedFiles[savedFiles.length - 1];
}

const shownNotifications: NativeNotification[] = [];
/**
 * What the desktop bridge's main process showed as native notifications (Electron's Notification in the
 * app), oldest first; `onClick()` plays the user clicking one.
 */
export function nativeNotifications(): readonly NativeNotification[] {
  return [...shownNotifications];
}

const filesToOpen: string[] = [];
/**
 * The file the desktop bridge's open dialog answers next (the importer's "Gözat"), as if the user chose
 * it there; with none queued the dialog is closed without a choice.
 */
export function chooseInOpenDialog(path: string): void {
  filesToOpen.push(path);
}

let importParser: Promise<ParseImportFileAt> | null = null;

/** The main process's import parse thread, bundled once as electron-vite builds it for the app. */
function importParseThread(): Promise<ParseImportFileAt> {
  importParser ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'crm-e2e-import-')), 'import-parse-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../../../src/main/import-parse-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      // xlsx is CommonJS; its bundled require() needs one in an ES module (under a name of its own:
      // fflate's ES module imports createRequire itself).
      banner: {
        js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    return createThreadParser(outfile);
  })();
  return importParser;
}

/** Bundles the real preload bridge factory once, as electron-vite bundles the preload. */
function desktopPreloadScript(): Promise<string> {
  preloadScript ??= build({
    entryPoints: [fileURLToPath(new URL('./desktop-preload-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return preloadScript;
}

export function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8181';
}

/**
 * The desktop edition without an Electron binary: the real main-process services (router, session
 * manager, vault with a memory store) run in this test process, and the page reaches the router through
 * a Playwright binding exactly where the preload would use ipcRenderer.invoke.
 */
async function installDesktopBridge(page: Page, origin: string): Promise<MainServices> {
  filesToOpen.length = 0;
  const parseImportFile = await importParseThread();
  const services = createMainServices({
    store: createMemoryStore(),
    keytar: null,
    safeStorage: null,
    fetch: (url, init) => fetch(url, init),
    emit: (event, payload) => {
      void page
        .evaluate(([channel, data]) => window.__crmIpcDispatch(channel, data), [
          eventChannel(event),
          payload,
        ] as const)
        .catch(() => undefined);
    },
    isTrustedFrameUrl: (url) => url === origin || url.startsWith(`${origin}/`),
    embedded: null,
    // Electron's save dialog, answered as a person would: the suggested name in a fresh folder.
    showSaveDialog: async (options) => {
      const filePath = join(mkdtempSync(join(tmpdir(), 'crm-e2e-export-')), basename(options.defaultPath));
      savedFiles.push(filePath);
      return { canceled: false, filePath };
    },
    // Electron's open dialog: the file the test chose (chooseInOpenDialog), else closed.
    showOpenDialog: async () => {
      const path = filesToOpen.shift();
      return path === undefined ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] };
    },
    parseImportFile,
    keychainService: 'crm-e2e',
    // Electron's Notification, recorded instead of shown; the socket is the real socket.io client.
    notifier: { show: (notification) => shownNotifications.push(notification) },
    log: () => undefined,
  });
  // The installed app is configured with the company CRM address on its first-run screen.
  services.settings.setServer('remote', `${origin}/api`);
  await page.exposeBinding('__crmIpcInvoke', (source, channel: string, payload: unknown) =>
    services.router.handle(channel, payload, {
      frameUrl: source.frame.url(),
      isMainFrame: source.frame === source.page.mainFrame(),
    }),
  );
  await page.addInitScript({ content: await desktopPreloadScript() });
  return services;
}

/** Which bridge this project drives: `web` (HTTP from the page) or `desktop` (IPC to the router). */
export function bridgeOf(projectName: string): BridgeKind {
  return projectName === 'desktop' ? 'desktop' : 'web';
}

export type ConsoleFixtures = {
  /**
   * The CRM address the desktop bridge is configured with and the pages load from; null: the e2e server.
   * A spec sets it with `test.use` to put the client in front of another server (spec-stand-in.ts).
   */
  desktopOrigin: string | null;
  /**
   * Allows console output the test provokes on purpose and the app cannot silence: Chromium itself logs
   * every failed request ("Failed to load resource: ..."), for a refused upload or a record that is not
   * there as much as for a blocked script. Match the whole reported line, URL included, as narrowly as
   * the test allows.
   */
  allowConsoleMessage: (pattern: RegExp) => void;
};

/**
 * Records every console warning and error and every uncaught page error while a test runs (no console
 * warnings on any screen, see docs/development.md#tests). They fail the test at its end, each with where
 * it came from.
 */
function watchConsole(page: Page, allowed: readonly RegExp[]): () => string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'warning' && type !== 'error' && type !== 'assert') return;
    const { url, lineNumber } = message.location();
    problems.push(`console.${type}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return () => problems.filter((line) => !allowed.some((pattern) => pattern.test(line)));
}

const allowedConsole = new WeakMap<Page, RegExp[]>();

export const test = base.extend<ConsoleFixtures>({
  desktopOrigin: [null, { option: true }],
  allowConsoleMessage: async ({ page }, use) => {
    await use((pattern) => allowedConsole.get(page)?.push(pattern));
  },
  page: async ({ page, desktopOrigin }, use, testInfo) => {
    const allowed: RegExp[] = [];
    allowedConsole.set(page, allowed);
    const consoleProblems = watchConsole(page, allowed);
    if (bridgeOf(testInfo.project.name) !== 'desktop') {
      await use(page);
    } else {
      shownNotifications.length = 0;
      const services = await installDesktopBridge(page, desktopOrigin ?? baseUrl());
      try {
        await use(page);
      } finally {
        // The socket and timers of this page's main process end with the test.
        services.dispose();
      }
    }
    expect(consoleProblems(), 'console warnings and errors on the page').toEqual([]);
  },
});

export { expect } from '@playwright/test';
