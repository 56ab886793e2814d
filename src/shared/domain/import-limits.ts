/**
 * Limits of one import. A file past them is refused before anything is sent, with a Turkish reason;
 * the server checks every chunk against the same numbers (a client cannot talk it out of them).
 */

const MB = 1024 * 1024;

/** Default file size limit; the desktop app reads IMPORT_MAX_BYTES from its environment. */
export const IMPORT_DEFAULT_MAX_BYTES = 200 * MB;
/** The largest IMPORT_MAX_BYTES the desktop app reads into memory at all (a Node buffer's practical bound). */
export const IMPORT_MAX_BYTES_CEILING = 2048 * MB;
/** Rows of one file (header excluded): a million-row CSV imports; more is refused. */
export const IMPORT_MAX_ROWS = 1_000_000;
/** Columns of one file; no table has more fields than this. */
export const IMPORT_MAX_COLUMNS = 100;
/** Characters of one cell: Excel's own cell limit. A megabyte cell is no lead's data. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** What an xlsx may unpack to in all; a zip bomb declares far more. */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 1024 * MB;
/**
 * What an xlsx's shared strings (and any part but a worksheet) may unpack to: the spreadsheet library
 * needs some five times this in memory. A million leads' names and sources take about 40 MB.
 */
export const IMPORT_MAX_SHARED_STRINGS_BYTES = 100 * MB;
/** What one worksheet may unpack to: a million rows of a lead file's usual columns stay below. */
export const IMPORT_MAX_SHEET_BYTES = 400 * MB;
/** Spreadsheet XML packs 5-30x; a part packed tighter than this (past 1 MB) is a zip bomb. */
export const IMPORT_MAX_COMPRESSION_RATIO = 200;
/** Recommended size of one import (see docs/requirements.md#constants-and-limits); larger files still import, the screen says so. */
export const IMPORT_RECOMMENDED_ROWS = 1000;
/** Rows shown before mapping (see docs/requirements.md#constants-and-limits). */
export const IMPORT_PREVIEW_ROWS = 4;
/**
 * Rows per POST /bulk/insert/ chunk, and its JSON size (the API's body limit is 1 MB). Each chunk pays
 * a fixed price (its transaction, the report lock, the access check, the statements' planning), so a
 * chunk carries as many rows as fit: typical lead rows of ~100 characters fill 500 kB at 5,000.
 */
export const IMPORT_CHUNK_ROWS = 5000;
export const IMPORT_CHUNK_MAX_CHARS = 900 * 1024;
/** Chunks one import may have: a million rows at one row per chunk would be abuse, not an import. */
export const IMPORT_MAX_CHUNKS = 20_000;

/** The parse limits as one value, so tests and the desktop app can narrow or widen them. */
export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  maxSharedStringsBytes: number;
  maxSheetBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: IMPORT_DEFAULT_MAX_BYTES,
  maxRows: IMPORT_MAX_ROWS,
  maxColumns: IMPORT_MAX_COLUMNS,
  maxCellChars: IMPORT_MAX_CELL_CHARS,
  maxUncompressedBytes: IMPORT_MAX_UNCOMPRESSED_BYTES,
  maxCompressionRatio: IMPORT_MAX_COMPRESSION_RATIO,
  maxSharedStringsBytes: IMPORT_MAX_SHARED_STRINGS_BYTES,
  maxSheetBytes: IMPORT_MAX_SHEET_BYTES,
};

/** IMPORT_MAX_BYTES as an environment gives it: a positive whole number of bytes, else the default. */
export function importMaxBytesFrom(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) return IMPORT_DEFAULT_MAX_BYTES;
  return Number(text);
}

/**
 * The import's channel id (see docs/requirements.md#constants-and-limits): the file name made safe plus an 11-character random string, at
 * most 164 characters. `random` gives 11 characters of [a-z0-9].
 */
export function importChannelId(fileName: string, random: string): string {
  const safe = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 152);
  return `${safe === '' ? 'dosya' : safe}_${random.slice(0, 11)}`;
}

/**
 * excelId as the server accepts it: a sanitised file name plus an 11-character random string, at most
 * 164 characters, in any client's spelling (what importChannelId makes is one of them). Letters, digits,
 * '.', '_' and '-' only: it names a real-time channel and a report row.
 */
export const IMPORT_CHANNEL_PATTERN = /^[A-Za-z0-9._-]{11,164}$/;
