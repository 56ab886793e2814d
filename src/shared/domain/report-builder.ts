/** The report builder's vocabulary (see docs/requirements.md#lead-money-task-and-report-data Report form, #constants-and-limits). */
export const REPORT_TYPES = ['list', 'daily', 'monthly', 'custom'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_VALUE_TYPES = ['COUNT', 'SUM'] as const;
export type ReportValueType = (typeof REPORT_VALUE_TYPES)[number];

export const REPORT_CHART_TYPES = ['pie', 'bar'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];

/** docs/requirements.md#constants-and-limits: page sizes of lists, the report builder's list starting at 15. */
export const REPORT_BUILDER_PAGE_SIZES = [15, 25, 50, 100, 250, 500] as const;
export const REPORT_BUILDER_PAGE_SIZE = 15;

/** docs/requirements.md#constants-and-limits "saved report list limit 500". */
export const SAVED_REPORT_LIMIT = 500;

/** The most series (y axis values) a report shows as columns; the rest are summed in one. */
export const REPORT_MAX_SERIES = 50;

/**
 * The relation through which a row of a lead's child table (transactions, notes...) reaches its lead: a
 * field of the lead is named `lead.<field>` (e.g. `lead.agent_id`, "the lead's agent").
 */
export const LEAD_RELATION = 'lead';

/** A field of the report's table (`amount`) or of a relation (`lead.agent_id`). */
export const FIELD_REF_PATTERN = /^[a-z][a-z0-9_]{0,62}(?:\.[a-z][a-z0-9_]{0,62})?$/;

export interface FieldRefParts {
  relation: string | null;
  field: string;
}

export function parseFieldRef(ref: string): FieldRefParts {
  const dot = ref.indexOf('.');
  return dot < 0
    ? { relation: null, field: ref }
    : { relation: ref.slice(0, dot), field: ref.slice(dot + 1) };
}

/** Where a list report's row leads: the lead's workspace for a lead or a lead's row, else its list. */
export function reportRowLink(
  table: string,
  column: string,
  value: unknown,
  isLeadsTable: boolean,
): string | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (column === 'customer_id' || column === 'lead_id' || column === `${LEAD_RELATION}.id`) {
    return `/leadDetail/${id}`;
  }
  if (column !== 'id') return null;
  return isLeadsTable ? `/leadDetail/${id}` : `/list/${table}?id=${id}`;
}

function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = BigInt(`${whole === '' ? '0' : whole}${fraction.padEnd(scale, '0')}`);
  return negative ? -digits : digits;
}

/**
 * The exact sum of decimal texts as the database writes numerics ('12', '-3.50'): report totals of money
 * must not pass through floating point.
 */
export function addDecimals(values: readonly string[]): string {
  const scale = Math.max(0, ...values.map((value) => (value.split('.')[1] ?? '').length));
  const sum = values.reduce((total, value) => total + scaled(value, scale), BigInt(0));
  if (scale === 0) return sum.toString();
  const negative = sum < BigInt(0);
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
