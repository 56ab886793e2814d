import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserOpenCommand, isOnPath, runOpenCommand } from './lib/browser-opener';
import { hasDisplay } from './lib/display';
import { findElectronBinary } from './lib/electron-binary';
import { isPortFree, waitForHealth } from './lib/server-health';
import { runStart, type ServerProcess } from './lib/start-app';
import { startMessages } from './lib/start-messages';
import { buildWebEdition } from './lib/vite-web-build';
import { ensureWebBuild, WEB_OUT_DIR } from './lib/web-build';

// `npm start`: wires runStart to real processes. Arguments: --web starts the browser edition anyway.
const root = fileURLToPath(new URL('..', import.meta.url));
/** The first start seeds 5,000 demo leads, which takes a minute or two on a slow machine. */
const HEALTH_TIMEOUT_MS = 300_000;

let current: ChildProcess | undefined;

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  current = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  return current;
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code ?? 1));
  });
}

function startServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = run(['--import', 'tsx', join(root, 'src/server/cli/serve.ts')], env);
  return {
    exitCode: () => child.exitCode ?? (child.signalCode ? 1 : null),
    exited: exitCodeOf(child),
    stop: () => child.kill('SIGTERM'),
  };
}

// Ctrl+C reaches the child too (same process group); SIGTERM from a supervisor is passed on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => current?.kill(signal));
}

const code = await runStart({
  args: process.argv.slice(2),
  env: process.env,
  findElectron: () => findElectronBinary(root, process.env),
  hasDisplay: () => hasDisplay(process.platform, process.env),
  runDesktop: () =>
    exitCodeOf(run([join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'preview'], process.env)),
  ensureWebBuild: () =>
    ensureWebBuild(root, join(root, WEB_OUT_DIR), async () => {
      process.stdout.write(`${startMessages.webBuilding}\n`);
      await buildWebEdition(root);
    }),
  webOutDir: WEB_OUT_DIR,
  isPortFree,
  startServer,
  waitForHealth: (url, exitCode) => waitForHealth(url, exitCode, HEALTH_TIMEOUT_MS),
  openCommand: (url) =>
    browserOpenCommand(url, process.platform, process.env, (command) =>
      isOnPath(command, process.env, process.platform),
    ),
  open: runOpenCommand,
  print: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
