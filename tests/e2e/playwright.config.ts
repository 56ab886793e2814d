import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

// Each spec runs once per bridge: `web` (browser talking HTTP to the CRM server) and `desktop`
// (the same renderer driven through the desktop bridge). Specs read `testInfo.project.name`.
const chromium = { browserName: 'chromium' as const };

export default defineConfig({
  testDir: here('.'),
  outputDir: here('./results'),
  globalSetup: here('./global-setup.ts'),
  workers: 1,
  fullyParallel: false,
  retries: 0,
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
    { name: 'web', use: chromium },
    { name: 'desktop', use: chromium },
  ],
});
