import { fileURLToPath } from 'node:url';
import { npmRunner } from './lib/stage-runner';

// `npm run screenshots [-- playwright args]`: the e2e suite, writing its screenshots into
// tests/e2e/screenshots (the images README.md and docs/user-guide.md#screens show) instead of the ignored results folder a test run uses.
const screenshotDir = fileURLToPath(new URL('../tests/e2e/screenshots', import.meta.url));
const extra = process.argv.slice(2);
const run = npmRunner(process.env, process.platform);
const { code } = await run(
  ['run', 'test:e2e', ...(extra.length > 0 ? ['--', ...extra] : [])],
  { E2E_SCREENSHOT_DIR: screenshotDir },
  false,
);
process.exit(code);
