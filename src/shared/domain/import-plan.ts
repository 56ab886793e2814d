import { format, messages } from '../i18n/messages';
import { parseImportDate, type ImportDateFormat } from './import-cells';
import { IMPORT_CHUNK_MAX_CHARS, IMPORT_CHUNK_ROWS } from './import-limits';
import { mappedColumns, type ColumnChoice } from './import-mapping';
import { normalizePhone } from './phone';

/**
 * From a read file and its mapping to what is sent (see docs/requirements.md#money-importer-and-lead-input): the mapped columns only, dates as
 * YYYY-MM-DD, phones as 10 digits; then the rows cut into chunks. The cut depends only on the rows, so
 * the same file and mapping give the same chunks again (a resumed upload skips the ones the server has).
 */

export interface PlanField {
  name: string;
  display_name: string;
  date: boolean;
  phone: boolean;
}

export type PreparedRows =
  { ok: true; columns: string[]; rows: string[][]; phones: string[] } | { ok: false; message: string };

export function prepareImportRows(
  rows: readonly (readonly string[])[],
  choices: readonly ColumnChoice[],
  fields: readonly PlanField[],
  dateFormats: Readonly<Record<string, ImportDateFormat>>,
): PreparedRows {
  const { fields: columns, indexes } = mappedColumns(choices);
  const byName = new Map(fields.map((field) => [field.name, field]));
  const kinds = columns.map((name) => byName.get(name));
  const out: string[][] = [];
  const phones: string[] = [];
  for (let r = 0; r < rows.length; r += 1) {
    const source = rows[r] ?? [];
    const row: string[] = new Array<string>(columns.length);
    let phone = '';
    for (let c = 0; c < columns.length; c += 1) {
      const raw = source[indexes[c] ?? -1] ?? '';
      const field = kinds[c];
      let value = raw;
      if (field?.date && raw !== '') {
        const dateFormat = dateFormats[field.name] ?? 'YYYY-MM-DD';
        const iso = parseImportDate(raw, dateFormat);
        if (iso === null) {
          return {
            ok: false,
            message: format(messages.importDateInvalid, {
              row: r + 2,
              column: field.display_name,
              format: dateFormat,
            }),
          };
        }
        value = iso;
      } else if (field?.phone) {
        value = normalizePhone(raw);
        if (phone === '' && value !== '') phone = value;
      }
      row[c] = value;
    }
    out.push(row);
    phones.push(phone);
  }
  return { ok: true, columns, rows: out, phones };
}

/** Row ranges [start, end) of the chunks: at most IMPORT_CHUNK_ROWS rows and about IMPORT_CHUNK_MAX_CHARS of JSON each. */
export function planChunks(
  rows: readonly (readonly string[])[],
  maxRows = IMPORT_CHUNK_ROWS,
  maxChars = IMPORT_CHUNK_MAX_CHARS,
): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  let chars = 0;
  for (let index = 0; index < rows.length; index += 1) {
    // JSON of a row: its cells, quotes, commas, brackets; escapes make it a little more, hence the margin.
    const size = (rows[index] ?? []).reduce((sum, cell) => sum + cell.length + 3, 2);
    if (index > start && (index - start >= maxRows || chars + size > maxChars)) {
      ranges.push([start, index]);
      start = index;
      chars = 0;
    }
    chars += size;
  }
  if (start < rows.length) ranges.push([start, rows.length]);
  return ranges;
}

/** Rows per second and seconds left, from the rows done since `startedAt` (ms). */
export function importSpeed(
  done: number,
  total: number,
  startedAt: number,
  now: number,
): { rate: number; secondsLeft: number } {
  const seconds = Math.max((now - startedAt) / 1000, 0.001);
  const rate = done / seconds;
  const secondsLeft = rate > 0 ? Math.ceil((total - done) / rate) : 0;
  return { rate: Math.round(rate), secondsLeft: Math.max(secondsLeft, 0) };
}

/** Finished at 99 % or more (see docs/requirements.md#notification-and-list-states). */
export function importFinished(done: number, total: number): boolean {
  return total === 0 || done / total >= 0.99;
}
