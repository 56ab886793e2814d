import { randomBytes } from 'node:crypto';
import { embeddedServerMessageSchema } from '../shared/ipc-channels';
import { consoleLog, type Log } from './log';

/**
 * The child process running the embedded CRM server. Electron's UtilityProcess and Node's ChildProcess
 * both fit (through a small adapter for the differing `exit` arguments).
 */
export interface EmbeddedChild {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
  kill(): unknown;
}

export type ForkEmbedded = (entryPath: string, env: Record<string, string>) => EmbeddedChild;

export interface EmbeddedServerLauncherOptions {
  fork: ForkEmbedded;
  /** The built src/server/cli/embedded.ts. */
  entryPath: string;
  /** Where PGlite keeps the embedded database. */
  dataDir: string;
  /** The first start creates the database and seeds demo data, which takes a while. */
  timeoutMs?: number;
  log?: Log;
  /** The launch's secret (tests); default 32 random bytes. */
  secret?: string;
}

/** The header every request to the embedded server carries (the server's http/embedded-secret.ts). */
export const EMBEDDED_SECRET_HEADER = 'x-crm-embedded-secret';

export interface EmbeddedServerLauncher {
  /** Starts the server once (later calls share the same start) and answers its API base. */
  start(): Promise<string>;
  /** The API base while the server is up, else null. */
  apiBase(): string | null;
  /** Whether a start is under way or done, so callers can wait for it instead of failing. */
  running(): Promise<string> | null;
  stop(): void;
  /** The headers a request to `url` needs: the launch's secret when it goes to the embedded server. */
  headersFor(url: string): Record<string, string>;
  /** The demo accounts' password made at the database's first start; answered once, then forgotten. */
  takeFirstPassword(): string | null;
}

export const EMBEDDED_START_TIMEOUT_MS = 60_000;

/**
 * The main process never imports server code (one runtime per file, and a crash in the server must not
 * take the window down): it forks the server entry and waits for its one `ready` or `error` message.
 */
export function createEmbeddedServerLauncher(options: EmbeddedServerLauncherOptions): EmbeddedServerLauncher {
  const { fork, entryPath, dataDir } = options;
  const timeoutMs = options.timeoutMs ?? EMBEDDED_START_TIMEOUT_MS;
  const log = options.log ?? consoleLog;

  let child: EmbeddedChild | null = null;
  let starting: Promise<string> | null = null;
  let readyBase: string | null = null;
  let firstPassword: string | null = null;
  // One secret per launch of the app: only this process and the server it forks know it.
  const secret = options.secret ?? randomBytes(32).toString('base64url');

  const killChild = (): void => {
    const running = child;
    child = null;
    readyBase = null;
    if (running) running.kill();
  };

  const stop = (): void => {
    starting = null;
    killChild();
  };

  const start = (): Promise<string> => {
    if (starting) return starting;
    const attempt = new Promise<string>((resolve, reject) => {
      let settled = false;
      const fail = (reason: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        log(`Embedded server did not start: ${reason}`);
        killChild();
        reject(new Error(reason));
      };
      const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);

      let spawned: EmbeddedChild;
      try {
        spawned = fork(entryPath, { CRM_DATA_DIR: dataDir, CRM_EMBEDDED: '1', CRM_EMBEDDED_SECRET: secret });
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
        return;
      }
      child = spawned;

      spawned.on('message', (message) => {
        const parsed = embeddedServerMessageSchema.safeParse(message);
        if (!parsed.success || settled || child !== spawned) return;
        if (parsed.data.type === 'error') {
          fail(parsed.data.message);
          return;
        }
        settled = true;
        clearTimeout(timer);
        readyBase = parsed.data.apiBase.replace(/\/+$/, '');
        firstPassword = parsed.data.firstPassword ?? null;
        resolve(readyBase);
      });

      spawned.on('exit', (code) => {
        if (child !== spawned) return;
        if (!settled) {
          fail(`exited with code ${String(code)} before it was ready`);
          return;
        }
        // A crash after start: forget it so the next start() forks a fresh one.
        log(`Embedded server exited with code ${String(code)}`);
        child = null;
        starting = null;
        readyBase = null;
      });
    });
    starting = attempt;
    // A failed start is not cached: the next start() (e.g. the user retries) forks again.
    attempt.catch(() => {
      if (starting === attempt) starting = null;
    });
    return attempt;
  };

  const originOf = (url: string): string | null => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };

  return {
    start,
    apiBase: () => readyBase,
    running: () => starting,
    stop,
    headersFor(url): Record<string, string> {
      const origin = readyBase === null ? null : originOf(readyBase);
      if (origin === null || originOf(url) !== origin) return {};
      return { [EMBEDDED_SECRET_HEADER]: secret };
    },
    takeFirstPassword() {
      const password = firstPassword;
      firstPassword = null;
      return password;
    },
  };
}
