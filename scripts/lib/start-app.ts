import type { OpenCommand } from './browser-opener';
import type { ElectronBinary } from './electron-binary';
import { startMessages } from './start-messages';

export type Edition = { kind: 'desktop' } | { kind: 'web'; why: string };

/** The desktop app where Electron's binary and a display are there; the browser edition otherwise. */
export function chooseEdition(args: readonly string[], binary: ElectronBinary, display: boolean): Edition {
  if (args.includes('--web')) return { kind: 'web', why: startMessages.webRequested };
  if (!binary.found) return { kind: 'web', why: startMessages.electronMissing(binary.looked) };
  if (!display) return { kind: 'web', why: startMessages.noDisplay };
  return { kind: 'desktop' };
}

export interface ServerProcess {
  /** The exit code once the process has ended, else null. */
  exitCode(): number | null;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number>;
  stop(): void;
}

export interface StartDeps {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  findElectron(): ElectronBinary;
  hasDisplay(): boolean;
  /** Runs the desktop app (electron-vite preview) to its end; resolves with its exit code. */
  runDesktop(): Promise<number>;
  /** Builds the web edition when its sources changed. */
  ensureWebBuild(): Promise<'built' | 'current'>;
  webOutDir: string;
  isPortFree(port: number, host: string): Promise<boolean>;
  startServer(env: NodeJS.ProcessEnv): ServerProcess;
  waitForHealth(url: string, exitCode: () => number | null): Promise<void>;
  openCommand(url: string): OpenCommand | null;
  open(command: OpenCommand): void;
  print(line: string): void;
}

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';

function parsePort(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 1 && port <= 65_535 ? port : null;
}

/** A wildcard listen address is not one a browser can open; loopback is. */
function browserHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * `npm start`: the desktop app, or, where it cannot run, the browser edition in one step (build when
 * changed, embedded server with demo data, URL printed and opened). Resolves with the exit code.
 */
export async function runStart(deps: StartDeps): Promise<number> {
  const edition = chooseEdition(deps.args, deps.findElectron(), deps.hasDisplay());
  if (edition.kind === 'desktop') return deps.runDesktop();
  deps.print(edition.why);

  const port = parsePort(deps.env.PORT);
  if (port === null) {
    deps.print(startMessages.invalidPort(deps.env.PORT ?? ''));
    return 1;
  }
  const host = deps.env.HOST?.trim() || DEFAULT_HOST;
  // Checked first: a second server on the same data folder must never start, and a clear line beats
  // EADDRINUSE after a minute of building.
  if (!(await deps.isPortFree(port, host))) {
    deps.print(startMessages.portTaken(port));
    return 1;
  }

  const build = await deps.ensureWebBuild();
  deps.print(
    build === 'built' ? startMessages.webBuilt(deps.webOutDir) : startMessages.webCurrent(deps.webOutDir),
  );

  deps.print(startMessages.serverStarting);
  const server = deps.startServer({ ...deps.env, PORT: String(port), HOST: host });
  const url = `http://${browserHost(host)}:${port}`;
  try {
    await deps.waitForHealth(`${url}/api/health`, () => server.exitCode());
  } catch (error) {
    deps.print(startMessages.serverFailed(error instanceof Error ? error.message : String(error)));
    server.stop();
    const code = await server.exited;
    return code === 0 ? 1 : code;
  }
  deps.print(startMessages.ready(url));
  const open = deps.openCommand(url);
  if (open) {
    deps.open(open);
    deps.print(startMessages.opening);
  } else {
    deps.print(startMessages.noBrowser(url));
  }
  return server.exited;
}
