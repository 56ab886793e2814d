import dayjs from 'dayjs';
import type { DayRange } from '../../../components/date-input';

export const DASHBOARD_DEFAULT_DAYS = 30;
/** Longest range the daily chart draws day by day; longer ones would squeeze the bars to hairlines. */
export const DASHBOARD_MAX_DAYS = 366;

export type DailyPoint = { date: string; label: string; count: number };

/** One point per day of the range, zero where the server has no row, so the axis has no gaps. */
export function fillDailyCounts(
  rows: readonly { date: string; lead_count: number }[],
  range: DayRange,
): DailyPoint[] {
  const byDay = new Map<string, number>();
  for (const row of rows) {
    const key = row.date.slice(0, 10);
    byDay.set(key, (byDay.get(key) ?? 0) + row.lead_count);
  }
  const points: DailyPoint[] = [];
  const last = dayjs(range.end);
  for (let day = dayjs(range.start); !day.isAfter(last, 'day'); day = day.add(1, 'day')) {
    const key = day.format('YYYY-MM-DD');
    points.push({ date: key, label: day.format('DD.MM'), count: byDay.get(key) ?? 0 });
    if (points.length > DASHBOARD_MAX_DAYS) break;
  }
  return points;
}

/** Used when a status has no background colour of its own. */
export const FALLBACK_STATUS_COLORS = [
  '#2d72d2',
  '#238551',
  '#c87619',
  '#cd4246',
  '#7961db',
  '#00a396',
  '#d1980b',
] as const;

export type StatusBar = { key: string; label: string; count: number; color: string };

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The statuses with their own colours (see docs/requirements.md#lead-workspace-and-work-screens lead-status chart), largest first. */
export function statusBars(
  rows: readonly { id: number | null; label: string; lead_count: number; background: string | null }[],
  noStatusLabel: string,
): StatusBar[] {
  return rows
    .filter((row) => row.lead_count > 0)
    .map((row, index) => ({
      key: row.id === null ? 'none' : String(row.id),
      label: row.id === null || row.label.trim() === '' ? noStatusLabel : row.label,
      count: row.lead_count,
      color:
        row.background && HEX_COLOR.test(row.background.trim())
          ? row.background.trim()
          : (FALLBACK_STATUS_COLORS[index % FALLBACK_STATUS_COLORS.length] ?? '#2d72d2'),
    }))
    .sort((a, b) => b.count - a.count);
}
