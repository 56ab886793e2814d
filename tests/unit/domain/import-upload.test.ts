import { describe, expect, it } from 'vitest';
import type { BulkInsertBody } from '../../../src/shared/contract/importer';
import { IMPORT_CHUNK_ROWS } from '../../../src/shared/domain/import-limits';
import {
  uploadImportChunks,
  type ChunkAnswer,
  type ImportUploadJob,
} from '../../../src/shared/domain/import-upload';

const job = (rows: number): ImportUploadJob => ({
  table: 'leads',
  excelId: 'kampanya_abcdefghijk',
  fileName: 'kampanya.csv',
  columns: ['name', 'phone'],
  rows: Array.from({ length: rows }, (_, i) => [`Kişi ${i}`, `532${String(i).padStart(7, '0')}`]),
  skipDuplicates: true,
});

/** A stand-in server: answers each chunk after `delay` ms, counting rows; refuses where told. */
function fakeServer(options: { delay?: number; refuse?: (body: BulkInsertBody) => unknown } = {}) {
  const sent: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let done = 0;
  const send = async (body: BulkInsertBody): Promise<ChunkAnswer> => {
    sent.push(body.chunk);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, options.delay ?? 5));
    inFlight -= 1;
    const refusal = options.refuse?.(body);
    if (refusal) throw refusal;
    const rows = body.inputs.data.length;
    done += rows;
    return { successCount: rows - 1, skipped: 1, done, total: body.total, repeated: false };
  };
  return { send, sent, maxInFlight: () => maxInFlight };
}

describe('uploadImportChunks', () => {
  it('sends every chunk once, two at a time, with its place in the file', async () => {
    const server = fakeServer();
    const bodies: BulkInsertBody[] = [];
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 4 + 10), {
      send: (body) => {
        bodies.push(body);
        return server.send(body);
      },
    });
    expect([...server.sent].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(server.maxInFlight()).toBe(2);
    expect(result).toEqual({ inserted: IMPORT_CHUNK_ROWS * 4 + 10 - 5, skipped: 5 });
    const last = bodies.find((body) => body.chunk === 4);
    expect(last?.firstRow).toBe(IMPORT_CHUNK_ROWS * 4 + 2);
    expect(last?.inputs.data).toHaveLength(10);
    expect(last?.chunks).toBe(5);
    expect(last?.skipDuplicates).toBe(1);
  });

  it('skips the chunks the server has and does not count a repeated chunk', async () => {
    const sent: number[] = [];
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 3), {
      chunksDone: [0, 2],
      send: async (body) => {
        sent.push(body.chunk);
        return { successCount: 7, skipped: 0, done: 0, total: 0, repeated: true };
      },
    });
    expect(sent).toEqual([1]);
    expect(result.inserted).toBe(0);
  });

  it('tries a retryable failure again and stops at the first refusal', async () => {
    let networkFailures = 1;
    const waits: number[] = [];
    const flaky = fakeServer({
      refuse: (body) => (body.chunk === 1 && networkFailures-- > 0 ? new Error('network') : null),
    });
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 2), {
      send: flaky.send,
      retryable: (error) => error instanceof Error && error.message === 'network',
      attempts: 3,
      wait: async (attempt) => {
        waits.push(attempt);
      },
    });
    expect(waits).toEqual([1]);
    expect(result.inserted).toBe(IMPORT_CHUNK_ROWS * 2 - 2);

    const refusing = fakeServer({ refuse: (body) => (body.chunk === 0 ? new Error('Geçersiz alan') : null) });
    await expect(
      uploadImportChunks(job(IMPORT_CHUNK_ROWS * 6), { send: refusing.send, retryable: () => false }),
    ).rejects.toThrow('Geçersiz alan');
    // the chunk in flight beside the refused one finishes; no new chunk starts after the refusal
    expect([...refusing.sent].sort()).toEqual([0, 1]);
  });
});
