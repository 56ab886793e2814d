import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { benchDatabaseUrl } from '../bench-database';
import { AGENT_KINDS, KIND_LABELS, type LoadPools } from '../load/load-mix';
import { runPhase, type PhaseResult } from '../load/load-runner';
import { prepareLoadUsers, type LoadUser } from '../load/load-users';
import { startLoadServer, type RssSample } from '../load/server-process';
import { count, ms, type BenchContext, type ResultRow, type Section } from './bench-context';

/**
 * docs/performance.md#current-figures: 500 simulated agents, each with its own session, on the realistic mix (filtered list pages,
 * Ctrl+K search, lead detail, a note with a reminder, a status change) plus 20 managers (reports,
 * finance decisions), over undici against a server in a process of its own; the same mix at 50 agents
 * first as the baseline. BENCH_LOAD_AGENTS (500), BENCH_LOAD_BASELINE_AGENTS (50), BENCH_LOAD_SECONDS
 * (60; 600 for the 10-minute soak), BENCH_LOAD_BASELINE_SECONDS (30), BENCH_LOAD_THINK_MS (5000, an
 * agent's mean pause between steps), BENCH_LOAD_MANAGER_THINK_MS (30000).
 */
const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const AGENTS = env('BENCH_LOAD_AGENTS', 500);
const BASELINE_AGENTS = env('BENCH_LOAD_BASELINE_AGENTS', 50);
const SECONDS = env('BENCH_LOAD_SECONDS', 60);
const BASELINE_SECONDS = env('BENCH_LOAD_BASELINE_SECONDS', 30);
const THINK_MS = env('BENCH_LOAD_THINK_MS', 5_000);
const MANAGER_THINK_MS = env('BENCH_LOAD_MANAGER_THINK_MS', 30_000);
/** 20 managers: 10 sales managers reading reports, 10 finance staff deciding deposits. */
const MANAGERS = 10;
const FINANCE = 10;
const AGENT_P95_MS = 100;
const LEADS_PER_TEAM = 500;
const COLUMNS = ['Çağrı', 'Kişi', 'Adım', 'Hata', 'p50 ms', 'p95 ms', 'p99 ms', 'Hedef'];

/** A reproducible sequence (mulberry32), so two runs send the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function loadPools(context: BenchContext, users: readonly LoadUser[]): Promise<LoadPools> {
  const { db } = context.handle;
  const leadsByTeam = new Map<number | null, number[]>();
  for (const teamId of new Set(users.filter((user) => user.role === 'agent').map((user) => user.teamId))) {
    const rows = await db
      .selectFrom('leads')
      .select('id')
      .$if(teamId !== null, (query) => query.where('team_id', '=', teamId ?? 0))
      .orderBy('id', 'desc')
      .limit(LEADS_PER_TEAM)
      .execute();
    leadsByTeam.set(
      teamId,
      rows.map((row) => row.id),
    );
  }
  const deposits = await sql<{ id: number }>`select id from transactions where status_id = 2
    order by id desc limit 20000`.execute(db);
  return { leadsByTeam, pendingDeposits: deposits.rows.map((row) => row.id) };
}

const mb = (bytes: number): string => count(Math.round(bytes / 1024 / 1024));

function rssLine(samples: readonly RssSample[], phase: PhaseResult, label: string): string {
  const inPhase = samples.filter((sample) => sample.at >= phase.startedAt && sample.at <= phase.endedAt);
  if (inPhase.length < 4) return `${label}: RSS örneği yok.`;
  const fifth = Math.max(1, Math.floor(inPhase.length / 5));
  const mean = (list: readonly RssSample[]) => list.reduce((sum, item) => sum + item.rss, 0) / list.length;
  const first = mean(inPhase.slice(0, fifth));
  const last = mean(inPhase.slice(-fifth));
  const peak = Math.max(...inPhase.map((sample) => sample.rss));
  return (
    `${label}: sunucu RSS ilk beşte bir ortalaması ${mb(first)} MB, son beşte bir ${mb(last)} MB ` +
    `(fark ${mb(last - first)} MB), en yüksek ${mb(peak)} MB; ${inPhase.length} örnek.`
  );
}

function phaseRows(phase: PhaseResult, label: string, targeted: boolean): ResultRow[] {
  const order = Object.keys(KIND_LABELS);
  return [...phase.figures]
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    .map((figure) => {
      const agentCall = AGENT_KINDS.includes(figure.kind);
      const target = agentCall ? `p95 < ${AGENT_P95_MS} ms, 0 hata` : '0 hata';
      const met = figure.errors === 0 && (!agentCall || figure.p95 < AGENT_P95_MS);
      return {
        cells: [
          KIND_LABELS[figure.kind],
          label,
          count(figure.steps),
          count(figure.errors),
          ms(figure.p50),
          ms(figure.p95),
          ms(figure.p99),
          targeted ? target : 'taban',
        ],
        pass: targeted ? met : null,
        note: figure.errorSamples.length > 0 ? figure.errorSamples.join(' · ') : undefined,
      };
    });
}

export async function runLoad(context: BenchContext): Promise<Section> {
  const { db } = context.handle;
  const { users, close } = await prepareLoadUsers(db, {
    agent: AGENTS,
    manager: MANAGERS,
    finance: FINANCE,
  });
  const leadsBefore = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(db);
  const pools = await loadPools(context, users);
  const databaseUrl = benchDatabaseUrl();
  // PostgreSQL: the server in its own process. PGlite is one process's database: the bench's own server.
  const server = databaseUrl ? await startLoadServer(databaseUrl) : null;
  const samples: RssSample[] = server?.samples ?? [];
  let url = server?.url;
  let sampler: NodeJS.Timeout | null = null;
  if (!url) {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
    sampler = setInterval(() => samples.push({ at: performance.now(), rss: process.memoryUsage().rss }), 500);
  }
  const notes: string[] = [];
  try {
    const agents = users.filter((user) => user.role === 'agent');
    const managers = users.filter((user) => user.role !== 'agent');
    const scale = BASELINE_AGENTS / AGENTS;
    const baselineUsers = [
      ...agents.slice(0, BASELINE_AGENTS),
      ...managers
        .filter((user) => user.role === 'manager')
        .slice(0, Math.max(1, Math.round(MANAGERS * scale))),
      ...managers
        .filter((user) => user.role === 'finance')
        .slice(0, Math.max(1, Math.round(FINANCE * scale))),
    ];
    const phase = (list: readonly LoadUser[], seconds: number, seed: number) =>
      runPhase({
        url,
        users: list,
        pools,
        durationMs: seconds * 1000,
        agentThinkMs: THINK_MS,
        managerThinkMs: MANAGER_THINK_MS,
        random: seededRandom(seed),
      });
    context.log(`  taban: ${baselineUsers.length} kişi, ${BASELINE_SECONDS} s`);
    const baseline = await phase(baselineUsers, BASELINE_SECONDS, 18);
    context.log(`  yük: ${users.length} kişi, ${SECONDS} s`);
    const heapBefore = await server?.liveHeap();
    const loaded = await phase(users, SECONDS, 500);
    const heapAfter = await server?.liveHeap();

    const leadsAfter = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(db);
    notes.push(
      `Taban: ${baselineUsers.length} kişi (${baselineUsers.filter((u) => u.role === 'agent').length} temsilci), ` +
        `${Math.round(baseline.durationMs / 1000)} s, saniyede ${ms(baseline.stepsPerSecond)} adım. ` +
        `Yük: ${users.length} kişi (${agents.length} temsilci, ${MANAGERS} satış müdürü, ${FINANCE} finans), ` +
        `${Math.round(loaded.durationMs / 1000)} s, saniyede ${ms(loaded.stepsPerSecond)} adım.`,
      `Her temsilci bir adımdan sonra ortalama ${ms(THINK_MS / 1000)} s, müdürler ${ms(MANAGER_THINK_MS / 1000)} s bekler ` +
        '(0,5-1,5 katı). Aday detayı ekranın dört çağrısını birlikte gönderir, süresi sonuncusunun cevabına kadardır.',
      server
        ? 'Sunucu ayrı bir süreçte (tsx), temsilciler undici ile bu süreçten bağlanır; PostgreSQL aynı makinede.'
        : 'PGlite: sunucu bench sürecinin içinde, RSS temsilcileri de kapsar.',
      rssLine(samples, baseline, 'Taban'),
      rssLine(samples, loaded, 'Yük'),
      heapBefore !== undefined && heapAfter !== undefined
        ? `Yük: sunucunun canlı yığını (tam çöp toplamadan sonra) önce ${count(heapBefore / 1024 / 1024)} MB, ` +
            `sonra ${count(heapAfter / 1024 / 1024)} MB (fark ${count((heapAfter - heapBefore) / 1024 / 1024)} MB).`
        : 'Canlı yığın ölçülmedi (PGlite: sunucu bench sürecinde).',
      `Lead sayısı önce ${count(Number(leadsBefore.rows[0]?.n ?? 0))}, sonra ${count(Number(leadsAfter.rows[0]?.n ?? 0))} ` +
        '(yük testi yalnız not, hatırlatma, durum ve işlem durumu yazar).',
    );
    return {
      title: `Yük: ${count(AGENTS)} temsilci + 20 müdür, taban ${count(BASELINE_AGENTS)} temsilci`,
      columns: COLUMNS,
      rows: [
        ...phaseRows(baseline, `${baselineUsers.length}`, false),
        ...phaseRows(loaded, `${users.length}`, true),
      ],
      notes,
    };
  } finally {
    if (sampler) clearInterval(sampler);
    await server?.stop();
    await close();
  }
}
