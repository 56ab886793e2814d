import { readMoney } from '../../shared/domain/money-input';
import { integerRange } from './columns';
import type { ColumnInfo } from './types';

/**
 * A value that does not fit its column. Internal to the engine: the filter compiler and the record
 * writer turn it into a 400 with their own Turkish message naming the field.
 */
export class InvalidValueError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidValueError';
  }
}

/** A date the user typed, split so callers can tell "a day" from "a moment". */
export interface ParsedDate {
  /** 'YYYY-MM-DD' */
  day: string;
  /** 'YYYY-MM-DD HH:mm:ss' (midnight when only a day was given) */
  dateTime: string;
  dateOnly: boolean;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
const INTEGER_PATTERN = /^[+-]?\d{1,16}$/;
/** A filter may compare with any decimal a NUMERIC column holds, below zero too. */
const FILTER_DECIMAL = { field: '', decimals: 20, allowZero: true, maxWholeDigits: 30 } as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Accepts 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' and 'YYYY-MM-DD HH:mm:ss' (or with T); rejects 2025-02-30. */
export function parseDate(raw: string): ParsedDate {
  const match = DATE_PATTERN.exec(raw.trim());
  if (!match) throw new InvalidValueError('date');
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const realDay =
    year >= 1 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  if (!realDay || hour > 23 || minute > 59 || second > 59) throw new InvalidValueError('date');
  const dayText = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return {
    day: dayText,
    dateTime: `${dayText} ${pad(hour)}:${pad(minute)}:${pad(second)}`,
    dateOnly: match[4] === undefined,
  };
}

/** The day after 'YYYY-MM-DD', for "until the end of that day" as `< next day`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

export function parseInteger(raw: string, dataType: string): number {
  const text = raw.trim();
  if (!INTEGER_PATTERN.test(text)) throw new InvalidValueError('integer');
  const value = Number(text);
  if (!Number.isSafeInteger(value) || Math.abs(value) > integerRange(dataType))
    throw new InvalidValueError('range');
  return value;
}

/**
 * A decimal a filter compares with, read as people write money (docs/money.md#reading-amounts): a filter
 * 'Tutar = 1.000' finds one thousand, as the form that stored it read it. An optional minus; exact text
 * (numeric columns keep every digit, money is never a float).
 */
export function parseDecimal(raw: string): string {
  const text = raw.trim();
  const negative = text.startsWith('-');
  const reading = readMoney(negative ? text.slice(1) : text, FILTER_DECIMAL);
  if (!reading.ok) throw new InvalidValueError('decimal');
  return negative && /[1-9]/.test(reading.value) ? `-${reading.value}` : reading.value;
}

export function parseBoolean(raw: string): boolean {
  const text = raw.trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  throw new InvalidValueError('boolean');
}

/** A scalar as sent to the database: the driver infers the parameter's type from the column it meets. */
export type SqlScalar = string | number | boolean;

/**
 * Turns a user-typed scalar into the value its column takes. The column's real type decides (it is
 * what PostgreSQL would otherwise reject with a 500); timestamps keep their time, dates drop it.
 */
export function coerceScalar(column: ColumnInfo, raw: string): SqlScalar {
  switch (column.kind) {
    case 'integer':
      return parseInteger(raw, column.dataType);
    case 'decimal':
      return parseDecimal(raw);
    case 'boolean':
      return parseBoolean(raw);
    case 'date':
      return parseDate(raw).day;
    case 'timestamp':
      return parseDate(raw).dateTime;
    case 'text':
      return raw;
    default:
      // json, arrays and exotic types are only searched as text, never compared as values.
      throw new InvalidValueError('type');
  }
}
