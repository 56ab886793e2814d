import type { EmbeddedServerMessage } from '../../shared/ipc-channels';
import { startServer } from '../start-server';

/**
 * Entry of the embedded CRM server that the desktop app forks (Electron utility process; Node's
 * child_process.fork in tests). It reports once to its parent: ready with the API base, or why not.
 * Settings come from the environment the launcher sets: CRM_DATA_DIR, and CRM_EMBEDDED_SECRET, the
 * launch's secret every request must carry.
 */

interface ParentPortLike {
  postMessage(message: unknown): void;
}

// Electron adds process.parentPort in a utility process; Node's fork gives process.send instead. Read it
// through a narrow type, so this file does not depend on Electron's type augmentation of `process`.
const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;

function tellParent(message: EmbeddedServerMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else if (process.send) process.send(message);
  else console.log(JSON.stringify(message));
}

async function main(): Promise<void> {
  const dataDir = process.env.CRM_DATA_DIR || undefined;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // Port 0: the OS picks a free port, so two users on one machine or a busy 8080 never collide.
    const secret = process.env.CRM_EMBEDDED_SECRET ?? '';
    if (secret.length < 32) throw new Error('CRM_EMBEDDED_SECRET is missing');
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, demo: true, embedded: { secret } });
  } catch (error) {
    tellParent({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
    return;
  }
  const password = server.setup.kind === 'demo-seeded' ? server.setup.password : undefined;
  // The one time the demo accounts' password is told: the first-run screen shows it.
  tellParent({
    type: 'ready',
    apiBase: `${server.url.replace(/\/+$/, '')}/api`,
    ...(password ? { firstPassword: password } : {}),
  });

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Close the database cleanly (PGlite writes its files on close), then leave.
    server
      .close()
      .catch((error: unknown) => console.error('[crm-embedded] close failed', error))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Node fork: the parent went away (the IPC channel closed), so nobody can reach this server any more.
  process.on('disconnect', shutdown);
}

void main();
