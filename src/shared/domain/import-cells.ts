/**
 * Cell rules of the importer (see docs/requirements.md#money-importer-and-lead-input): cell text cleaned to letters (Turkish included), digits and
 * basic punctuation; date columns read in one of eight formats and sent as YYYY-MM-DD.
 */

/** The date formats a date column may be read in (see docs/requirements.md#money-importer-and-lead-input), in the spec's order. */
export const IMPORT_DATE_FORMATS = [
  'DD/MM/YY',
  'MM/DD/YY',
  'DD-MM-YY',
  'MM-DD-YY',
  'YYYY-MM-DD',
  'YYYY-DD-MM',
  'YYYY/DD/MM',
  'YYYY/MM/DD',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export function isImportDateFormat(value: unknown): value is ImportDateFormat {
  return typeof value === 'string' && (IMPORT_DATE_FORMATS as readonly string[]).includes(value);
}

/**
 * Everything but letters (any script, Turkish included, with their combining marks), digits, spaces,
 * line breaks and basic punctuation goes: control characters, emoji, symbols a partner's export may
 * carry. `= + - @` stay (names and phones use them); an export writes every cell as text, so a cell
 * starting with them is never a formula there.
 */
const NOT_ALLOWED = /[^\p{L}\p{M}\p{N} \n.,;:!?'"()[\]\-_/\\@#&%+*=$€₺<>|~^]/gu;

/** The ASCII characters NOT_ALLOWED keeps (tab and CR are not: they are rewritten). */
const ASCII_KEPT = new Uint8Array(128);
for (const char of ' \n.,;:!?\'"()[]-_/\\@#&%+*=$<>|~^') ASCII_KEPT[char.charCodeAt(0)] = 1;
for (let code = 0x30; code <= 0x39; code += 1) ASCII_KEPT[code] = 1;
for (let code = 0x41; code <= 0x5a; code += 1) ASCII_KEPT[code] = 1;
for (let code = 0x61; code <= 0x7a; code += 1) ASCII_KEPT[code] = 1;

/**
 * Whether the regular expressions would change nothing: kept ASCII and Latin letters (U+00C0-U+024F
 * without × and ÷; Turkish letters are among them). Nearly every cell of a real file is such text, and
 * this check costs a fraction of the Unicode-class replace.
 */
function alreadyClean(raw: string): boolean {
  for (let index = 0; index < raw.length; index += 1) {
    const code = raw.charCodeAt(index);
    if (code < 0x80) {
      if (ASCII_KEPT[code] !== 1) return false;
    } else if (code < 0xc0 || code > 0x24f || code === 0xd7 || code === 0xf7) return false;
  }
  return true;
}

/** A cell as it is stored: allowed characters only, line breaks unified, outer space trimmed. */
export function cleanImportCell(raw: string): string {
  if (alreadyClean(raw)) return raw.trim();
  return raw.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(NOT_ALLOWED, '').trim();
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999 (as spreadsheets read them). */
function fullYear(text: string): number | null {
  if (/^\d{4}$/.test(text)) return Number(text);
  if (/^\d{2}$/.test(text)) {
    const yy = Number(text);
    return yy < 70 ? 2000 + yy : 1900 + yy;
  }
  return null;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date cell in `format` as YYYY-MM-DD, or null when it is not one. Day and month may have one digit,
 * YY formats take four-digit years too (25/03/2024), and a time after the date is ignored.
 */
export function parseImportDate(raw: string, format: ImportDateFormat): string | null {
  const text = raw.trim().split(/\s+/)[0] ?? '';
  const separator = format.includes('/') ? '/' : '-';
  const parts = text.split(separator);
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  const [a = '', b = '', c = ''] = parts;
  if (format.startsWith('YYYY')) {
    if (a.length !== 4 || b.length > 2 || c.length > 2) return null;
    const monthFirst = format === 'YYYY-MM-DD' || format === 'YYYY/MM/DD';
    return isoDate(Number(a), Number(monthFirst ? b : c), Number(monthFirst ? c : b));
  }
  if (a.length > 2 || b.length > 2) return null;
  const year = fullYear(c);
  if (year === null) return null;
  const dayFirst = format.startsWith('DD');
  return isoDate(year, Number(dayFirst ? b : a), Number(dayFirst ? a : b));
}

/** The first format of the list every non-empty sample reads in, for a column that looks like dates. */
export function guessImportDateFormat(samples: readonly string[]): ImportDateFormat | null {
  const values = samples.map((sample) => sample.trim()).filter((sample) => sample !== '');
  if (values.length === 0) return null;
  return (
    IMPORT_DATE_FORMATS.find((format) => values.every((value) => parseImportDate(value, format) !== null)) ??
    null
  );
}
