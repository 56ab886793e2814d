import type { ImportDuplicatePolicy, ImportOwner } from './import-owner';
import { planChunks } from './import-plan';

/**
 * The chunked upload of an import (POST /bulk/insert/), shared by the screen and the bench so both send
 * exactly the same requests. One chunk after another, in the file's order: the leads keep the file's
 * order, and of two rows with the same phone the earlier one is kept. (Two chunks in flight were
 * measured and gained little, because the server writes an import's chunks one at a time anyway; see
 * docs/user-guide.md#importing-leads.) Chunks the server already has are skipped.
 */

/** One chunk as POST /bulk/insert/ takes it (the contract's bulkInsert body; the domain sits below it). */
export interface ImportChunkBody {
  table: string;
  excelId: string;
  fileName: string;
  chunk: number;
  chunks: number;
  firstRow: number;
  total: number;
  skipDuplicates: 0 | 1;
  duplicatePolicy?: ImportDuplicatePolicy;
  owner?: ImportOwner;
  inputs: { columns: string[]; data: string[][] };
}

export interface ImportUploadJob {
  table: string;
  excelId: string;
  fileName: string;
  columns: string[];
  rows: string[][];
  skipDuplicates: boolean;
  /** The duplicate policy and owner step (see docs/user-guide.md#importing-leads); every chunk carries them. */
  duplicatePolicy?: ImportDuplicatePolicy;
  owner?: ImportOwner | undefined;
}

export interface ChunkAnswer {
  successCount: number;
  skipped: number;
  updated?: number;
  done: number;
  total: number;
  repeated: boolean;
}

export interface ImportUploadOptions {
  /** Sends one chunk; answers the server's result or throws. */
  send: (body: ImportChunkBody) => Promise<ChunkAnswer>;
  /** Chunks the server already has (an interrupted upload of the same file). */
  chunksDone?: readonly number[];
  /** A failure worth another try (the network, the server), not a refusal of the rows. */
  retryable?: (error: unknown) => boolean;
  /** Tries per chunk, the first included. */
  attempts?: number;
  /** Waits before try n + 1. */
  wait?: (attempt: number) => Promise<void>;
  onAnswer?: (answer: ChunkAnswer) => void;
}

export interface ImportUploadResult {
  /** Rows of the chunks this upload sent that are now in the table. */
  inserted: number;
  skipped: number;
  updated: number;
}

function chunkBody(
  job: ImportUploadJob,
  chunks: number,
  index: number,
  start: number,
  end: number,
): ImportChunkBody {
  return {
    table: job.table,
    excelId: job.excelId,
    fileName: job.fileName,
    chunk: index,
    chunks,
    firstRow: start + 2,
    total: job.rows.length,
    skipDuplicates: job.skipDuplicates ? 1 : 0,
    ...(job.duplicatePolicy ? { duplicatePolicy: job.duplicatePolicy } : {}),
    ...(job.owner ? { owner: job.owner } : {}),
    inputs: { columns: job.columns, data: job.rows.slice(start, end) },
  };
}

/** Sends every chunk not yet done; a refused chunk (or one out of tries) stops the upload. */
export async function uploadImportChunks(
  job: ImportUploadJob,
  options: ImportUploadOptions,
): Promise<ImportUploadResult> {
  const chunks = planChunks(job.rows);
  const done = new Set(options.chunksDone ?? []);
  const attempts = Math.max(1, options.attempts ?? 1);
  let inserted = 0;
  let skipped = 0;
  let updated = 0;
  for (const [index, [start, end]] of chunks.entries()) {
    if (done.has(index)) continue;
    const body = chunkBody(job, chunks.length, index, start, end);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await options.send(body);
        // A repeated chunk was written by an earlier try of this upload whose answer was lost (chunks
        // written before the upload started are skipped above): its rows are this upload's too.
        inserted += answer.successCount;
        skipped += answer.skipped;
        updated += answer.updated ?? 0;
        options.onAnswer?.(answer);
        break;
      } catch (error) {
        if (attempt >= attempts || !(options.retryable?.(error) ?? false)) throw error;
        await options.wait?.(attempt);
      }
    }
  }
  return { inserted, skipped, updated };
}
