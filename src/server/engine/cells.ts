import type { CellValue, RecordRow } from '../../shared/contract';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A database value as the API answers it (spec: strings, numbers, booleans, null). The driver already
 * keeps dates as 'YYYY-MM-DD HH:mm:ss' text; a Date that still arrives (another driver set-up) is
 * written the same way, and arrays/JSON become their JSON text.
 */
export function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) {
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(
      value.getMinutes(),
    )}:${pad(value.getSeconds())}`;
  }
  return JSON.stringify(value);
}

/** Only the named fields, in that order: a column the caller may not see is never copied over. */
export function toRecordRow(row: Readonly<Record<string, unknown>>, fields: readonly string[]): RecordRow {
  const out: RecordRow = {};
  for (const name of fields) out[name] = toCell(row[name]);
  return out;
}
