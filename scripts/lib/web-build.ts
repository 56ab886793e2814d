import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What the web build reads: the renderer, the shared code it imports, and the dependency versions. */
export const WEB_BUILD_INPUTS = [
  'src/renderer',
  'src/shared',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.web.json',
] as const;

/**
 * The stamp sits beside the build folder (out/web.stamp.json), not in it, so the server never serves it.
 * It records the sources' hash and the page the build made: a build by other means (npm run build:web)
 * makes another page, so the stamp no longer matches it.
 */
export function webBuildStampPath(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}.stamp.json`;
}

interface WebBuildStamp {
  sources: string;
  page: string;
}

function pageHash(outDir: string): string | null {
  const page = join(outDir, 'index.html');
  return existsSync(page) ? createHash('sha256').update(readFileSync(page)).digest('hex') : null;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/**
 * A content hash of the web build's inputs (file names and bytes). Content, not modification times: a
 * fresh clone or checkout gives every file a new time without changing what the build makes of it.
 */
export function hashWebSources(root: string): string {
  const hash = createHash('sha256');
  for (const input of WEB_BUILD_INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The build in `outDir` was made by ensureWebBuild from sources with this hash, and is complete. */
export function isWebBuildCurrent(outDir: string, sourceHash: string): boolean {
  const page = pageHash(outDir);
  const stampPath = webBuildStampPath(outDir);
  if (page === null || !existsSync(stampPath)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as Partial<WebBuildStamp>;
    return stamp.sources === sourceHash && stamp.page === page;
  } catch {
    return false;
  }
}

export function writeWebBuildStamp(outDir: string, sourceHash: string): void {
  const stamp: WebBuildStamp = { sources: sourceHash, page: pageHash(outDir) ?? '' };
  writeFileSync(webBuildStampPath(outDir), `${JSON.stringify(stamp)}\n`);
}

/** Where `src/renderer/vite.web.config.ts` writes the web edition, and where the server looks for it. */
export const WEB_OUT_DIR = 'out/web';

/**
 * Builds the web edition only when its sources changed since the build in `outDir` was made, so a
 * start after an unchanged checkout takes seconds instead of a full Vite build.
 */
export async function ensureWebBuild(
  root: string,
  outDir: string,
  build: () => Promise<void>,
): Promise<'built' | 'current'> {
  // Hashed before building: a file saved during the build leaves a stamp that no longer matches.
  const sourceHash = hashWebSources(root);
  if (isWebBuildCurrent(outDir, sourceHash)) return 'current';
  await build();
  writeWebBuildStamp(outDir, sourceHash);
  return 'built';
}
