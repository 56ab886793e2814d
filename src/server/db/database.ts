import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Pool, TypeOverrides } from 'pg';
import { runMigrations } from './migrate';
import { postgresProfileFromEnv, type PostgresProfile } from './postgres-profile';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The reports' connections: the same database, a small pool of its own whose queries may use parallel
   * workers (PG_REPORT_PARALLEL_WORKERS), which the calls' connections do not. PGlite: `db` itself.
   */
  reportDb: Kysely<Database>;
  kind: DatabaseKind;
  /** Connections the calls' queries share (PGlite: one session); the call queue is sized by it. */
  connections?: number;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… : use that server; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite data folder; omitted means an in-memory database. */
  dataDir?: string;
  /**
   * Session time zone. `localtimestamp` defaults and the timestamps we hand out are wall-clock times in
   * this zone, so it defaults to the Node process's zone (CRM_TIME_ZONE overrides) to keep SQL and JS agreeing.
   */
  timeZone?: string;
  /** false only for tools that must look at a database without changing it. */
  migrate?: boolean;
  /**
   * Pool size and statement timeout (PostgreSQL only); unset parts come from PG_POOL_MAX and
   * PG_STATEMENT_TIMEOUT_MS. Bulk tools (seed) lift the timeout with statementTimeoutMs 0.
   */
  profile?: Partial<PostgresProfile>;
  /** Told about every statement run through Kysely (SQL, parameters, duration); tests read plans with it. */
  log?: (event: LogEvent) => void;
}

/** Postgres type oids we parse ourselves. */
const OID = { int8: 20, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * The API hands out 'YYYY-MM-DD HH:mm:ss' strings, so timestamps stay text: no JS Date, no silent shift
 * to UTC. Fractional seconds are cut (PostgreSQL prints them for values not written by our defaults).
 */
const toSeconds = (value: string): string => value.slice(0, 19);
const asIs = (value: string): string => value;
/**
 * int8 comes from count(*) and sums of integers; values beyond 2^53 do not occur in this product, and a
 * number is what every caller wants. numeric stays a string (money is never a float).
 */
const toNumber = (value: string): number => Number(value);

const parsers: Record<number, (value: string) => string | number> = {
  [OID.int8]: toNumber,
  [OID.date]: asIs,
  [OID.timestamp]: toSeconds,
  [OID.timestamptz]: toSeconds,
};

const DEFAULT_TIME_ZONE = 'UTC';

/** IANA names only: the zone ends up in a connection startup option, so nothing else gets through. */
export function resolveTimeZone(requested?: string): string {
  const zone = requested ?? process.env.CRM_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone) ? zone : DEFAULT_TIME_ZONE;
}

function isFilesystemPath(dataDir: string): boolean {
  return !/^[a-z]+:\/\//i.test(dataDir);
}

type QueryLog = OpenDatabaseOptions['log'];

async function openPglite(
  dataDir: string | undefined,
  timeZone: string,
  log: QueryLog,
): Promise<DatabaseHandle> {
  const location = dataDir ?? 'memory://';
  if (isFilesystemPath(location)) await mkdir(location, { recursive: true });
  const client = new PGlite(location, { extensions: { pg_trgm }, parsers });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), ...(log ? { log } : {}) });
  // PGlite has one session for the whole process, so a session setting made once holds for every query.
  await sql`SELECT set_config('TimeZone', ${timeZone}, false)`.execute(db);
  return { db, reportDb: db, kind: 'pglite', connections: 1, close: () => db.destroy() };
}

/** Connections of the reports' pool: a few managers' reports at once, each with its parallel workers. */
const REPORT_POOL_MAX = 3;

function openPostgres(
  url: string,
  timeZone: string,
  profile: PostgresProfile,
  log: QueryLog,
): DatabaseHandle {
  // Per pool, not pg's global `types`: the PGlite path and other pg users in the process stay unaffected.
  const types = new TypeOverrides();
  for (const [oid, parse] of Object.entries(parsers)) types.setTypeParser(Number(oid), parse);
  const pool = (max: number, parallelWorkers: number): Pool => {
    const created = new Pool({
      connectionString: url,
      types,
      max,
      // Startup options, so they hold for every statement of the connection, also inside transactions;
      // PostgreSQL cancels a statement past the timeout with SQLSTATE 57014 (http/error-handler.ts).
      options:
        `-c TimeZone=${timeZone} -c DateStyle=ISO,YMD -c statement_timeout=${profile.statementTimeoutMs}` +
        ` -c max_parallel_workers_per_gather=${parallelWorkers}`,
    });
    // Without a listener an idle client losing its connection would crash the process; the pool replaces it.
    created.on('error', (error) => {
      process.stderr.write(`PostgreSQL bağlantı hatası: ${error.message}\n`);
    });
    return created;
  };
  const kysely = (from: Pool) =>
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: from }), ...(log ? { log } : {}) });
  const db = kysely(pool(profile.poolMax, profile.parallelWorkers));
  const reportDb = kysely(pool(Math.min(profile.poolMax, REPORT_POOL_MAX), profile.reportParallelWorkers));
  return {
    db,
    reportDb,
    kind: 'postgres',
    connections: profile.poolMax,
    close: async () => {
      await Promise.all([db.destroy(), reportDb.destroy()]);
    },
  };
}

/** The caller's settings over the environment's. */
function resolveProfile(requested: Partial<PostgresProfile> | undefined): PostgresProfile {
  const fromEnv = postgresProfileFromEnv();
  return {
    poolMax: requested?.poolMax ?? fromEnv.poolMax,
    statementTimeoutMs: requested?.statementTimeoutMs ?? fromEnv.statementTimeoutMs,
    parallelWorkers: requested?.parallelWorkers ?? fromEnv.parallelWorkers,
    reportParallelWorkers: requested?.reportParallelWorkers ?? fromEnv.reportParallelWorkers,
  };
}

/** Opens the database (PostgreSQL when `url` is given, else PGlite) and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const timeZone = resolveTimeZone(options.timeZone);
  const handle = options.url
    ? openPostgres(options.url, timeZone, resolveProfile(options.profile), options.log)
    : await openPglite(options.dataDir, timeZone, options.log);
  if (options.migrate === false) return handle;
  try {
    await runMigrations(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
