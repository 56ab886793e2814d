import type { BulkInsertBody } from '../contract/importer';
import { planChunks } from './import-plan';

/**
 * The chunked upload of an import (POST /bulk/insert/), shared by the screen and the bench so both send
 * exactly the same requests. Two chunks are in flight at a time: while the server writes one chunk (its
 * transaction holds the import's report row, so chunks are still written one after another), the next
 * one is already on its way and being read and checked. Chunks the server already has are skipped.
 */

/** Chunks sent at once. More would only queue on the report row's lock and hold more memory. */
export const IMPORT_CHUNKS_IN_FLIGHT = 2;

export interface ImportUploadJob {
  table: string;
  excelId: string;
  fileName: string;
  columns: string[];
  rows: string[][];
  skipDuplicates: boolean;
}

export interface ChunkAnswer {
  successCount: number;
  skipped: number;
  done: number;
  total: number;
  repeated: boolean;
}

export interface ImportUploadOptions {
  /** Sends one chunk; answers the server's result or throws. */
  send: (body: BulkInsertBody) => Promise<ChunkAnswer>;
  /** Chunks the server already has (an interrupted upload of the same file). */
  chunksDone?: readonly number[];
  /** A failure worth another try (the network, the server), not a refusal of the rows. */
  retryable?: (error: unknown) => boolean;
  /** Tries per chunk, the first included. */
  attempts?: number;
  /** Waits before try n + 1. */
  wait?: (attempt: number) => Promise<void>;
  onAnswer?: (answer: ChunkAnswer) => void;
  inFlight?: number;
}

export interface ImportUploadResult {
  /** Rows this upload added (a repeated chunk counted once, by the try that inserted it). */
  inserted: number;
  skipped: number;
}

export function chunkBody(
  job: ImportUploadJob,
  chunks: number,
  index: number,
  start: number,
  end: number,
): BulkInsertBody {
  return {
    table: job.table,
    excelId: job.excelId,
    fileName: job.fileName,
    chunk: index,
    chunks,
    firstRow: start + 2,
    total: job.rows.length,
    skipDuplicates: job.skipDuplicates ? 1 : 0,
    inputs: { columns: job.columns, data: job.rows.slice(start, end) },
  };
}

/** Sends every chunk not yet done; the first refused chunk stops the upload (those in flight finish). */
export async function uploadImportChunks(
  job: ImportUploadJob,
  options: ImportUploadOptions,
): Promise<ImportUploadResult> {
  const chunks = planChunks(job.rows);
  const done = new Set(options.chunksDone ?? []);
  const queue = chunks.flatMap(([start, end], index) => (done.has(index) ? [] : [{ index, start, end }]));
  const attempts = Math.max(1, options.attempts ?? 1);
  let inserted = 0;
  let skipped = 0;
  // The first refusal; the workers stop taking chunks once there is one.
  const failures: unknown[] = [];

  async function sendWithRetries(body: BulkInsertBody): Promise<ChunkAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await options.send(body);
      } catch (error) {
        if (attempt >= attempts || !(options.retryable?.(error) ?? false)) throw error;
        await options.wait?.(attempt);
      }
    }
  }

  async function worker(): Promise<void> {
    for (let next = queue.shift(); next && failures.length === 0; next = queue.shift()) {
      const body = chunkBody(job, chunks.length, next.index, next.start, next.end);
      try {
        const answer = await sendWithRetries(body);
        if (!answer.repeated) inserted += answer.successCount;
        skipped += answer.skipped;
        options.onAnswer?.(answer);
      } catch (error) {
        failures.push(error);
      }
    }
  }

  const workers = Math.max(1, Math.min(options.inFlight ?? IMPORT_CHUNKS_IN_FLIGHT, queue.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  if (failures.length > 0) throw failures[0];
  return { inserted, skipped };
}
