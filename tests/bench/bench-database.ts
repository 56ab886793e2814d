import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';

const pgliteDir = fileURLToPath(new URL('./.data', import.meta.url));

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
 * The benchmark data set: database `crm_bench` on the PostgreSQL server of DATABASE_URL, or an embedded
 * PGlite folder. Seeded once with `leads` demo leads and reused while the count matches.
 */
export async function openBenchDatabase(
  leads: number,
  log: (line: string) => void,
): Promise<{ handle: DatabaseHandle; seededMs: number | null; engine: string }> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  const open = async (): Promise<DatabaseHandle> => {
    if (!serverUrl) return openDatabase({ dataDir: pgliteDir });
    const url = new URL(serverUrl);
    url.pathname = '/crm_bench';
    return openDatabase({ url: url.toString() });
  };
  const reset = async (): Promise<void> => {
    if (!serverUrl) rmSync(pgliteDir, { recursive: true, force: true });
    else {
      await onServer(serverUrl, 'DROP DATABASE IF EXISTS crm_bench WITH (FORCE)');
      await onServer(serverUrl, 'CREATE DATABASE crm_bench');
    }
  };
  const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
  if (serverUrl) {
    await onServer(serverUrl, 'CREATE DATABASE crm_bench').catch(() => undefined);
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
