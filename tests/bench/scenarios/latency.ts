import type { Summary } from '../stats';
import { count, ms, ratio, type ResultRow } from './bench-context';

/**
 * docs/performance.md#current-figures: every list filter p95 under 50 ms. The same SQL run directly stands next to it (the ratio
 * column); it is not a target of its own, since on a 2 ms query the API's fixed ~1.5 ms (session,
 * permissions, JSON) alone doubles it.
 */
export const LIST_TARGET = { maxP95Ms: 50, text: 'p95 < 50 ms' } as const;

export const LATENCY_COLUMNS = [
  'Senaryo',
  'Eşleşen satır',
  'p50 ms',
  'p95 ms',
  'max ms',
  'SQL p50',
  'SQL p95',
  'p95 / SQL p95',
  'Hedef',
] as const;

export interface LatencyFigures {
  scenario: string;
  /** Rows the filter matches (the exact total the page reports), when the scenario has one. */
  matched: number | null;
  /** Rows in the table, for the share shown next to `matched`. */
  of: number;
  subject: Summary;
  baseline: Summary | null;
}

export function matchedText(matched: number | null, of: number): string {
  if (matched === null) return '-';
  const share = of > 0 ? (100 * matched) / of : 0;
  return `${count(matched)} (%${share < 1 ? share.toFixed(1).replace('.', ',') : Math.round(share)})`;
}

export function meetsListTarget(subject: Summary): boolean {
  return subject.p95 < LIST_TARGET.maxP95Ms;
}

export function latencyRow(
  figures: LatencyFigures,
  target: string,
  pass: boolean | null,
  note?: string,
): ResultRow {
  const { subject, baseline } = figures;
  return {
    cells: [
      figures.scenario,
      matchedText(figures.matched, figures.of),
      ms(subject.p50),
      ms(subject.p95),
      ms(subject.max),
      baseline ? ms(baseline.p50) : '-',
      baseline ? ms(baseline.p95) : '-',
      baseline ? ratio(subject.p95 / baseline.p95) : '-',
      target,
    ],
    pass,
    ...(note ? { note } : {}),
  };
}
