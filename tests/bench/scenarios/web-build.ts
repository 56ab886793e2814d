import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface WebBuild {
  root: string;
  buildMs: number | null;
  dispose(): void;
}

/**
 * The web edition to serve. BENCH_WEB_ROOT reuses an existing build (e.g. out/web); otherwise the
 * renderer is built with the web config into a private temporary folder, so the bench never empties the
 * out/web another engineer's e2e run may be serving.
 */
export async function prepareWebBuild(log: (line: string) => void): Promise<WebBuild> {
  const given = process.env.BENCH_WEB_ROOT?.trim();
  if (given) {
    const root = resolve(given);
    if (!existsSync(join(root, 'index.html'))) throw new Error(`BENCH_WEB_ROOT has no index.html: ${root}`);
    return { root, buildMs: null, dispose: () => undefined };
  }
  const root = mkdtempSync(join(tmpdir(), 'crm-bench-web-'));
  log('  web sürümü derleniyor (vite build)...');
  const t0 = performance.now();
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const args = [
    vite,
    'build',
    '--config',
    'src/renderer/vite.web.config.ts',
    '--outDir',
    root,
    '--logLevel',
    'warn',
  ];
  const output: string[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', fail);
    child.once('exit', done);
  });
  const dispose = (): void => rmSync(root, { recursive: true, force: true });
  if (code !== 0 || !existsSync(join(root, 'index.html'))) {
    dispose();
    throw new Error(`vite build failed (${code}): ${output.join('').slice(-600)}`);
  }
  return { root, buildMs: performance.now() - t0, dispose };
}
