import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

// Two bridges drive the same renderer: `web` (the browser talking HTTP to the CRM server) and `desktop`
// (IPC to the main process's services, as in the installed app). Specs read `testInfo.project.name`.
const chromium = { browserName: 'chromium' as const };

/**
 * The specs that also run on the desktop bridge: those where the bridges differ (login and token
 * storage, realtime pushes and native notifications, deep links, file dialogs, saving exports and
 * PDFs, the importer's file thread, updates) and one of every kind of call. The others test screens
 * and server rules over calls that cross either bridge the same generic way, so they run once, on web
 * (the screenshots of README.md and docs/user-guide.md#screens come from there); `E2E_ALL_BRIDGES=1`
 * runs every spec on both.
 */
const DESKTOP_SPECS = [
  'foundation',
  'shell',
  'list-screen',
  'lead-detail',
  'calls',
  'deep-links',
  'dates-and-screens',
  'desktop-updates',
  'importer',
  'report-monthly',
  'report-builder',
  'work-bids',
  'work-tasks',
  // A day's chat notices and the connection banner (docs/user-guide.md#notifications, #connection).
  'days/chat',
  'days/connection',
  'spec-client',
].map((name) => `${name}.spec.ts`);
/**
 * Specs of the desktop bridge alone: the client in front of a spec-only server (spec-client) sets the
 * desktop app's CRM address, which the web edition does not have (it talks to the server it came from).
 */
const DESKTOP_ONLY_SPECS = ['spec-client'].map((name) => `${name}.spec.ts`);
const allBridges = process.env.E2E_ALL_BRIDGES === '1';

export default defineConfig({
  testDir: here('.'),
  outputDir: here('./results'),
  globalSetup: here('./global-setup.ts'),
  workers: 1,
  fullyParallel: false,
  // CI retries a failed test once and Playwright reports it as flaky (still a failure when it fails
  // twice): a safety net for a loaded machine, not a cover for a known flake (docs/development.md#tests).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'web', use: chromium, testIgnore: DESKTOP_ONLY_SPECS },
    { name: 'desktop', use: chromium, ...(allBridges ? {} : { testMatch: DESKTOP_SPECS }) },
  ],
});
