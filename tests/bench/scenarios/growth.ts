import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildServer } from '../../../src/server/app';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { contract, encodeForm, fillPath } from '../../../src/shared/contract';
import { openBenchDatabase } from '../bench-database';
import { benchLogin } from '../bench-login';
import { measure, type Summary } from '../stats';
import { count, ms, type BenchContext, type ResultRow, type Section } from './bench-context';
import { detailCalls, type Request } from './lead-detail';

/**
 * docs/performance.md#current-figures: how the agent's list, search and lead detail grow with the data set: 100,000 leads (database
 * crm_growth_100k, seeded once), the bench's own set (BENCH_LEADS, 1,000,000) and 10,000,000 leads
 * (crm_growth_10m) only with BENCH_GROWTH_10M=1, as seeding it takes long and needs ~15 GB.
 */
const GROWTH_TARGET_MS = 50;
const MAX_ROUNDS = 100;
const COLUMNS = ['Çağrı', 'Lead', 'Ölçüm', 'p50 ms', 'p95 ms', 'En yavaş ms', 'Hedef'];

interface Size {
  leads: number;
  database: string | null;
}

const SIZES = (own: number): Size[] => {
  const sizes: Size[] = [
    { leads: 100_000, database: 'crm_growth_100k' },
    { leads: own, database: null },
  ];
  if (process.env.BENCH_GROWTH_10M === '1') sizes.push({ leads: 10_000_000, database: 'crm_growth_10m' });
  return sizes;
};

function sender(app: FastifyInstance, token: string, requests: readonly Request[]): () => Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
  return async () => {
    const answers = await Promise.all(
      requests.map((item) => app.inject({ method: 'POST', url: item.url, headers, payload: item.payload })),
    );
    const failed = answers.find((answer) => answer.statusCode !== 200);
    if (failed) throw new Error(`${failed.statusCode}: ${failed.body.slice(0, 200)}`);
  };
}

const post = (name: 'table' | 'search', params: Record<string, unknown>, body: Record<string, unknown>) => ({
  url: `/api${fillPath(contract[name].path, params).path}`,
  payload: encodeForm(body),
});

/** The three agent calls on one data set, as the demo sales agent (team-restricted). */
async function measureSize(app: FastifyInstance, handle: DatabaseHandle, rounds: number) {
  const token = await benchLogin(app, 'sales@demo.crm');
  const own = await sql<{ id: number }>`select l.id from leads l
    join users u on u.team_id = l.team_id where u.email = 'sales@demo.crm'
    order by l.id desc limit 1`.execute(handle.db);
  const leadId = own.rows[0]?.id;
  if (leadId === undefined) throw new Error('the demo sales agent has no lead');
  const list = post(
    'table',
    { table: 'leads' },
    {
      page: 1,
      limit: 15,
      sort: { name: 'created_at', type: 'desc' },
      filters: [
        { name: 'status_id', type: 1, value: 3 },
        { name: 'name', type: 2, value: 'yılmaz' },
      ],
    },
  );
  const search = post('search', {}, { keyword: 'ayşe yılmaz' });
  return {
    list: await measure(sender(app, token, [list]), rounds),
    search: await measure(sender(app, token, [search]), rounds),
    detail: await measure(sender(app, token, detailCalls(leadId)), rounds),
  };
}

const KINDS = [
  ['list', '/table/leads: durum + isim içerir, created_at sıralama (temsilci)'],
  ['search', 'Ctrl+K arama "ayşe yılmaz" (temsilci)'],
  ['detail', 'Aday detayı: 4 çağrı birlikte'],
] as const;

function row(kind: string, leads: number, summary: Summary): ResultRow {
  return {
    cells: [
      kind,
      count(leads),
      count(summary.runs),
      ms(summary.p50),
      ms(summary.p95),
      ms(summary.max),
      `p95 < ${GROWTH_TARGET_MS} ms`,
    ],
    pass: summary.p95 < GROWTH_TARGET_MS,
  };
}

export async function runGrowth(context: BenchContext): Promise<Section> {
  const rounds = Math.min(context.rounds, MAX_ROUNDS);
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  const bySize: { leads: number; figures: Awaited<ReturnType<typeof measureSize>> }[] = [];
  for (const size of SIZES(context.leads)) {
    if (size.database === null) {
      bySize.push({ leads: size.leads, figures: await measureSize(context.app, context.handle, rounds) });
      continue;
    }
    const { handle, seededMs } = await openBenchDatabase(size.leads, context.log, size.database);
    try {
      if (seededMs !== null)
        notes.push(`${size.database}: ${count(size.leads)} lead ${ms(seededMs / 1000)} s'de yüklendi.`);
      await sql`vacuum (analyze) leads`.execute(handle.db);
      const app = await buildServer({ database: handle, logger: false, webRoot: '/nonexistent-web-root' });
      try {
        bySize.push({ leads: size.leads, figures: await measureSize(app, handle, rounds) });
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
    }
  }
  for (const [kind, label] of KINDS) {
    for (const { leads, figures } of bySize) rows.push(row(label, leads, figures[kind]));
    if (process.env.BENCH_GROWTH_10M !== '1') {
      rows.push({
        cells: [label, count(10_000_000), '-', '-', '-', '-', `p95 < ${GROWTH_TARGET_MS} ms`],
        pass: null,
        note: 'çalıştırılmadı: BENCH_GROWTH_10M=1 ile (crm_growth_10m bir kez yüklenir)',
      });
    }
  }
  const first = bySize[0];
  const last = bySize[bySize.length - 1];
  if (first && last && first !== last) {
    const growth = KINDS.map(
      ([kind, label]) =>
        `${label.split(':')[0] ?? label}: p95 ${ms(first.figures[kind].p95)} → ${ms(last.figures[kind].p95)} ms`,
    );
    notes.push(`${count(first.leads)} → ${count(last.leads)} lead: ${growth.join('; ')}.`);
  }
  return { title: 'Büyüme: liste, arama ve detay veri büyüdükçe', columns: COLUMNS, rows, notes };
}
