/**
 * CSV as spreadsheets write it: UTF-8 with or without BOM, or Windows-1254 (Turkish Excel's "CSV"),
 * `;` or `,` (or tab) between fields, quoted fields holding separators, doubled quotes and line breaks.
 */

export type CsvSeparator = ',' | ';' | '\t';
export type CsvEncoding = 'utf-8' | 'windows-1254' | 'utf-16le';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Which encoding the bytes are in: a BOM decides; valid UTF-8 is UTF-8; anything else is Windows-1254. */
export function detectCsvEncoding(bytes: Uint8Array): { encoding: CsvEncoding; skip: number } {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', skip: 0 };
  } catch {
    return { encoding: 'windows-1254', skip: 0 };
  }
}

export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const { encoding, skip } = detectCsvEncoding(bytes);
  return { text: new TextDecoder(encoding).decode(bytes.subarray(skip)), encoding };
}

/** The separator of the header line (the first one with text): the one of `;` `,` tab that occurs most outside quotes. */
export function detectCsvSeparator(text: string): CsvSeparator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  const start = text.search(/[^\r\n]/);
  for (let index = Math.max(start, 0); index < text.length && index < 64 * 1024; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads CSV text fed in pieces (a streamed file) and hands over each finished row. A quote opens a
 * quoted field only at the field's start; inside it `""` is a quote and line breaks are data.
 */
export class CsvRowReader {
  private field = '';
  private row: string[] = [];
  private quoted = false;
  private quoteSeen = false;
  private atFieldStart = true;
  private pendingCr = false;

  constructor(
    private readonly separator: CsvSeparator,
    private readonly onRow: (row: string[]) => void,
    private readonly maxFieldChars = Number.POSITIVE_INFINITY,
    private readonly onFieldTooLong: () => never = () => {
      throw new Error('field too long');
    },
  ) {}

  push(text: string): void {
    const sep = this.separator.charCodeAt(0);
    const length = text.length;
    let index = 0;
    while (index < length) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (text.charCodeAt(index) === LF) {
          index += 1;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (text.charCodeAt(index) === QUOTE) {
            this.append('"');
            index += 1;
            continue;
          }
          this.quoted = false;
          // fall through: the character after a closing quote is read as outside the quotes
        } else {
          // Everything up to the next quote is data, line breaks included: taken as one slice.
          const close = text.indexOf('"', index);
          const stop = close < 0 ? length : close;
          if (stop > index) this.append(text.slice(index, stop));
          if (close >= 0) this.quoteSeen = true;
          index = stop + 1;
          continue;
        }
      }
      const code = text.charCodeAt(index);
      if (code === QUOTE && this.atFieldStart) {
        this.quoted = true;
        this.atFieldStart = false;
        index += 1;
      } else if (code === sep) {
        this.endField();
        index += 1;
      } else if (code === LF || code === CR) {
        this.endField();
        this.endRow();
        if (code === CR) this.pendingCr = true;
        index += 1;
      } else {
        // Plain data up to the next separator or line break (a quote inside an unquoted field is data),
        // appended as one slice: a 100,000-row file is read in slices, not character by character.
        let stop = index + 1;
        while (stop < length) {
          const next = text.charCodeAt(stop);
          if (next === sep || next === LF || next === CR) break;
          stop += 1;
        }
        this.atFieldStart = false;
        this.append(text.slice(index, stop));
        index = stop;
      }
    }
  }

  /** The last row when the text does not end with a line break. */
  end(): void {
    if (this.quoted && this.quoteSeen) this.quoted = false;
    if (this.field !== '' || this.row.length > 0 || this.quoted) {
      this.endField();
      this.endRow();
    }
    this.quoted = false;
    this.quoteSeen = false;
  }

  private append(piece: string): void {
    this.field += piece;
    if (this.field.length > this.maxFieldChars) this.onFieldTooLong();
  }

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.atFieldStart = true;
  }

  private endRow(): void {
    const row = this.row;
    this.row = [];
    this.onRow(row);
  }
}

/** All rows of a whole CSV text. */
export function parseCsvText(text: string, separator = detectCsvSeparator(text)): string[][] {
  const rows: string[][] = [];
  const reader = new CsvRowReader(separator, (row) => rows.push(row));
  reader.push(text);
  reader.end();
  return rows;
}
