import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildServer } from '../../src/server/app';
import { openBenchDatabase } from './bench-database';
import { benchLogin } from './bench-login';
import { renderReport } from './report';
import { runAgentList } from './scenarios/agent-list';
import { count, errorText, seconds, type BenchContext, type Section } from './scenarios/bench-context';
import { runBrowser } from './scenarios/browser';
import { runExport } from './scenarios/export';
import { runFilterTypes } from './scenarios/filter-types';
import { runImport } from './scenarios/import';
import { runLeadDetail } from './scenarios/lead-detail';
import { runGrowth } from './scenarios/growth';
import { runLoad } from './scenarios/load';
import { runPushFanout } from './scenarios/push';
import { runReports } from './scenarios/reports';
import { runSearchBench } from './search-bench';
import { runTransactionsPending } from './scenarios/transactions';

/**
 * `npm run bench`: every figure next to a baseline measured in the same run (the same SQL run directly,
 * the same rows read without xlsx, the same page at 15 rows).
 * BENCH_LEADS (default 1,000,000), BENCH_ROUNDS (default 200), BENCH_FILTER_ROUNDS (default BENCH_ROUNDS),
 * BENCH_BROWSER_ROUNDS (default 3), BENCH_EXPORT_ROWS (default 100,000), BENCH_WEB_ROOT (reuse a built web
 * edition), BENCH_ONLY (comma list of list,filters,export,detail,browser,search,push,reports,transactions,
 * import,load,growth; load and growth: see scenarios/load.ts and growth.ts), BENCH_TRANSACTIONS (default
 * 1,000,000), DATABASE_URL (PostgreSQL; else PGlite).
 */
const leads = Number(process.env.BENCH_LEADS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const only = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== ''),
);
const log = (line: string): void => console.log(line);

interface Scenario {
  id: string;
  title: string;
  run: (context: BenchContext) => Promise<Section>;
}

const SCENARIOS: readonly Scenario[] = [
  { id: 'list', title: 'Temsilci listesi', run: runAgentList },
  { id: 'filters', title: 'Her filtre türü', run: runFilterTypes },
  { id: 'export', title: 'Excel dışa aktarma', run: runExport },
  { id: 'detail', title: 'Aday detayı', run: runLeadDetail },
  { id: 'browser', title: 'Chromium, 500 satırlık sayfa', run: runBrowser },
  { id: 'search', title: 'Arama (Ctrl+K) ve telefon araması', run: runSearchBench },
  { id: 'push', title: 'Anlık bildirim yayını', run: runPushFanout },
  { id: 'reports', title: 'Raporlar', run: runReports },
  { id: 'transactions', title: 'Para işlemleri bekleyenler', run: runTransactionsPending },
  { id: 'import', title: 'Excel/CSV içe aktarma', run: runImport },
  { id: 'load', title: '500 temsilcilik yük', run: runLoad },
  { id: 'growth', title: 'Büyüme: 100.000 / 1.000.000 / 10.000.000 lead', run: runGrowth },
];

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2).replace('.', ','))
    .join(' / ');

/** A scenario that could not run is a missed target, reported with its error, not a crashed bench. */
function failedSection(scenario: Scenario, error: unknown): Section {
  return {
    title: scenario.title,
    columns: ['Senaryo'],
    rows: [{ cells: [scenario.title], pass: false, note: `çalıştırılamadı: ${errorText(error)}` }],
    notes: [],
  };
}

async function main(): Promise<void> {
  const loadAtStart = load();
  const started = new Date();
  const { handle, seededMs, engine } = await openBenchDatabase(leads, log);
  const sections: Section[] = [];
  const header: string[] = [];
  try {
    // Steady state: a migration that rewrote leads leaves no visibility map (no index-only scans) and
    // stale statistics until autovacuum comes by; measure the table as a running server would see it.
    const t0 = performance.now();
    await sql`vacuum (analyze) leads`.execute(handle.db);
    const vacuumMs = performance.now() - t0;
    const version = await sql<{ version: string }>`select version() as version`.execute(handle.db);
    const engineVersion = (version.rows[0]?.version ?? engine).split(' ').slice(0, 2).join(' ');

    const app = await buildServer({ database: handle, logger: false });
    try {
      const context: BenchContext = {
        app,
        token: await benchLogin(app, 'admin@demo.crm'),
        handle,
        engine,
        leads,
        rounds,
        log,
      };
      for (const scenario of SCENARIOS) {
        if (only.size > 0 && !only.has(scenario.id)) continue;
        log(`${scenario.title}...`);
        const loadBefore = load();
        let section: Section;
        try {
          section = await scenario.run(context);
        } catch (error) {
          log(`  hata: ${errorText(error)}`);
          section = failedSection(scenario, error);
        }
        // The machine is shared: the load while this group ran belongs next to its figures.
        section.notes.unshift(`Yük ortalaması (1/5/15 dk): başta ${loadBefore}, sonda ${load()}.`);
        sections.push(section);
      }
    } finally {
      await app.close();
    }

    const cpu = cpus();
    header.push(
      `Tarih: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; Node ${process.version}; ${engineVersion}`,
      `Makine: ${cpu.length} çekirdek (${cpu[0]?.model.trim() ?? '?'}), başka ekiplerin testleriyle paylaşılıyor`,
      `Yük ortalaması (1/5/15 dk): başta ${loadAtStart}, sonda ${load()}`,
      seededMs === null
        ? `Veri seti yeniden kullanıldı; VACUUM (ANALYZE) leads ${seconds(vacuumMs)} s`
        : `Demo verisi yükleme: ${seconds(seededMs)} s; VACUUM (ANALYZE) leads ${seconds(vacuumMs)} s`,
    );
  } finally {
    await handle.close();
  }

  const report = renderReport({ engine, leads: count(leads), rounds, lines: header }, sections);
  console.log(`\n${report}\n`);
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/latest.md`, `${report}\n`);
  writeFileSync(`${dir}/latest-${engine.toLowerCase()}.md`, `${report}\n`);
  if (sections.some((section) => section.rows.some((row) => row.pass === false))) process.exitCode = 1;
}

await main();
