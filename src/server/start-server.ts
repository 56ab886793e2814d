import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AdapterStatus } from './adapters/adapter-status';
import { buildServer } from './app';
import { prepareProductionDatabase, type FirstAdminEnv, type FirstAdminOutcome } from './bootstrap';
import { openDatabase, type DatabaseHandle } from './db/database';
import { LISTEN_BACKLOG } from './http/http-limits';
import { DEMO_ACCOUNTS } from './seed/reference-data';

export interface StartServerOptions {
  port: number;
  host: string;
  /** Data folder of the embedded database (PGlite lives in <dataDir>/pglite); omitted: in memory. */
  dataDir?: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Seed demo data when the database has no users yet (never touches a database that has users). */
  demo: boolean;
  /** Leads in the demo data set; default DEMO_LEADS or 5000. */
  demoLeads?: number;
  webRoot?: string;
  logger?: boolean;
  corsOrigins?: readonly string[];
  /** CRM_ADMIN_* for a production install; default process.env. */
  env?: FirstAdminEnv;
  /**
   * The embedded server of the desktop app: the demo accounts get a password made now instead of the
   * public demo one (answered once in `setup`), and every request must carry this launch's secret.
   */
  embedded?: { secret: string };
}

/** What happened to the database at this start, so callers can tell the person running it. */
export type StartupSetup =
  /** password: made for the demo accounts at this first start of an embedded server (shown once). */
  | { kind: 'demo-seeded'; password?: string }
  /** demoAccounts: the fixed demo accounts are present (a demo database from an earlier start). */
  | { kind: 'existing-data'; demoAccounts: boolean }
  | { kind: 'first-admin'; outcome: FirstAdminOutcome };

export interface RunningServer {
  /** Base URL of the server (the API is under /api). */
  url: string;
  setup: StartupSetup;
  /** Telephony and mail adapters in use, and how the PBX answered at start. */
  adapters: AdapterStatus;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  // A wildcard address is not something a client can connect to; loopback is.
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

async function prepareData(database: DatabaseHandle, options: StartServerOptions): Promise<StartupSetup> {
  const anyUser = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyUser && options.demo) {
    // Loaded only when needed: the generator and its name lists are not part of a production start.
    const { seedDemoData } = await import('./seed/demo-data');
    await seedDemoData(database.db, { leads: options.demoLeads ?? Number(process.env.DEMO_LEADS ?? 5000) });
    if (!options.embedded) return { kind: 'demo-seeded' };
    // Any local user could reach a loopback port: the public demo password must not open this one.
    return { kind: 'demo-seeded', password: await replaceDemoPasswords(database) };
  }
  if (anyUser) {
    const demoAccount = await database.db
      .selectFrom('users')
      .select('id')
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((account) => account.email),
      )
      .limit(1)
      .executeTakeFirst();
    return { kind: 'existing-data', demoAccounts: demoAccount !== undefined };
  }
  return {
    kind: 'first-admin',
    outcome: await prepareProductionDatabase(database.db, options.env ?? process.env),
  };
}

/** A password no one else knows, for every demo account of a new embedded database; answered once. */
async function replaceDemoPasswords(database: DatabaseHandle): Promise<string> {
  // 18 random bytes: 24 characters of base64url, with a fixed tail that meets the password policy.
  const password = `${randomBytes(18).toString('base64url')}.Aa1`;
  const { hashPassword } = await import('./modules/auth/passwords');
  const hash = await hashPassword(password);
  await database.db
    .updateTable('users')
    .set({ password_hash: hash })
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  return password;
}

/**
 * Opens the database, prepares its data (demo or first admin), and listens. Used by the CLI, by the
 * Electron main process for its embedded server, and by the e2e global setup.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const database = await openDatabase({
    url: options.databaseUrl,
    dataDir: options.databaseUrl || !options.dataDir ? undefined : join(options.dataDir, 'pglite'),
  });
  try {
    const setup = await prepareData(database, options);
    const app = await buildServer({
      database,
      ...(options.embedded ? { requiredSecret: options.embedded.secret } : {}),
      webRoot: options.webRoot,
      logger: options.logger,
      corsOrigins: options.corsOrigins,
      // Files (exports) live beside the embedded database, also when the database is PostgreSQL.
      dataDir: options.dataDir,
      loopbackHostsOnly: ['127.0.0.1', 'localhost', '::1'].includes(options.host),
    });
    await app.listen({ port: options.port, host: options.host, backlog: LISTEN_BACKLOG });
    const { port } = app.server.address() as AddressInfo;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost(options.host)}:${port}`,
      setup,
      adapters: app.crmAdapters,
      close: () =>
        (closing ??= (async () => {
          try {
            await app.close();
          } finally {
            await database.close();
          }
        })()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
