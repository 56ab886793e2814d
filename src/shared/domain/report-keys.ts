/** The group keys of the UTM and agent reports (see docs/requirements.md#constants-and-limits "UTM keys"). */
export const UTM_KEYS = ['utm_source', 'utm_campaign', 'country_id', 'agent_id'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** The longest date range a report or dashboard chart takes (two years: beyond, it scans most leads). */
export const MAX_REPORT_RANGE_DAYS = 731;

/** A report table is for reading: past this many group values the rest are summed in one row. */
export const REPORT_MAX_GROUPS = 500;

/** A range in a list address: `created_at=2026-01-01..2026-01-31` is "between" (either end may be open). */
export const URL_RANGE_SEPARATOR = '..';

/** Days of a report's creation range ('YYYY-MM-DD'), as the report's body takes them. */
export interface ReportDayRange {
  start: string;
  end: string;
}

/**
 * The list a report cell opens: the leads with that group value and status (see docs/requirements.md#lead-workspace-and-work-screens /report/utm), and
 * created in the report's range when it has one, so the list's total is the cell's count.
 */
export function reportCellLink(
  key: UtmKey,
  value: string,
  statusId?: number,
  range?: ReportDayRange | null,
  extra?: Readonly<Record<string, string>>,
): string {
  const query = new URLSearchParams({ [key]: value, ...extra });
  if (statusId !== undefined) query.set('status_id', String(statusId));
  if (range) query.set('created_at', `${range.start}${URL_RANGE_SEPARATOR}${range.end}`);
  return `/list/leads?${query.toString()}`;
}
