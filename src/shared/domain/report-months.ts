/** The months of the monthly report: January to December of one year. */
export const MONTHS_IN_YEAR = 12;

/** The earliest and latest year the monthly report takes. */
export const MONTHLY_REPORT_YEARS = { min: 2000, max: 2100 } as const;

/** 'YYYY-MM' of a year and month, the month below 10 zero-prefixed (see docs/requirements.md#lead-workspace-and-work-screens /report/monthly). */
export function monthKey(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The year and month of a 'YYYY-MM' key, or null when it is not one (month 01-12). */
export function parseMonthKey(key: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) };
}
