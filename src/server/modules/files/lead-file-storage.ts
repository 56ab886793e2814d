import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/** `<dataDir>/files`, or a folder in the OS temp directory when the server keeps no data folder. */
export function leadFilesDirectory(dataDir: string | undefined): string {
  return dataDir ? join(dataDir, 'files') : join(tmpdir(), 'crm-files');
}

const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;

/**
 * Lead files on disk: `<root>/<leadId>/<128 random bits>.<ext>`. Names are ours only, so nothing a client
 * sends ever becomes part of a path.
 */
export interface LeadFileStorage {
  readonly root: string;
  /** A fresh stored name for a file of `extension`. */
  newName(extension: string): string;
  pathOf(leadId: number, storedName: string): string;
  /** Writes chunks to a new file; the first chunk is written as given (already read to sniff the type). */
  write(
    leadId: number,
    storedName: string,
    first: Uint8Array,
    rest: AsyncIterator<Uint8Array>,
    onChunk: (bytes: number) => void,
  ): Promise<void>;
  remove(leadId: number, storedName: string): Promise<void>;
}

export function createLeadFileStorage(root: string): LeadFileStorage {
  const pathOf = (leadId: number, storedName: string): string => {
    if (!Number.isSafeInteger(leadId) || leadId <= 0 || !STORED_NAME.test(storedName)) {
      throw new Error(`Invalid stored file reference ${leadId}/${storedName}`);
    }
    return join(root, String(leadId), storedName);
  };

  return {
    root,
    newName: (extension) => `${randomBytes(16).toString('hex')}.${extension}`,
    pathOf,
    async write(leadId, storedName, first, rest, onChunk) {
      const path = pathOf(leadId, storedName);
      await mkdir(join(root, String(leadId)), { recursive: true });
      // wx: a name that exists (128 random bits, so never) is not overwritten.
      const out = createWriteStream(path, { flags: 'wx' });
      try {
        const put = async (chunk: Uint8Array): Promise<void> => {
          onChunk(chunk.byteLength);
          if (!out.write(chunk)) await once(out, 'drain');
        };
        await put(first);
        for (let next = await rest.next(); next.done !== true; next = await rest.next()) {
          await put(next.value);
        }
        out.end();
        await finished(out);
      } catch (error) {
        // The stream opens its file in the background: a failure on the very first chunk can come before
        // the open. Removing the file before the stream has closed would let the open create it again.
        if (!out.closed) {
          const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
          out.destroy();
          await closed;
        }
        await rm(path, { force: true });
        throw error;
      }
    },
    async remove(leadId, storedName) {
      await rm(pathOf(leadId, storedName), { force: true });
    },
  };
}
