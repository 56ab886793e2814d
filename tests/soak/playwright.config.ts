import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/**
 * `npm run soak`: an agent's shift in the web edition (shift.soak.ts), against the same server the e2e
 * run starts (its global setup: E2E_PORT, demo data). Not part of `npm test`: it runs for an hour.
 */
export default defineConfig({
  testDir: here('.'),
  testMatch: '*.soak.ts',
  outputDir: here('./results'),
  globalSetup: here('../e2e/global-setup.ts'),
  workers: 1,
  timeout: 4 * 60 * 60 * 1000,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: { width: 1440, height: 900 },
  },
  projects: [{ name: 'web', use: { browserName: 'chromium' } }],
});
