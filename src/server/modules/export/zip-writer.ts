import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer (PKWARE APPNOTE 6.3, the subset OOXML needs): every entry is deflated while it
 * is written, its CRC-32 and sizes follow in a data descriptor, and the central directory is written at
 * the end. Nothing of an entry is held in memory beyond zlib's window, so a sheet of a million rows goes
 * to disk in constant memory. No ZIP64: an entry or archive past 4 GiB fails loudly instead of producing
 * a file Excel cannot open.
 */

export type ZipSource =
  string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

export interface ZipWriter {
  /** Writes one entry; entries are written one after another, never concurrently. */
  addEntry(name: string, source: ZipSource): Promise<void>;
  /** Writes the central directory and ends the output; resolves once the output has finished. */
  finish(): Promise<void>;
  /** Bytes written to the output so far. */
  readonly bytesWritten: number;
}

export interface ZipWriterOptions {
  /**
   * zlib level. 3 by default: on sheet XML it deflates about 3.5 times faster than zlib's default 6 for a
   * file about 12% larger, and for a big export the time is what the user waits for.
   */
  level?: number;
  /** Modification time stored for every entry. */
  date?: Date;
}

const SIGNATURE = {
  localHeader: 0x04034b50,
  dataDescriptor: 0x08074b50,
  centralHeader: 0x02014b50,
  endOfCentralDirectory: 0x06054b50,
} as const;

/** Bit 3: sizes and CRC follow in a data descriptor. Bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const METHOD_DEFLATE = 8;
/** 2.0: deflate and data descriptors. */
const VERSION = 20;
const MAX_32 = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
const DEFAULT_LEVEL = 3;

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date as ZIP stores them (local time, two-second resolution, years from 1980). */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, Math.min(2107, date.getFullYear()));
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

class ZipLimitError extends Error {
  constructor(what: string) {
    super(`ZIP limit exceeded: ${what} (ZIP64 is not written)`);
    this.name = 'ZipLimitError';
  }
}

function toBuffer(chunk: string | Uint8Array): Buffer {
  return typeof chunk === 'string'
    ? Buffer.from(chunk, 'utf8')
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

async function* chunksOf(source: ZipSource): AsyncGenerator<Buffer> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield toBuffer(source);
    return;
  }
  for await (const chunk of source) yield toBuffer(chunk);
}

export function createZipWriter(output: Writable, options: ZipWriterOptions = {}): ZipWriter {
  const level = options.level ?? DEFAULT_LEVEL;
  const stamp = dosDateTime(options.date ?? new Date());
  const entries: CentralEntry[] = [];
  let offset = 0;
  let busy = false;
  let finished = false;

  const write = async (buffer: Buffer): Promise<void> => {
    offset += buffer.length;
    if (!output.write(buffer)) await once(output, 'drain');
  };

  const localHeader = (name: Buffer): Buffer => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(SIGNATURE.localHeader, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(stamp.time, 10);
    header.writeUInt16LE(stamp.date, 12);
    // CRC-32 and both sizes stay 0 here: they are in the data descriptor (flag bit 3).
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, name]);
  };

  const dataDescriptor = (entry: CentralEntry): Buffer => {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(SIGNATURE.dataDescriptor, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    return descriptor;
  };

  const centralHeader = (entry: CentralEntry): Buffer => {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(SIGNATURE.centralHeader, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(METHOD_DEFLATE, 10);
    header.writeUInt16LE(stamp.time, 12);
    header.writeUInt16LE(stamp.date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressedSize, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    // extra length, comment length, disk number, internal and external attributes: all 0.
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, entry.name]);
  };

  return {
    get bytesWritten() {
      return offset;
    },

    async addEntry(name, source) {
      if (busy || finished) throw new Error('ZIP entries are written one at a time, before finish()');
      if (entries.length >= MAX_ENTRIES) throw new ZipLimitError('entry count');
      busy = true;
      try {
        const nameBytes = Buffer.from(name, 'utf8');
        const entry: CentralEntry = { name: nameBytes, crc: 0, compressedSize: 0, size: 0, offset };
        await write(localHeader(nameBytes));
        let crc = 0;
        let size = 0;
        let compressedSize = 0;
        await pipeline(
          async function* measure() {
            for await (const chunk of chunksOf(source)) {
              crc = crc32(chunk, crc);
              size += chunk.length;
              yield chunk;
            }
          },
          createDeflateRaw({ level }),
          async function* count(deflated: AsyncIterable<Buffer>) {
            for await (const chunk of deflated) {
              compressedSize += chunk.length;
              yield chunk;
            }
          },
          output,
          { end: false },
        );
        offset += compressedSize;
        if (size > MAX_32 || compressedSize > MAX_32) throw new ZipLimitError(`entry ${name}`);
        entry.crc = crc >>> 0;
        entry.size = size;
        entry.compressedSize = compressedSize;
        await write(dataDescriptor(entry));
        entries.push(entry);
      } finally {
        busy = false;
      }
    },

    async finish() {
      if (busy || finished) throw new Error('ZIP already finished or an entry is still being written');
      finished = true;
      const directoryOffset = offset;
      for (const entry of entries) {
        if (entry.offset > MAX_32) throw new ZipLimitError('archive size');
        await write(centralHeader(entry));
      }
      const directorySize = offset - directoryOffset;
      if (directoryOffset > MAX_32) throw new ZipLimitError('archive size');
      const end = Buffer.alloc(22);
      end.writeUInt32LE(SIGNATURE.endOfCentralDirectory, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(directorySize, 12);
      end.writeUInt32LE(directoryOffset, 16);
      await write(end);
      const done = once(output, 'finish');
      output.end();
      await done;
    },
  };
}
