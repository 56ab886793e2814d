import type { CrmBridge } from '../../../../shared/bridge';
import { DOUBLE_CHECK_MAX_PHONES } from '../../../../shared/contract/importer';
import { uploadImportChunks, type ImportUploadJob } from '../../../../shared/domain/import-upload';
import { callCrm } from '../../api/use-crm-call';
import { CrmError } from '../../api/crm-error';

export type ImportJob = ImportUploadJob;

export interface ImportProgress {
  done: number;
  total: number;
}

/** What an upload did, for the result the screen shows (and the import report keeps). */
export interface ImportOutcome {
  inserted: number;
  skipped: number;
  updated: number;
  /** Rows of the file whose phone a lead already had. */
  duplicates: number;
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
): Promise<ImportOutcome> {
  const status = await callCrm(bridge, 'importStatus', { body: { excelId: job.excelId } });
  const result = await uploadImportChunks(job, {
    send: (body) => callCrm(bridge, 'bulkInsert', { body }),
    chunksDone: status.chunksDone,
    retryable,
    attempts: RETRIES,
    wait: (attempt) => wait(500 * attempt),
    onAnswer: (answer) => onProgress({ done: answer.done, total: answer.total }),
  });
  const after = await callCrm(bridge, 'importStatus', { body: { excelId: job.excelId } });
  return {
    inserted: after.report?.inserted ?? (status.report?.inserted ?? 0) + result.inserted,
    skipped: result.skipped,
    updated: after.report?.updated ?? result.updated,
    duplicates: after.report?.double ?? 0,
  };
}

/** 11 characters of [a-z0-9] for the import's channel id (see docs/requirements.md#constants-and-limits). */
export function randomSuffix(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
