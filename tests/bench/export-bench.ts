import type { FastifyInstance } from 'fastify';
import * as XLSX from 'xlsx';
import { contract, encodeForm, fillPath, type ExcelFile } from '../../src/shared/contract';

/** The target of docs/performance.md#current-figures for an export of 100,000 rows. */
export const EXPORT_BENCH_TARGET = { maxMs: 8_000, maxRssDeltaMb: 300 } as const;

export interface ExportBenchOptions {
  /** Rows to export: the newest leads by id. Default 100,000. */
  rows?: number;
  /** Columns; default every field the user may list (the heaviest export a user can ask for). */
  fields?: readonly string[];
  /** Sort of the export; default the list's own (id desc, keyset batches). */
  sort?: { name: string; type: 'asc' | 'desc' };
  /** RSS sampling interval. */
  sampleMs?: number;
}

export interface ExportBenchResult {
  rows: number;
  columns: number;
  /** POST /export/leads (query, xlsx written to disk) plus GET of the file. */
  durationMs: number;
  exportMs: number;
  downloadMs: number;
  fileBytes: number;
  /** Highest RSS seen during the export and download, minus the RSS before it. */
  peakRssDeltaMb: number;
  target: string;
  pass: boolean;
}

const MB = 1024 * 1024;

function authorized(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
}

/** The id of the `rows`-th newest lead: exporting `id >= it` gives exactly `rows` rows. */
async function lowestIdOfNewest(app: FastifyInstance, token: string, rows: number): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/api${fillPath(contract.table.path, { table: 'leads' }).path}`,
    headers: authorized(token),
    // A one-off OFFSET to find the boundary; the export itself never pages this way.
    // exact_total: the list's own count stops at 10,000, far below the rows asked for here.
    payload: encodeForm({
      page: rows,
      limit: 1,
      sort: { name: 'id', type: 'desc' },
      fields: ['id'],
      exact_total: '1',
    }),
  });
  const body = response.json<{ results: { id: number }[]; total: number }>();
  if (response.statusCode !== 200) throw new Error(`table call failed: ${response.body}`);
  if (body.total < rows) throw new Error(`only ${body.total} leads, the export bench needs ${rows}`);
  const id = body.results[0]?.id;
  if (typeof id !== 'number') throw new Error('no boundary id');
  return id;
}

/**
 * Bench scenario: export the newest 100,000 leads through POST /export/leads as the given user and
 * download the file, measuring the wall time and the peak RSS growth of this process (server, database
 * driver and, on PGlite, the database itself all live here).
 */
export async function benchExport(
  app: FastifyInstance,
  token: string,
  options: ExportBenchOptions = {},
): Promise<ExportBenchResult> {
  const rows = options.rows ?? 100_000;
  const fromId = await lowestIdOfNewest(app, token, rows);
  const body: Record<string, unknown> = { table: 'leads', filters: [{ name: 'id', type: 6, value: fromId }] };
  if (options.fields) body.fields = [...options.fields];
  if (options.sort) body.sort = options.sort;

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, options.sampleMs ?? 20);

  let exportMs: number;
  let downloadMs: number;
  let file: Buffer;
  try {
    const t0 = performance.now();
    const exported = await app.inject({
      method: 'POST',
      url: `/api${fillPath(contract.exportTable.path, { table: 'leads' }).path}`,
      headers: authorized(token),
      payload: encodeForm(body),
    });
    const t1 = performance.now();
    const answer = exported.json<{ success: boolean; excelFiles: ExcelFile[]; msg?: string }>();
    const excel = answer.excelFiles[0];
    if (exported.statusCode !== 200 || !answer.success || !excel) {
      throw new Error(`export failed: ${exported.body}`);
    }
    const downloaded = await app.inject({
      method: 'GET',
      url: `/api${excel.url}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (downloaded.statusCode !== 200) throw new Error(`download failed: ${downloaded.statusCode}`);
    file = downloaded.rawPayload;
    exportMs = t1 - t0;
    downloadMs = performance.now() - t1;
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }

  // Outside the measurement: the header row and the row count, read back with SheetJS.
  const sheet = XLSX.read(file, { sheetRows: 2 }).Sheets.Leadler;
  const header = sheet ? (XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] ?? []) : [];
  const durationMs = exportMs + downloadMs;
  const peakRssDeltaMb = (peak - baseline) / MB;
  return {
    rows,
    columns: header.length,
    durationMs,
    exportMs,
    downloadMs,
    fileBytes: file.length,
    peakRssDeltaMb,
    target: `< ${EXPORT_BENCH_TARGET.maxMs / 1000} s ve RSS artışı < ${EXPORT_BENCH_TARGET.maxRssDeltaMb} MB`,
    pass: durationMs < EXPORT_BENCH_TARGET.maxMs && peakRssDeltaMb < EXPORT_BENCH_TARGET.maxRssDeltaMb,
  };
}
