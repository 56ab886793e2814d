import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';

/** BENCH_DATABASE names the data set, so a small one for trying things out never replaces the 1M one. */
const benchName = (process.env.BENCH_DATABASE ?? 'crm_bench').trim();
if (!/^[a-z_][a-z0-9_]*$/.test(benchName))
  throw new Error(`BENCH_DATABASE must be a plain name: ${benchName}`);
const pgliteDir = fileURLToPath(
  new URL(benchName === 'crm_bench' ? './.data' : `./.data-${benchName}`, import.meta.url),
);

/** The bench database's URL on DATABASE_URL's server (null: the bench runs on PGlite). */
export function benchDatabaseUrl(name: string = benchName): string | null {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) return null;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function countLeads(handle: DatabaseHandle): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(handle.db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The benchmark data set: database BENCH_DATABASE (default `crm_bench`) on the PostgreSQL server of DATABASE_URL, or an embedded
 * PGlite folder. Seeded once with `leads` demo leads and reused while the count matches.
 */
export async function openBenchDatabase(
  leads: number,
  log: (line: string) => void,
  name: string = benchName,
): Promise<{ handle: DatabaseHandle; seededMs: number | null; engine: string }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const folder = name === benchName ? pgliteDir : fileURLToPath(new URL(`./.data-${name}`, import.meta.url));
  const serverUrl = process.env.DATABASE_URL?.trim();
  const open = async (): Promise<DatabaseHandle> => {
    if (!serverUrl) return openDatabase({ dataDir: folder });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Seeding millions of leads runs statements longer than a user call's timeout.
    return openDatabase({ url: url.toString(), profile: { statementTimeoutMs: 0 } });
  };
  const reset = async (): Promise<void> => {
    if (!serverUrl) rmSync(folder, { recursive: true, force: true });
    else {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await onServer(serverUrl, `CREATE DATABASE ${name}`);
    }
  };
  const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
  // The data set is dropped and made anew when its size changes: never the database DATABASE_URL names.
  if (serverUrl && new URL(serverUrl).pathname.replace(/^\//, '') === name)
    throw new Error(`BENCH_DATABASE ${name} is the database DATABASE_URL names: pick another name`);
  if (serverUrl) {
    await onServer(serverUrl, `CREATE DATABASE ${name}`).catch(() => undefined);
  }
  let handle = await open();
  if ((await countLeads(handle)) === leads) return { handle, seededMs: null, engine };
  await handle.close();
  await reset();
  handle = await open();
  log(`${engine}: ${leads.toLocaleString('tr-TR')} demo lead yükleniyor...`);
  const t0 = performance.now();
  await seedDemoData(handle.db, { leads });
  return { handle, seededMs: performance.now() - t0, engine };
}
