import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface RssSample {
  /** performance.now() of the bench process when the sample arrived */
  at: number;
  rss: number;
}

export interface LoadServer {
  url: string;
  /** RSS samples of the server process (every 500 ms), to be cut into phases by `at`. */
  samples: RssSample[];
  /**
   * The server's live JavaScript heap in bytes right after a full garbage collection: unlike RSS (which
   * a process seldom gives back), it grows across a soak only if something is kept that should not be.
   */
  liveHeap(): Promise<number>;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./load-server.ts', import.meta.url));

type ServerMessage =
  { type: 'ready'; port: number } | { type: 'rss'; rss: number } | { type: 'heap'; heapUsed: number };

function isServerMessage(value: unknown): value is ServerMessage {
  return typeof value === 'object' && value !== null && 'type' in value;
}

/** Starts the CRM server on `databaseUrl` in a child process (tsx) and waits until it listens. */
export async function startLoadServer(databaseUrl: string): Promise<LoadServer> {
  const child: ChildProcess = fork(ENTRY, [], {
    // BENCH_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (where
    // its time goes under load; open it in Chrome's DevTools)
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_SERVER_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, LOAD_DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples: RssSample[] = [];
  const heapWaiters: ((heapUsed: number) => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
    child.on('message', (message: unknown) => {
      if (!isServerMessage(message)) return;
      if (message.type === 'ready') resolve(message.port);
      else if (message.type === 'heap') heapWaiters.shift()?.(message.heapUsed);
      else samples.push({ at: performance.now(), rss: message.rss });
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    samples,
    liveHeap: () =>
      new Promise<number>((resolve) => {
        heapWaiters.push(resolve);
        child.send('heap');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.send('stop');
        // A server that does not close within 10 s is ended.
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
