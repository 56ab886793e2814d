import { describe, expect, it } from 'vitest';
import type { ImportChunkBody as BulkInsertBody } from '../../../src/shared/domain/import-upload';
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

/**
 * A stand-in server: answers each chunk after a few ms (one row of each a duplicate), refusing where
 * told; a chunk it has written before is answered as repeated with its earlier counts.
 */
function fakeServer(refuse: (body: BulkInsertBody, tries: number) => Error | null = () => null) {
  const bodies: BulkInsertBody[] = [];
  const written = new Map<number, ChunkAnswer>();
  const tries = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let done = 0;
  const send = async (body: BulkInsertBody): Promise<ChunkAnswer> => {
    bodies.push(body);
    tries.set(body.chunk, (tries.get(body.chunk) ?? 0) + 1);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight -= 1;
    const earlier = written.get(body.chunk);
    if (earlier) return { ...earlier, repeated: true };
    const refusal = refuse(body, tries.get(body.chunk) ?? 0);
    if (refusal) throw refusal;
    done += body.inputs.data.length;
    const answer = { successCount: body.inputs.data.length - 1, skipped: 1, done, total: body.total };
    written.set(body.chunk, { ...answer, repeated: false });
    return { ...answer, repeated: false };
  };
  return { send, bodies, written, maxInFlight: () => maxInFlight };
}

describe('uploadImportChunks', () => {
  it('sends every chunk once, in the file order, one at a time, with its place in the file', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 4 + 10), {
      send: server.send,
      onAnswer: (answer) => progress.push(answer.done),
    });
    expect(server.bodies.map((body) => body.chunk)).toEqual([0, 1, 2, 3, 4]);
    expect(server.maxInFlight()).toBe(1);
    expect(result).toEqual({ inserted: IMPORT_CHUNK_ROWS * 4 + 10 - 5, skipped: 5, updated: 0 });
    expect(progress.at(-1)).toBe(IMPORT_CHUNK_ROWS * 4 + 10);
    const last = server.bodies.at(-1);
    expect(last?.firstRow).toBe(IMPORT_CHUNK_ROWS * 4 + 2);
    expect(last?.inputs.data).toHaveLength(10);
    expect(last?.inputs.data[0]?.[0]).toBe(`Kişi ${IMPORT_CHUNK_ROWS * 4}`);
    expect(last?.chunks).toBe(5);
    expect(last?.total).toBe(IMPORT_CHUNK_ROWS * 4 + 10);
    expect(last?.skipDuplicates).toBe(1);
  });

  it('skips the chunks the server had when the upload started', async () => {
    const server = fakeServer();
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 3), {
      chunksDone: [0, 2],
      send: server.send,
    });
    expect(server.bodies.map((body) => body.chunk)).toEqual([1]);
    expect(result.inserted).toBe(IMPORT_CHUNK_ROWS - 1);
  });

  it('counts a chunk written by a try whose answer was lost, once', async () => {
    const server = fakeServer();
    let lost = 1;
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 2), {
      send: async (body) => {
        const answer = await server.send(body);
        // the server wrote chunk 1, but its answer never arrived
        if (body.chunk === 1 && lost-- > 0) throw new Error('network');
        return answer;
      },
      retryable: (error) => error instanceof Error && error.message === 'network',
      attempts: 3,
    });
    expect(server.bodies.map((body) => body.chunk)).toEqual([0, 1, 1]);
    expect(server.written.size).toBe(2);
    expect(result.inserted).toBe(IMPORT_CHUNK_ROWS * 2 - 2);
  });

  it('tries a network failure again, and stops at a refusal or when out of tries', async () => {
    const waits: number[] = [];
    const once = fakeServer((body, tries) => (body.chunk === 1 && tries === 1 ? new Error('network') : null));
    const result = await uploadImportChunks(job(IMPORT_CHUNK_ROWS * 2), {
      send: once.send,
      retryable: (error) => error instanceof Error && error.message === 'network',
      attempts: 3,
      wait: async (attempt) => {
        waits.push(attempt);
      },
    });
    expect(waits).toEqual([1]);
    expect(result.inserted).toBe(IMPORT_CHUNK_ROWS * 2 - 2);

    const refusing = fakeServer((body) => (body.chunk === 1 ? new Error('Geçersiz alan') : null));
    await expect(
      uploadImportChunks(job(IMPORT_CHUNK_ROWS * 4), {
        send: refusing.send,
        retryable: (error) => error instanceof Error && error.message === 'network',
        attempts: 3,
      }),
    ).rejects.toThrow('Geçersiz alan');
    // a refusal is not tried again, and nothing after it is sent
    expect(refusing.bodies.map((body) => body.chunk)).toEqual([0, 1]);

    const down = fakeServer(() => new Error('network'));
    await expect(
      uploadImportChunks(job(IMPORT_CHUNK_ROWS), {
        send: down.send,
        retryable: () => true,
        attempts: 3,
      }),
    ).rejects.toThrow('network');
    expect(down.bodies).toHaveLength(3);
  });
});
