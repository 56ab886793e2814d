/**
 * Cell rules of the importer (see docs/requirements.md#money-importer-and-lead-input): cell text cleaned to letters (Turkish included), digits and
 * basic punctuation; date columns read in one of the formats below and sent as YYYY-MM-DD (with HH:mm when
 * the format has a time).
 */

/**
 * The date formats a date column may be read in: the spec's eight in its order (see
 * docs/requirements.md#money-importer-and-lead-input), then the Turkish ones a typical Turkish file
 * holds (see docs/user-guide.md#importing-leads). The one list of the product: contract, screen and tests read it.
 */
export const IMPORT_DATE_FORMATS = [
  'DD/MM/YY',
  'MM/DD/YY',
  'DD-MM-YY',
  'MM-DD-YY',
  'YYYY-MM-DD',
  'YYYY-DD-MM',
  'YYYY/DD/MM',
  'YYYY/MM/DD',
  'DD.MM.YYYY',
  'DD.MM.YY',
  'D.M.YYYY',
  'DD.MM.YYYY HH:mm',
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

/** "14:05" or "14:05:30" after the date of a HH:mm format; null when it is not a time. */
function timeOf(text: string | undefined): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59 || Number(match[3] ?? 0) > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** The Turkish day.month.year formats; the year's digits as the format names them (YY takes YYYY too). */
function parseDottedDate(text: string, format: ImportDateFormat): string | null {
  const parts = text.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  const [day = '', month = '', year = ''] = parts;
  if (day.length > 2 || month.length > 2) return null;
  if (format !== 'DD.MM.YY' && year.length !== 4) return null;
  const full = fullYear(year);
  return full === null ? null : isoDate(full, Number(month), Number(day));
}

/**
 * A date cell in `format` as YYYY-MM-DD, or null when it is not one. Day and month may have one digit,
 * YY formats take four-digit years too (25/03/2024), and a time after the date is ignored, except in
 * 'DD.MM.YYYY HH:mm', whose time is kept (YYYY-MM-DD HH:mm) and required.
 */
export function parseImportDate(raw: string, format: ImportDateFormat): string | null {
  const [text = '', time] = raw.trim().split(/\s+/);
  if (format === 'DD.MM.YYYY HH:mm') {
    const day = parseDottedDate(text, format);
    const clock = timeOf(time);
    return day === null || clock === null ? null : `${day} ${clock}`;
  }
  if (format.includes('.')) return parseDottedDate(text, format);
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

/** How exactly a cell has the shape its format names: D one or two digits, DD two, YY two, YYYY four, a time for HH:mm. */
function exactShape(value: string, format: ImportDateFormat): boolean {
  const [text = '', time] = value.split(/\s+/);
  const pattern = (format.split(' ')[0] ?? '')
    .replace(/[./-]/g, (separator) => `\\${separator}`)
    .replace('YYYY', '\\d{4}')
    .replace('YY', '\\d{2}')
    .replace(/DD|MM/g, '\\d{2}')
    .replace(/[DM]/g, '\\d{1,2}');
  if (!new RegExp(`^${pattern}$`).test(text)) return false;
  return format.endsWith('HH:mm') ? time !== undefined : time === undefined;
}

/**
 * The format a date column's cells are in (see docs/user-guide.md#importing-leads): among the formats
 * every non-empty cell reads in, the one whose shape most cells have exactly (31.12.2025 is DD.MM.YYYY,
 * 1.2.2025 D.M.YYYY, 31.12.2025 14:05 DD.MM.YYYY HH:mm); on a tie the earlier of the list (day before
 * month, as in Turkey). Null when no format reads them all.
 */
export function guessImportDateFormat(samples: readonly string[]): ImportDateFormat | null {
  const values = samples.map((sample) => sample.trim()).filter((sample) => sample !== '');
  if (values.length === 0) return null;
  let best: ImportDateFormat | null = null;
  let bestScore = -1;
  for (const format of IMPORT_DATE_FORMATS) {
    if (!values.every((value) => parseImportDate(value, format) !== null)) continue;
    const score = values.filter((value) => exactShape(value, format)).length;
    if (score > bestScore) {
      best = format;
      bestScore = score;
    }
  }
  return best;
}
