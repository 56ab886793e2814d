import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { found: true; path: string } | { found: false; looked: string };

/**
 * Finds Electron's binary the way `electron/index.js` does, without requiring that module: requiring it
 * tries to download a missing binary, which fails (or hangs) on machines that cannot reach its host.
 */
export function findElectronBinary(root: string, env: NodeJS.ProcessEnv): ElectronBinary {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  const binary = override
    ? join(override, relative || 'electron')
    : relative
      ? join(packageDir, 'dist', relative)
      : undefined;
  if (binary === undefined) return { found: false, looked: pathFile };
  return existsSync(binary) ? { found: true, path: binary } : { found: false, looked: binary };
}
