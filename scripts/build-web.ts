import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMessages } from './lib/start-messages';
import { buildWebEdition } from './lib/vite-web-build';
import { ensureWebBuild, WEB_OUT_DIR } from './lib/web-build';

// `npm run serve` runs this first: builds the web edition only when its sources changed.
const root = fileURLToPath(new URL('..', import.meta.url));

const result = await ensureWebBuild(root, join(root, WEB_OUT_DIR), async () => {
  process.stdout.write(`${startMessages.webBuilding}\n`);
  await buildWebEdition(root);
});
process.stdout.write(
  `${result === 'built' ? startMessages.webBuilt(WEB_OUT_DIR) : startMessages.webCurrent(WEB_OUT_DIR)}\n`,
);
