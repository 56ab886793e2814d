/** The group keys of the UTM and agent reports (see docs/requirements.md#constants-and-limits "UTM keys"). */
export const UTM_KEYS = ['utm_source', 'utm_campaign', 'country_id', 'agent_id'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** The longest date range a report or dashboard chart takes (two years: beyond, it scans most leads). */
export const MAX_REPORT_RANGE_DAYS = 731;

/** A report table is for reading: past this many group values the rest are summed in one row. */
export const REPORT_MAX_GROUPS = 500;

/** The list a report cell opens: the leads with that group value and status (see docs/requirements.md#lead-workspace-and-work-screens /report/utm). */
export function reportCellLink(key: UtmKey, value: string, statusId?: number): string {
  const query = new URLSearchParams({ [key]: value });
  if (statusId !== undefined) query.set('status_id', String(statusId));
  return `/list/leads?${query.toString()}`;
}
