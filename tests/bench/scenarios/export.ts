import { sql, type RawBuilder } from 'kysely';
import { EXPORT_BATCH_SIZE } from '../../../src/server/modules/export/export-rows';
import { benchExport, EXPORT_BENCH_TARGET } from '../export-bench';
import { count, ms, ratio, seconds, type BenchContext, type Section } from './bench-context';
import { tableCall } from './table-call';

const MB = 1024 * 1024;

interface ReadFigures {
  rows: number;
  durationMs: number;
  /** CPU time of this process (server and driver; with PGlite also the database). */
  cpuMs: number;
  peakRssDeltaMb: number;
}

/**
 * The baseline of the export: the same rows (the newest `rows` leads, every listable column, id desc)
 * read with plain SQL in keyset batches of the export's batch size, no xlsx. RSS sampled like benchExport.
 */
async function readRows(
  context: BenchContext,
  columns: readonly string[],
  fromId: number,
): Promise<ReadFigures> {
  const { db } = context.handle;
  const list = sql.join(columns.map((name) => sql.id(name)));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const cpuBefore = process.cpuUsage();
  let rows = 0;
  try {
    let before: number | null = null;
    for (;;) {
      const below: RawBuilder<boolean> = before === null ? sql<boolean>`true` : sql<boolean>`id < ${before}`;
      const batch = await sql<{ id: number }>`select ${list} from leads where id >= ${fromId} and ${below}
        order by id desc limit ${EXPORT_BATCH_SIZE}`.execute(db);
      rows += batch.rows.length;
      const last = batch.rows[batch.rows.length - 1];
      if (batch.rows.length < EXPORT_BATCH_SIZE || !last) break;
      before = Number(last.id);
    }
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rows,
    durationMs: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssDeltaMb: (peak - baseline) / MB,
  };
}

export async function runExport(context: BenchContext): Promise<Section> {
  const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
  // Every field the admin may list: what benchExport exports when it is given no fields.
  const { fields } = await tableCall(context, { page: 1, limit: 1 }).answer();
  const boundary = await sql<{ id: number }>`select id from leads order by id desc
    offset ${rows - 1} limit 1`.execute(context.handle.db);
  const fromId = Number(boundary.rows[0]?.id);
  if (!Number.isInteger(fromId)) throw new Error(`the export bench needs ${rows} leads`);

  // Warm-up (not counted) so the baseline and the export both read from a warm cache.
  await readRows(context, fields, fromId);
  const read = await readRows(context, fields, fromId);
  if (read.rows !== rows) throw new Error(`baseline read ${read.rows} rows, expected ${rows}`);
  context.log(`  SQL okuma: ${seconds(read.durationMs)} s`);
  const cpuBefore = process.cpuUsage();
  const result = await benchExport(context.app, context.token, { rows });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  context.log(`  dışa aktarma: ${seconds(result.durationMs)} s`);

  const reasons: string[] = [];
  if (result.durationMs >= EXPORT_BENCH_TARGET.maxMs) reasons.push('süre hedefi aşıldı');
  if (result.peakRssDeltaMb >= EXPORT_BENCH_TARGET.maxRssDeltaMb) reasons.push('bellek hedefi aşıldı');
  const detail =
    `${result.columns} sütun, dosya ${ms(result.fileBytes / MB)} MB; sorgu + xlsx ${seconds(result.exportMs)} s, ` +
    `indirme ${seconds(result.downloadMs)} s`;
  return {
    title: `Excel dışa aktarma (${count(rows)} satır)`,
    columns: [
      'Senaryo',
      'Süre s',
      'Süreç CPU s',
      'Tepe RSS artışı MB',
      'SQL okuma s',
      'SQL okuma CPU s',
      'SQL RSS artışı MB',
      'Süre / SQL',
      'Hedef',
    ],
    rows: [
      {
        cells: [
          `POST /export/leads + indirme, ${count(rows)} satır, tüm listelenebilir alanlar`,
          seconds(result.durationMs),
          seconds(cpuMs),
          ms(result.peakRssDeltaMb),
          seconds(read.durationMs),
          seconds(read.cpuMs),
          ms(read.peakRssDeltaMb),
          ratio(result.durationMs / read.durationMs),
          result.target,
        ],
        pass: result.pass,
        note: reasons.length > 0 ? `${reasons.join(', ')}; ${detail}` : detail,
      },
    ],
    notes: [
      `Taban: aynı ${count(rows)} satır, aynı sütunlar, ${count(EXPORT_BATCH_SIZE)}'lik keyset gruplarıyla yalnız SQL okuma (xlsx yok). ` +
        (context.engine === 'PGlite'
          ? 'PGlite bu süreçte çalıştığı için RSS veritabanının belleğini de içerir.'
          : 'PostgreSQL ayrı bir süreç: RSS ve CPU yalnız sunucu ve sürücüdür.') +
        ' Süreç CPU, benchExport çağrısının tamamıdır (sonda dosyanın başlığını SheetJS ile okuması dahil).',
    ],
  };
}
