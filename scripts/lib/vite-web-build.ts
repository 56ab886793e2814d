import { join } from 'node:path';

/** The same build as `npm run build:web`, through Vite's API; prints errors only (build:web shows warnings). */
export async function buildWebEdition(root: string): Promise<void> {
  // Loaded on demand: a start with a current build never needs Vite.
  const { build } = await import('vite');
  await build({ configFile: join(root, 'src/renderer/vite.web.config.ts'), logLevel: 'error' });
}
