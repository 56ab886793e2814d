import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from '../../scripts/lib/electron-binary';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** How to start the app: a packaged executable, or the Electron binary with this folder (after a build). */
export interface AppLaunch {
  executablePath: string;
  args: string[];
  packaged: boolean;
}

const PACKAGED = [
  'release/linux-unpacked/crm-desktop',
  'release/win-unpacked/Aracı Kurum CRM.exe',
  'release/mac/Aracı Kurum CRM.app/Contents/MacOS/Aracı Kurum CRM',
  'release/mac-arm64/Aracı Kurum CRM.app/Contents/MacOS/Aracı Kurum CRM',
];

/**
 * CRM_ELECTRON_APP names a built executable; else `npm run dist -- --dir` output; else Electron's binary
 * (present only where its postinstall could download it, or ELECTRON_OVERRIDE_DIST_PATH) with out/main
 * from `npm run build`.
 */
export function findApp(): AppLaunch | null {
  const given = process.env.CRM_ELECTRON_APP;
  if (given) return existsSync(given) ? { executablePath: given, args: [], packaged: true } : null;
  for (const relative of PACKAGED) {
    const path = join(root, relative);
    if (existsSync(path)) return { executablePath: path, args: [], packaged: true };
  }
  if (!existsSync(join(root, 'out/main/index.js'))) return null;
  const binary = findElectronBinary(root, process.env);
  return binary.found ? { executablePath: binary.path, args: [root], packaged: false } : null;
}

export const NO_APP_MESSAGE =
  'Skipped: no Electron binary here (ELECTRON_SKIP_BINARY_DOWNLOAD, no network to github.com). ' +
  'Build the app with `npm run dist -- --dir` where Electron can be downloaded, or set CRM_ELECTRON_APP.';
