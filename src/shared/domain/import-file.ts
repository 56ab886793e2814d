import { read, SSF, utils, type CellObject, type WorkBook, type WorkSheet } from 'xlsx';
import {
  decodeCsv,
  detectCsvSeparator,
  CsvRowReader,
  type CsvEncoding,
  type CsvSeparator,
} from './import-csv';
import { cleanImportCell } from './import-cells';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits';
import { checkXlsxZip, u32, ZIP_LOCAL, ZipCheckError } from './import-zip';

/**
 * One picked file read into a header and rows of text (see docs/requirements.md#money-importer-and-lead-input). Runs where the file is: the desktop
 * main process, or a web worker in the browser, never on the screen's thread. xlsx cells come as the
 * spreadsheet shows them (a date as its displayed text, a formula as its last value, never evaluated).
 */

/** Why a file cannot be imported; the screen words each (import-problems.ts). */
export type ImportFileProblem =
  | 'noFile'
  | 'invalidFile'
  | 'noWorksheet'
  | 'emptyWorksheet'
  | 'tooLarge'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'cellTooLong'
  | 'zipBomb'
  | 'partTooLarge'
  | 'binary';

export class ImportFileError extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(`import file refused: ${problem}`);
    this.name = 'ImportFileError';
  }
}

export interface ParsedImportFile {
  kind: 'csv' | 'xlsx';
  headers: string[];
  rows: string[][];
  encoding?: CsvEncoding;
  separator?: CsvSeparator;
}

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export function importFileKind(name: string): 'csv' | 'xlsx' | null {
  const lower = name.trim().toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/**
 * The zip checked part by part before a byte reaches the spreadsheet library (import-zip.ts): a zip
 * bomb, or shared strings or a sheet too large to parse, is refused with its reason.
 */
export function checkZipSizes(bytes: Uint8Array, limits: ImportLimits): void {
  try {
    checkXlsxZip(bytes, limits);
  } catch (error) {
    if (error instanceof ZipCheckError) throw new ImportFileError(error.problem);
    throw error;
  }
}

/** Text that is no spreadsheet: NUL bytes or many control characters in its first 64 kB. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  let control = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control += 1;
  }
  return control > Math.max(8, sample.length / 100);
}

/** Header and rows from the raw rows: cleaned, empty rows dropped, every row as wide as the widest. */
function shapeRows(
  raw: readonly (readonly unknown[])[],
  limits: ImportLimits,
): { headers: string[]; rows: string[][] } {
  const cleaned: string[][] = [];
  let width = 0;
  for (const row of raw) {
    const cells = row.map((cell) => {
      const text = cell === null || cell === undefined ? '' : String(cell);
      if (text.length > limits.maxCellChars) throw new ImportFileError('cellTooLong');
      return cleanImportCell(text);
    });
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    width = Math.max(width, cells.length);
    if (width > limits.maxColumns) throw new ImportFileError('tooManyColumns');
    cleaned.push(cells);
    if (cleaned.length > limits.maxRows + 1) throw new ImportFileError('tooManyRows');
  }
  const [first, ...rest] = cleaned;
  // A header without a row under it holds nothing to import.
  if (!first || rest.length === 0) throw new ImportFileError('emptyWorksheet');
  const headers = Array.from({ length: width }, (_, index) => {
    const text = first[index] ?? '';
    return text === '' ? `Sütun ${index + 1}` : text;
  });
  const rows = rest.map((row) =>
    row.length === width ? row : [...row, ...Array<string>(width - row.length).fill('')],
  );
  return { headers, rows };
}

function parseCsv(bytes: Uint8Array, limits: ImportLimits): ParsedImportFile {
  if (bytes.subarray(0, 4096).includes(0)) throw new ImportFileError('binary');
  const { text, encoding } = decodeCsv(bytes);
  if (looksBinary(text)) throw new ImportFileError('binary');
  const separator = detectCsvSeparator(text);
  const raw: string[][] = [];
  const reader = new CsvRowReader(
    separator,
    (row) => {
      raw.push(row);
      if (raw.length > limits.maxRows + 1 + 1000) throw new ImportFileError('tooManyRows');
      if (row.length > limits.maxColumns) throw new ImportFileError('tooManyColumns');
    },
    limits.maxCellChars,
    () => {
      throw new ImportFileError('cellTooLong');
    },
  );
  reader.push(text);
  reader.end();
  return { kind: 'csv', encoding, separator, ...shapeRows(raw, limits) };
}

function readWorkbook(bytes: Uint8Array, limits: ImportLimits): WorkBook {
  checkZipSizes(bytes, limits);
  try {
    return read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellNF: true,
      // Only the first sheet is imported, so only it is parsed.
      sheets: 0,
      sheetRows: limits.maxRows + 2,
    });
  } catch {
    throw new ImportFileError('invalidFile');
  }
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A date cell's shown text depends on the format code the program wrote (LibreOffice writes its locale's
 * order as mm/dd/yyyy); Turkish users read dates day first, so every real date cell becomes DD/MM/YYYY,
 * which the DD/MM/YY choice reads (see docs/requirements.md#money-importer-and-lead-input). Text cells that look like dates stay as written.
 */
function dateCellsDayFirst(sheet: WorkSheet): void {
  const rows = (sheet as { '!data'?: (CellObject | undefined)[][] })['!data'] ?? [];
  for (const row of rows) {
    for (const cell of row ?? []) {
      if (!cell || cell.t !== 'n' || typeof cell.v !== 'number' || typeof cell.z !== 'string') continue;
      if (!SSF.is_date(cell.z)) continue;
      const date = SSF.parse_date_code(cell.v);
      cell.w = `${pad2(date.d)}/${pad2(date.m)}/${date.y}`;
    }
  }
}

function parseXlsx(bytes: Uint8Array, limits: ImportLimits): ParsedImportFile {
  const book = readWorkbook(bytes, limits);
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) throw new ImportFileError('noWorksheet');
  const range = sheet['!ref'] ? utils.decode_range(sheet['!ref']) : null;
  if (!range) throw new ImportFileError('emptyWorksheet');
  if (range.e.c - range.s.c + 1 > limits.maxColumns) throw new ImportFileError('tooManyColumns');
  dateCellsDayFirst(sheet);
  // raw: false gives each cell's shown text: dates as formatted, numbers without float noise.
  const raw = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  return { kind: 'xlsx', ...shapeRows(raw, limits) };
}

/**
 * Reads a picked file: by its name's ending and its first bytes, CSV or xlsx, within `limits`. Throws
 * ImportFileError with the reason a user reads.
 */
export function parseImportFile(
  name: string,
  bytes: Uint8Array,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): ParsedImportFile {
  if (bytes.byteLength > limits.maxBytes) throw new ImportFileError('tooLarge');
  const kind = importFileKind(name);
  if (kind === null || bytes.byteLength === 0) throw new ImportFileError('invalidFile');
  const zipped = u32(bytes, 0) === ZIP_LOCAL;
  if (OLE_MAGIC.every((byte, index) => bytes[index] === byte)) throw new ImportFileError('invalidFile');
  if (kind === 'xlsx' || zipped) {
    if (!zipped) throw new ImportFileError('invalidFile');
    return parseXlsx(bytes, limits);
  }
  return parseCsv(bytes, limits);
}
