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
  kind: DatabaseKind;
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
  return { db, kind: 'pglite', close: () => db.destroy() };
}

function openPostgres(
  url: string,
  timeZone: string,
  profile: PostgresProfile,
  log: QueryLog,
): DatabaseHandle {
  // Per pool, not pg's global `types`: the PGlite path and other pg users in the process stay unaffected.
  const types = new TypeOverrides();
  for (const [oid, parse] of Object.entries(parsers)) types.setTypeParser(Number(oid), parse);
  const pool = new Pool({
    connectionString: url,
    types,
    max: profile.poolMax,
    // A startup option, so it holds for every statement of the connection, also inside transactions;
    // PostgreSQL cancels a statement past it with SQLSTATE 57014 (answered in http/error-handler.ts).
    options: `-c TimeZone=${timeZone} -c DateStyle=ISO,YMD -c statement_timeout=${profile.statementTimeoutMs}`,
  });
  // Without a listener an idle client losing its connection would crash the process; the pool replaces it.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL bağlantı hatası: ${error.message}\n`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** The caller's settings over the environment's. */
function resolveProfile(requested: Partial<PostgresProfile> | undefined): PostgresProfile {
  const fromEnv = postgresProfileFromEnv();
  return {
    poolMax: requested?.poolMax ?? fromEnv.poolMax,
    statementTimeoutMs: requested?.statementTimeoutMs ?? fromEnv.statementTimeoutMs,
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
