import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildServer } from '../../src/server/app';
import { contract, encodeForm, fillPath } from '../../src/shared/contract';
import { foldTurkish } from '../../src/shared/domain/turkish-fold';
import { escapeLikePattern } from '../../src/shared/domain/filters';
import { openBenchDatabase } from './bench-database';
import { measure, measurePair, type Summary } from './stats';

/**
 * `npm run bench`: figures against a raw-SQL baseline measured in the same run.
 * BENCH_LEADS (default 1,000,000), BENCH_ROUNDS (default 200), DATABASE_URL (PostgreSQL; else PGlite).
 */
const leads = Number(process.env.BENCH_LEADS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const log = (line: string): void => console.log(line);

interface Row {
  scenario: string;
  subject: Summary;
  baseline: Summary | null;
  target: string;
  pass: boolean;
}

const ms = (n: number): string => n.toFixed(1);

async function main(): Promise<void> {
  const { handle, seededMs, engine } = await openBenchDatabase(leads, log);
  const app = await buildServer({ database: handle, logger: false });
  const rows: Row[] = [];
  try {
    const loginRes = await app.inject({
      method: 'POST',
      url: `/api${contract.login.path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: encodeForm({ email: 'admin@demo.crm', password: 'Demo.2026' }),
    });
    const token = (loginRes.json() as { token?: string }).token;
    if (!token) throw new Error(`login failed: ${loginRes.body}`);

    // The list an agent runs all day: one status, a name fragment with Turkish letters, newest first.
    const term = 'yılmaz';
    const statusId = 3;
    const columns = ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'];
    const body = encodeForm({
      page: 1,
      limit: 15,
      sort: { name: 'created_at', type: 'desc' },
      filters: [
        { name: 'status_id', type: 1, value: statusId },
        { name: 'name', type: 2, value: term },
      ],
      fields: columns,
    });
    const url = `/api${fillPath(contract.table.path, { table: 'leads' }).path}`;
    const viaApi = async (): Promise<void> => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`table call failed: ${res.body}`);
    };
    const pattern = `%${escapeLikePattern(foldTurkish(term))}%`;
    const where = sql`status_id = ${statusId} and name_folded like ${pattern} escape '\\'`;
    const pageSql = sql`select id, name, status_id, agent_id, utm_source, team_id from leads where ${where}
      order by created_at desc, id desc limit 15 offset 0`;
    const countSql = sql`select count(*)::int as total from leads where ${where}`;
    const rawSql = async (): Promise<void> => {
      await Promise.all([pageSql.execute(handle.db), countSql.execute(handle.db)]);
    };
    const list = await measurePair(viaApi, rawSql, rounds);
    rows.push({
      scenario: '/table/leads: durum + isim içerir + sıralama',
      subject: list.subject,
      baseline: list.baseline,
      target: 'p95 < 50 ms ve ≤ 1,5 × SQL',
      pass: list.subject.p95 < 50 && list.subject.p95 <= 1.5 * list.baseline.p95,
    });
    const count = await measure(async () => {
      await countSql.execute(handle.db);
    }, rounds);
    rows.push({
      scenario: 'Kesin toplam (count) aynı filtreyle',
      subject: count,
      baseline: null,
      target: 'p95 < 100 ms',
      pass: count.p95 < 100,
    });
  } finally {
    await app.close();
    await handle.close();
  }

  const lines = [
    `# Benchmark (${engine}, ${leads.toLocaleString('tr-TR')} lead, ${rounds} ölçüm)`,
    '',
    seededMs === null
      ? 'Veri seti yeniden kullanıldı.'
      : `Demo verisi yükleme: ${(seededMs / 1000).toFixed(1)} s`,
    '',
    '| Senaryo | p50 ms | p95 ms | max ms | SQL p50 | SQL p95 | Hedef | Sonuç |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${ms(r.subject.p50)} | ${ms(r.subject.p95)} | ${ms(r.subject.max)} | ${
          r.baseline ? ms(r.baseline.p50) : '-'
        } | ${r.baseline ? ms(r.baseline.p95) : '-'} | ${r.target} | ${r.pass ? 'geçti' : 'KALDI'} |`,
    ),
  ];
  const report = lines.join('\n');
  console.log(`\n${report}\n`);
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/latest.md`, `${report}\n`);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

await main();
