import { Inflate, inflateSync } from 'fflate';
import type { ImportLimits } from './import-limits';

/**
 * The xlsx zip checked before the spreadsheet library sees it. The library unpacks every part into one
 * string and builds its cells from it, so its memory grows some five times the unpacked size: a 78 MB
 * file holding 350 MB of shared strings ends the process. Each part is therefore unpacked here as a
 * stream, counting and discarding, and the file is refused once a part passes its limit; the sizes the
 * zip declares are not trusted (see docs/security.md#importer).
 */

/** Why the zip is refused; import-file.ts turns it into the file's problem. */
export type ZipProblem = 'invalidFile' | 'zipBomb' | 'partTooLarge';

export class ZipCheckError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`xlsx zip refused: ${problem}`);
    this.name = 'ZipCheckError';
  }
}

export const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const STORED = 0;
const DEFLATED = 8;
/** [Content_Types].xml is a few kilobytes; a larger one is no spreadsheet's. */
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;
const SHARED_STRINGS_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml',
  'application/vnd.ms-excel.sharedStrings',
];
/** Packed bytes handed to the inflater at a time: its output comes in pieces of about this order. */
const FEED_BYTES = 64 * 1024;

export function u32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] ?? 0) |
      ((bytes[at + 1] ?? 0) << 8) |
      ((bytes[at + 2] ?? 0) << 16) |
      ((bytes[at + 3] ?? 0) << 24)) >>>
    0
  );
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  packed: number;
  declared: number;
  /** Where the packed bytes start. */
  dataAt: number;
}

/** The central directory's entries; ZIP64 is refused (no spreadsheet within the limits needs it). */
function readEntries(bytes: Uint8Array): ZipEntry[] {
  if (u32(bytes, 0) !== ZIP_LOCAL) throw new ZipCheckError('invalidFile');
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 65_535; at -= 1) {
    if (u32(bytes, at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipCheckError('invalidFile');
  const count = u16(bytes, end + 10);
  const directory = u32(bytes, end + 16);
  if (count === 0xffff || directory === 0xffffffff) throw new ZipCheckError('zipBomb');
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directory;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== ZIP_CENTRAL) throw new ZipCheckError('invalidFile');
    const packed = u32(bytes, at + 20);
    const declared = u32(bytes, at + 24);
    if (packed === 0xffffffff || declared === 0xffffffff) throw new ZipCheckError('zipBomb');
    const nameLength = u16(bytes, at + 28);
    const local = u32(bytes, at + 42);
    if (local + 30 > bytes.length || u32(bytes, local) !== ZIP_LOCAL) throw new ZipCheckError('invalidFile');
    const dataAt = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    if (dataAt + packed > bytes.length) throw new ZipCheckError('invalidFile');
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(bytes, at + 10),
      encrypted: (u16(bytes, at + 8) & 1) === 1,
      packed,
      declared,
      dataAt,
    });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/**
 * The bytes a part unpacks to, counted as they come; throws once they pass `limit` (what is left of the
 * file's whole limit, or the part's own, whichever is smaller), before anything more is unpacked.
 */
function unpackedSize(bytes: Uint8Array, entry: ZipEntry, limit: number, overLimit: ZipProblem): number {
  const packed = bytes.subarray(entry.dataAt, entry.dataAt + entry.packed);
  if (entry.method === STORED) {
    if (packed.length > limit) throw new ZipCheckError(overLimit);
    return packed.length;
  }
  if (entry.method !== DEFLATED || entry.encrypted) throw new ZipCheckError('invalidFile');
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > limit) throw new ZipCheckError(overLimit);
  });
  try {
    for (let at = 0; at < packed.length; at += FEED_BYTES) {
      const end = Math.min(at + FEED_BYTES, packed.length);
      inflater.push(packed.subarray(at, end), end === packed.length);
    }
    if (packed.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipCheckError) throw error;
    throw new ZipCheckError('invalidFile');
  }
  return size;
}

/** Parts [Content_Types].xml declares as shared strings (the library finds them there, by any name). */
function sharedStringParts(bytes: Uint8Array, entries: readonly ZipEntry[]): Set<string> {
  const parts = new Set<string>();
  const types = entries.find((entry) => entry.name === '[Content_Types].xml');
  if (!types) return parts;
  // Bounded before it is unpacked whole: one small part read into memory.
  unpackedSize(bytes, types, CONTENT_TYPES_MAX_BYTES, 'zipBomb');
  const packed = bytes.subarray(types.dataAt, types.dataAt + types.packed);
  let xml: string;
  try {
    xml = new TextDecoder().decode(types.method === STORED ? packed : inflateSync(packed));
  } catch {
    throw new ZipCheckError('invalidFile');
  }
  for (const tag of xml.match(/<(?:\w+:)?Override\b[^>]*>/g) ?? []) {
    const type = /ContentType\s*=\s*"([^"]*)"/.exec(tag)?.[1] ?? '';
    const name = /PartName\s*=\s*"([^"]*)"/.exec(tag)?.[1] ?? '';
    if (SHARED_STRINGS_TYPES.includes(type)) parts.add(name.replace(/^\/+/, ''));
  }
  return parts;
}

/** A worksheet by its place in the package; shared strings declared under that name stay strings. */
function isWorksheet(name: string, sharedStrings: ReadonlySet<string>): boolean {
  return /^xl\/worksheets\/[^/]+\.xml$/i.test(name) && !sharedStrings.has(name);
}

/**
 * Refuses the zip before the spreadsheet library unpacks it: the whole past maxUncompressedBytes or a
 * part packed past maxCompressionRatio is a zip bomb; the shared strings (and any part but a worksheet)
 * past maxSharedStringsBytes, or a worksheet past maxSheetBytes, is too large to parse.
 */
export function checkXlsxZip(bytes: Uint8Array, limits: ImportLimits): void {
  const entries = readEntries(bytes);
  let declaredTotal = 0;
  for (const entry of entries) declaredTotal += entry.declared;
  if (declaredTotal > limits.maxUncompressedBytes) throw new ZipCheckError('zipBomb');
  const sharedStrings = sharedStringParts(bytes, entries);
  let total = 0;
  for (const entry of entries) {
    // The directory's own claim first: a part that says it is a bomb is one, unpacked or not.
    if (
      entry.declared > 1024 * 1024 &&
      entry.declared > Math.max(entry.packed, 1) * limits.maxCompressionRatio
    )
      throw new ZipCheckError('zipBomb');
    const partLimit = isWorksheet(entry.name, sharedStrings)
      ? limits.maxSheetBytes
      : limits.maxSharedStringsBytes;
    const left = limits.maxUncompressedBytes - total;
    const size =
      left < partLimit
        ? unpackedSize(bytes, entry, left, 'zipBomb')
        : unpackedSize(bytes, entry, partLimit, 'partTooLarge');
    if (size > 1024 * 1024 && size > Math.max(entry.packed, 1) * limits.maxCompressionRatio)
      throw new ZipCheckError('zipBomb');
    total += size;
  }
}
