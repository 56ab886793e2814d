import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../src/server/db/database';

/** What every scenario gets: the app (driven with inject), an admin token and the bench database. */
export interface BenchContext {
  app: FastifyInstance;
  token: string;
  handle: DatabaseHandle;
  /** 'PostgreSQL' or 'PGlite'. */
  engine: string;
  /** Leads in the data set. */
  leads: number;
  /** Measured rounds per latency scenario (after warm-up). */
  rounds: number;
  log: (line: string) => void;
}

/**
 * One line of a report table. `pass` null marks a baseline row without a target of its own.
 * `cells` follow the section's columns; the result and the note are added by the report.
 */
export interface ResultRow {
  cells: readonly string[];
  pass: boolean | null;
  note?: string;
}

/** One table of the report, with free text below it (diagnostics of the rows that missed a target). */
export interface Section {
  title: string;
  columns: readonly string[];
  rows: ResultRow[];
  notes: string[];
}

const trNumber = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const trInteger = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/** Milliseconds with one decimal, Turkish notation (12,3). */
export const ms = (value: number): string => trNumber.format(value);
/** Seconds from milliseconds, one decimal. */
export const seconds = (valueMs: number): string => trNumber.format(valueMs / 1000);
/** Whole numbers with Turkish thousands separators (1.000.000). */
export const count = (value: number): string => trInteger.format(value);
/** A ratio such as 1,04×. */
export const ratio = (value: number): string =>
  Number.isFinite(value)
    ? `${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 }).format(value)}×`
    : '-';

/** Turns a thrown value into one line for the report. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) ?? '';
}
