import { Worker } from 'node:worker_threads';

/**
 * `calls` list calls at once from a client on another thread (a client in this thread would wait for
 * the server's every query, PGlite running here). Answers each outcome's count: a status or an error code.
 */
export function floodFromAnotherThread(
  base: string,
  sessionToken: string,
  calls: number,
): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./flood-client.mjs', import.meta.url), {
      workerData: { base, token: sessionToken, calls },
    });
    worker.once('message', (outcomes: Record<string, number>) => resolve(outcomes));
    worker.once('error', reject);
  });
}
