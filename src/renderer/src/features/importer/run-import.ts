import type { CrmBridge } from '../../../../shared/bridge';
import { DOUBLE_CHECK_MAX_PHONES } from '../../../../shared/contract/importer';
import { planChunks } from '../../../../shared/domain/import-plan';
import { callCrm } from '../../api/use-crm-call';
import { CrmError } from '../../api/crm-error';

export interface ImportJob {
  table: string;
  excelId: string;
  fileName: string;
  columns: string[];
  rows: string[][];
  skipDuplicates: boolean;
}

export interface ImportProgress {
  done: number;
  total: number;
}

/** Matching phones of the whole file, asked in requests of at most DOUBLE_CHECK_MAX_PHONES phones. */
export async function checkDuplicates(
  bridge: CrmBridge,
  table: string,
  phones: readonly string[],
): Promise<{ matchCount: number; total: number }> {
  let matchCount = 0;
  for (let start = 0; start < phones.length; start += DOUBLE_CHECK_MAX_PHONES) {
    const answer = await callCrm(bridge, 'doubleCheck', {
      body: { table, phones: phones.slice(start, start + DOUBLE_CHECK_MAX_PHONES) },
    });
    matchCount += answer.result.match_count;
  }
  return { matchCount, total: phones.length };
}

const RETRIES = 3;
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure worth another try: the network or the server, not a refusal of the rows. */
const retryable = (error: unknown): boolean =>
  error instanceof CrmError && (error.kind === 'network' || error.kind === 'server');

/**
 * Sends the rows chunk by chunk (POST /bulk/insert/). Chunks the server already has (an interrupted
 * upload of the same file) are skipped; a chunk that fails on the network is sent again, which the
 * server answers without inserting twice. Answers the rows inserted and left out.
 */
export async function runImport(
  bridge: CrmBridge,
  job: ImportJob,
  onProgress: (progress: ImportProgress) => void,
): Promise<{ inserted: number; skipped: number }> {
  const status = await callCrm(bridge, 'importStatus', { body: { excelId: job.excelId } });
  const done = new Set(status.chunksDone);
  const chunks = planChunks(job.rows);
  let inserted = status.report?.inserted ?? 0;
  let skipped = 0;
  for (let index = 0; index < chunks.length; index += 1) {
    if (done.has(index)) continue;
    const [start, end] = chunks[index] ?? [0, 0];
    const body = {
      table: job.table,
      excelId: job.excelId,
      fileName: job.fileName,
      chunk: index,
      chunks: chunks.length,
      firstRow: start + 2,
      total: job.rows.length,
      skipDuplicates: job.skipDuplicates ? (1 as const) : (0 as const),
      inputs: { columns: job.columns, data: job.rows.slice(start, end) },
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await callCrm(bridge, 'bulkInsert', { body });
        if (!answer.repeated) inserted += answer.successCount;
        skipped += answer.skipped;
        onProgress({ done: answer.done, total: answer.total });
        break;
      } catch (error) {
        if (attempt >= RETRIES || !retryable(error)) throw error;
        await wait(500 * attempt);
      }
    }
  }
  return { inserted, skipped };
}

/** 11 characters of [a-z0-9] for the import's channel id (spec 2 §9). */
export function randomSuffix(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
