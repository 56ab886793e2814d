import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EXPORT_FILE_TTL_MS } from '../../../shared/domain/export';

/**
 * Export files on disk: `<dir>/<id>.xlsx` plus `<id>.json` saying who wrote it, when, and the name to
 * download it as. The id is 128 random bits, so a file cannot be guessed; the owner check makes a leaked
 * id useless to anyone else. A file is written as `<id>.part` and renamed when complete, so a download
 * never sees half a file. Everything older than the TTL is deleted by `sweep()`.
 */

export interface ExportFileMeta {
  userId: number;
  table: string;
  /** Download name, e.g. leads-20250301-1430.xlsx */
  fileName: string;
  rows: number;
  /** epoch ms */
  createdAt: number;
}

export interface StoredExportFile {
  path: string;
  size: number;
  meta: ExportFileMeta;
}

export interface ExportFileStore {
  readonly dir: string;
  /** A fresh id and the path to write the file to. */
  reserve(): Promise<{ id: string; partPath: string }>;
  /** Makes a written file downloadable. */
  commit(id: string, meta: ExportFileMeta): Promise<void>;
  /** Removes a file that failed or is no longer wanted (any stage). */
  discard(id: string): Promise<void>;
  /** The file if it exists, belongs to `userId` and has not expired; otherwise null (one answer for all). */
  find(id: string, userId: number): Promise<StoredExportFile | null>;
  /** Deletes expired files and leftovers of interrupted exports; answers how many ids were removed. */
  sweep(): Promise<number>;
}

export interface ExportFileStoreOptions {
  dir: string;
  ttlMs?: number;
  now?: () => number;
}

const ID = /^[0-9a-f]{32}$/;
const FILE = /^([0-9a-f]{32})\.(xlsx|json|part)$/;

const metaSchema = z.object({
  userId: z.number().int(),
  table: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  createdAt: z.number(),
});

/** `<dataDir>/exports`, or a folder in the OS temp directory when the server keeps no data folder. */
export function exportDirectory(dataDir: string | undefined): string {
  return dataDir ? join(dataDir, 'exports') : join(tmpdir(), 'crm-exports');
}

export function isExportId(value: string): boolean {
  return ID.test(value);
}

export function createExportFileStore(options: ExportFileStoreOptions): ExportFileStore {
  const { dir } = options;
  const ttlMs = options.ttlMs ?? EXPORT_FILE_TTL_MS;
  const now = options.now ?? Date.now;
  const pathOf = (id: string, kind: 'xlsx' | 'json' | 'part'): string => join(dir, `${id}.${kind}`);

  const readMeta = async (id: string): Promise<ExportFileMeta | null> => {
    try {
      const parsed = metaSchema.safeParse(JSON.parse(await readFile(pathOf(id, 'json'), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const discard = async (id: string): Promise<void> => {
    if (!ID.test(id)) return;
    await Promise.all(
      (['part', 'xlsx', 'json'] as const).map((kind) => rm(pathOf(id, kind), { force: true })),
    );
  };

  return {
    dir,

    async reserve() {
      await mkdir(dir, { recursive: true });
      const id = randomBytes(16).toString('hex');
      return { id, partPath: pathOf(id, 'part') };
    },

    async commit(id, meta) {
      await rename(pathOf(id, 'part'), pathOf(id, 'xlsx'));
      // The metadata last: without it the file is never served, only swept.
      await writeFile(pathOf(id, 'json'), JSON.stringify(meta), { mode: 0o600 });
    },

    discard,

    async find(id, userId) {
      if (!ID.test(id)) return null;
      const meta = await readMeta(id);
      if (!meta || meta.userId !== userId) return null;
      if (now() - meta.createdAt > ttlMs) {
        await discard(id);
        return null;
      }
      try {
        const info = await stat(pathOf(id, 'xlsx'));
        return info.isFile() ? { path: pathOf(id, 'xlsx'), size: info.size, meta } : null;
      } catch {
        return null;
      }
    },

    async sweep() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      const ids = new Set<string>();
      for (const name of names) {
        const match = FILE.exec(name);
        if (match?.[1]) ids.add(match[1]);
      }
      let removed = 0;
      for (const id of ids) {
        const meta = await readMeta(id);
        let born = meta?.createdAt;
        if (born === undefined) {
          // No metadata: an export still being written, or one that died. Judge it by its files' age.
          const times = await Promise.all(
            (['part', 'xlsx', 'json'] as const).map((kind) =>
              stat(pathOf(id, kind)).then(
                (info) => info.mtimeMs,
                () => Number.NEGATIVE_INFINITY,
              ),
            ),
          );
          born = Math.max(...times);
        }
        if (now() - born > ttlMs) {
          await discard(id);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
