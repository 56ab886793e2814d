import type { AddressInfo } from 'node:net';
import { buildServer } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/database';

/**
 * The CRM server of the load bench in a process of its own, so the simulated agents do not share its
 * event loop (the machine has two cores for server, PostgreSQL and the agents alike). Opens the bench
 * database, listens on a free loopback port, reports it to the bench and then its RSS every 500 ms, and
 * its live heap after a full collection when the bench asks ('heap').
 */
const url = process.env.LOAD_DATABASE_URL;
if (!url) throw new Error('LOAD_DATABASE_URL is not set');
if (!process.send) throw new Error('load-server.ts runs as a child process of the bench');
const report = process.send.bind(process);

const database = await openDatabase({ url, migrate: false });
const app = await buildServer({ database, logger: false, webRoot: '/nonexistent-web-root' });
await app.listen({ port: 0, host: '127.0.0.1' });
report({ type: 'ready', port: (app.server.address() as AddressInfo).port });
const sampler = setInterval(() => report({ type: 'rss', rss: process.memoryUsage().rss }), 500);

process.on('message', (message: unknown) => {
  if (message === 'heap') {
    // Forked with --expose-gc: two full collections, then what is still reachable.
    global.gc?.();
    global.gc?.();
    report({ type: 'heap', heapUsed: process.memoryUsage().heapUsed });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(sampler);
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
