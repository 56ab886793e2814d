import { join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { seedDemoDataWithResult, type DemoSeedProgress } from '../seed/demo-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/reference-data';

/**
 * `npm run seed -- --leads 1000000 [--reset]`: fills the database of DATABASE_URL (PostgreSQL) or of
 * DATA_DIR (embedded PGlite, the same <DATA_DIR>/pglite folder `npm run serve` opens) with demo data.
 * Stop a server using the same PGlite folder first: PGlite allows one process per folder.
 */

/** Same default as a demo server start (DEMO_LEADS). */
const DEFAULT_LEADS = 5000;
/** Far above any benchmark; mostly a guard against a typo with extra zeros. */
const MAX_LEADS = 50_000_000;

const USAGE = `Kullanım: npm run seed -- [--leads <sayı>] [--reset]
  --leads <sayı>  veritabanında olması istenen lead sayısı (varsayılan ${DEFAULT_LEADS}; yalnızca eksik kalan kadar üretilir)
  --reset         önce tüm tabloları boşaltır (migration kayıtları kalır)
Ortam: DATABASE_URL (PostgreSQL) ya da DATA_DIR (gömülü veritabanı, varsayılan ./data)`;

interface SeedArguments {
  readonly leads: number;
  readonly reset: boolean;
  readonly help: boolean;
}

class SeedArgumentError extends Error {
  override name = 'SeedArgumentError';
}

function parseCount(raw: string | undefined): number {
  // Thousands separators are common when typing a million: 1_000_000, 1.000.000 or 1,000,000.
  const cleaned = raw?.trim().replace(/[_.,](?=\d{3}(\D|$))/g, '');
  if (cleaned === undefined || !/^\d+$/.test(cleaned)) {
    throw new SeedArgumentError(`--leads bir tam sayı bekliyor, verilen: ${raw ?? '(boş)'}`);
  }
  const value = Number(cleaned);
  if (!Number.isSafeInteger(value) || value > MAX_LEADS) {
    throw new SeedArgumentError(
      `--leads en fazla ${MAX_LEADS.toLocaleString('tr-TR')} olabilir, verilen: ${raw}`,
    );
  }
  return value;
}

function parseSeedArguments(argv: readonly string[]): SeedArguments {
  let leads = DEFAULT_LEADS;
  let reset = false;
  let help = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--reset') reset = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--leads') {
      leads = parseCount(argv[index + 1]);
      index += 1;
    } else if (arg.startsWith('--leads=')) leads = parseCount(arg.slice('--leads='.length));
    else throw new SeedArgumentError(`Bilinmeyen argüman: ${arg}`);
  }
  return { leads, reset, help };
}

/** Empties every table of the schema except migration bookkeeping, so the data starts from scratch. */
async function resetData(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema() and tablename not ilike '%migration%'
    order by tablename`.execute(db);
  if (rows.length === 0) return 0;
  await sql`truncate table ${sql.join(rows.map((row) => sql.table(row.name)))} restart identity cascade`.execute(
    db,
  );
  return rows.length;
}

const seconds = (ms: number): string =>
  `${(ms / 1000).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} sn`;
const count = (value: number): string => value.toLocaleString('tr-TR');

function progressPrinter(started: number): (progress: DemoSeedProgress) => void {
  let phaseStarted = performance.now();
  const since = () => {
    const now = performance.now();
    const text = `${seconds(now - phaseStarted)}, toplam ${seconds(now - started)}`;
    phaseStarted = now;
    return text;
  };
  return (progress) => {
    switch (progress.phase) {
      case 'reference':
        console.log(
          progress.seeded.length > 0
            ? `Referans veriler yazıldı: ${progress.seeded.join(', ')} (${seconds(progress.elapsedMs)})`
            : 'Referans veriler zaten var; dokunulmadı.',
        );
        phaseStarted = performance.now();
        break;
      case 'existing-leads':
        console.log(`Mevcut lead sayısı: ${count(progress.count)}`);
        break;
      case 'leads':
        if (progress.done > 0) {
          const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 100;
          console.log(`  lead ${count(progress.done)} / ${count(progress.total)} (%${percent}) ${since()}`);
        }
        break;
      case 'drop-indexes':
        console.log('  toplu yükleme: leads indeksleri ve yabancı anahtarları geçici olarak kaldırıldı');
        phaseStarted = performance.now();
        break;
      case 'rebuild-indexes':
        console.log('  indeksler ve yabancı anahtarlar yeniden kuruluyor...');
        phaseStarted = performance.now();
        break;
      case 'notes':
        console.log(`  notlar yazılıyor (önceki adım ${since()})`);
        break;
      case 'analyze':
        console.log(`  ANALYZE (önceki adım ${since()})`);
        break;
      case 'workspaces': {
        const { accounts, notifications, tasks } = progress.result;
        console.log(
          accounts > 0
            ? `Demo hesaplarının çalışma alanı: ${count(accounts)} hesap, ${count(notifications)} bildirim, ${count(tasks)} görev (${since()})`
            : 'Demo hesaplarının çalışma alanı zaten var; dokunulmadı.',
        );
        break;
      }
    }
  };
}

async function runSeed(args: SeedArguments, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const url = env.DATABASE_URL?.trim() || undefined;
  const dataDir = join(resolve(env.DATA_DIR ?? './data'), 'pglite');
  const started = performance.now();
  // Bulk loading a million leads (and the index builds after it) runs single statements for longer than
  // the server's statement timeout allows a user call.
  const database = await openDatabase({ url, dataDir, profile: { statementTimeoutMs: 0 } });
  // Never print the URL: it may carry a password.
  console.log(
    `Veritabanı: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${dataDir})`}, açılış ${seconds(performance.now() - started)}`,
  );
  try {
    if (args.reset) {
      const resetStarted = performance.now();
      const tables = await resetData(database.db);
      console.log(`Sıfırlandı: ${tables} tablo boşaltıldı (${seconds(performance.now() - resetStarted)})`);
    }
    const seedStarted = performance.now();
    const result = await seedDemoDataWithResult(database.db, {
      leads: args.leads,
      onProgress: progressPrinter(seedStarted),
    });
    const seedMs = performance.now() - seedStarted;
    if (result.leads === null) {
      console.log(
        `Zaten ${count(result.existingLeads)} lead var (istenen ${count(args.leads)}); lead eklenmedi.`,
      );
    } else {
      const rate = result.leads.leads / Math.max(result.leads.elapsedMs / 1000, 0.001);
      console.log(
        `Eklendi: ${count(result.leads.leads)} lead, ${count(result.leads.notes)} not, ${seconds(result.leads.elapsedMs)} ` +
          `(${count(Math.round(rate))} lead/sn${result.leads.bulkLoad ? ', toplu yükleme' : ''}).`,
      );
    }
    console.log(`Tohumlama ${seconds(seedMs)} sürdü.`);
    console.log(
      `Demo hesapları (şifre: ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((account) => account.email).join(', ')}`,
    );
  } finally {
    const closeStarted = performance.now();
    await database.close();
    console.log(
      `Kapatıldı (${seconds(performance.now() - closeStarted)}); toplam ${seconds(performance.now() - started)}.`,
    );
  }
}

async function main(): Promise<void> {
  let args: SeedArguments;
  try {
    args = parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    if (error instanceof SeedArgumentError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  await runSeed(args);
}

main().catch((error: unknown) => {
  console.error('Tohumlama başarısız:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
