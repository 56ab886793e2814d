import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webConfig from '../../../src/renderer/vite.web.config';
import {
  ensureWebBuild,
  hashWebSources,
  webBuildStampPath,
  WEB_OUT_DIR,
} from '../../../scripts/lib/web-build';

let root: string;
let outDir: string;

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What Vite does: empties the folder, writes the page. */
function fakeBuild(): () => Promise<void> {
  return vi.fn(async () => {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'crm-web-build-'));
  outDir = join(root, 'out', 'web');
  write('src/renderer/src/main.tsx', 'render()');
  write('src/shared/contract/index.ts', 'export {}');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('hashWebSources', () => {
  it('changes with a renderer or shared file, a new file or the lock, not with other code', () => {
    const first = hashWebSources(root);
    expect(hashWebSources(root)).toBe(first);

    write('src/server/app.ts', 'server code');
    expect(hashWebSources(root)).toBe(first);

    write('src/renderer/src/main.tsx', 'render(2)');
    const second = hashWebSources(root);
    expect(second).not.toBe(first);

    write('src/shared/contract/extra.ts', 'export {}');
    const third = hashWebSources(root);
    expect(third).not.toBe(second);

    write('package-lock.json', '{"lockfileVersion":3}');
    expect(hashWebSources(root)).not.toBe(third);
  });
});

describe('ensureWebBuild', () => {
  it('builds once, then not again until a source changes', async () => {
    const build = fakeBuild();
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
    expect(await ensureWebBuild(root, outDir, build)).toBe('current');
    expect(build).toHaveBeenCalledTimes(1);

    write('src/renderer/src/screen.tsx', 'new screen');
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('builds again after a build by other means, or when the page is gone', async () => {
    const build = fakeBuild();
    await ensureWebBuild(root, outDir, build);
    // `npm run build:web` from other sources writes another page (its asset names carry content hashes)
    writeFileSync(join(outDir, 'index.html'), '<!doctype html><script src="/assets/index-other.js">');
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
    rmSync(join(outDir, 'index.html'));
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
    rmSync(webBuildStampPath(outDir));
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('keeps its stamp outside the folder the server serves', async () => {
    await ensureWebBuild(root, outDir, fakeBuild());
    expect(webBuildStampPath(outDir)).toBe(join(root, 'out', 'web.stamp.json'));
    expect(readdirSync(outDir)).toEqual(['index.html']);
  });

  it('leaves no stamp when the build fails, so the next start builds again', async () => {
    const failing = vi.fn(async () => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), 'half');
      throw new Error('syntax error');
    });
    await expect(ensureWebBuild(root, outDir, failing)).rejects.toThrow('syntax error');
    const build = fakeBuild();
    expect(await ensureWebBuild(root, outDir, build)).toBe('built');
  });
});

it('WEB_OUT_DIR is where the web build config writes', () => {
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  expect(webConfig.build?.outDir).toBe(resolve(repoRoot, WEB_OUT_DIR));
});
