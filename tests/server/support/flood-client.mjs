import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

/**
 * A client on its own thread (own event loop), as a separate program would be: it opens `calls` list
 * calls at once and tells which status or error each ended with. Plain JavaScript, so a worker thread
 * runs it without a TypeScript loader.
 */
const { base, token, calls } = workerData;
const agent = new Agent({ connections: null });
const outcomes = {};
await Promise.all(
  Array.from({ length: calls }, async (_, index) => {
    let outcome;
    try {
      const response = await request(`${base}/api/table/leads`, {
        dispatcher: agent,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1 + (index % 5), limit: 50, filters: [] }),
      });
      const text = await response.body.text();
      outcome = String(response.statusCode);
      if (response.statusCode === 503 && !('retry-after' in response.headers))
        outcome = '503 without Retry-After';
      if (response.statusCode === 503 && !text.includes('yoğun')) outcome = '503 without its text';
    } catch (error) {
      outcome = error?.code ?? String(error);
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }),
);
await agent.close();
parentPort.postMessage(outcomes);
