import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

// The installed app itself, through Playwright's Electron driver (`npm run test:electron`). Not part of
// `npm test`: where no Electron binary exists (CI without network, these machines) every test skips.
export default defineConfig({
  testDir: here('.'),
  outputDir: here('./results'),
  workers: 1,
  retries: 0,
  timeout: 90_000,
  reporter: [['list']],
});
