import { format } from '../i18n/messages';
import { workflowMessages } from '../i18n/workflow-messages';

/**
 * The date range of a scheduled report as a rule (see docs/user-guide.md#scheduled-reports): "son 7 gün",
 * "bu ay", "geçen hafta" or fixed dates, stored with the schedule and turned into dates when each mail is
 * sent, so a weekly mail covers the week before it and not the month it was saved in. Weeks start on
 * Monday, as in Turkey.
 */
export const RANGE_RULE_KINDS = [
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'fixed',
] as const;
export type RangeRuleKind = (typeof RANGE_RULE_KINDS)[number];

export type RangeRule =
  | { kind: Exclude<RangeRuleKind, 'fixed'> }
  /** start and end as YYYY-MM-DD, both days included. */
  | { kind: 'fixed'; start: string; end: string };

/** A range as the reports take it: 'YYYY-MM-DD HH:mm:ss', both ends included. */
export interface RuleRange {
  start: string;
  end: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const pad = (n: number): string => String(n).padStart(2, '0');

/** A calendar day as a UTC date (only its day counts; no time zone can shift it). */
function dayOf(text: string): Date | null {
  const match = DAY.exec(text.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCDate() === Number(match[3]) ? date : null;
}

const dayText = (date: Date): string =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const plusDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);
const range = (first: Date, last: Date): RuleRange => ({
  start: `${dayText(first)} 00:00:00`,
  end: `${dayText(last)} 23:59:59`,
});

/** Whether a rule is well formed: a known kind, and for fixed dates two real days in order. */
export function isRangeRule(value: unknown): value is RangeRule {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, start, end } = value as { kind?: unknown; start?: unknown; end?: unknown };
  if (!(RANGE_RULE_KINDS as readonly unknown[]).includes(kind)) return false;
  if (kind !== 'fixed') return true;
  if (typeof start !== 'string' || typeof end !== 'string') return false;
  const first = dayOf(start);
  const last = dayOf(end);
  return first !== null && last !== null && first.getTime() <= last.getTime();
}

/**
 * The dates a rule covers for a mail sent at `sendAt` (the schedule's local 'YYYY-MM-DD HH:mm:ss'): the
 * rolling ones end with the day of the send (today included, as the lists' quick ranges do), the calendar
 * ones are whole weeks and months.
 */
export function rangeOfRule(rule: RangeRule, sendAt: string): RuleRange {
  if (rule.kind === 'fixed') {
    return { start: `${rule.start.slice(0, 10)} 00:00:00`, end: `${rule.end.slice(0, 10)} 23:59:59` };
  }
  const today = dayOf(sendAt);
  if (!today) throw new Error(`send time ${sendAt} is no date`);
  // Monday is 0.
  const weekday = (today.getUTCDay() + 6) % 7;
  const monday = plusDays(today, -weekday);
  const firstOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  switch (rule.kind) {
    case 'yesterday':
      return range(plusDays(today, -1), plusDays(today, -1));
    case 'last_7_days':
      return range(plusDays(today, -6), today);
    case 'last_30_days':
      return range(plusDays(today, -29), today);
    case 'this_week':
      return range(monday, today);
    case 'last_week':
      return range(plusDays(monday, -7), plusDays(monday, -1));
    case 'this_month':
      return range(firstOfMonth, today);
    case 'last_month':
      return range(
        new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)),
        plusDays(firstOfMonth, -1),
      );
  }
}

/** '31.12.2025' of a 'YYYY-MM-DD…' text. */
function shortDay(text: string): string {
  const match = DAY.exec(text);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : text;
}

/** The rule in words: "Son 7 gün", or "01.12.2025 – 31.12.2025 (sabit)". */
export function describeRangeRule(rule: RangeRule): string {
  if (rule.kind === 'fixed') {
    return format(workflowMessages.rangeRuleFixed, { start: shortDay(rule.start), end: shortDay(rule.end) });
  }
  return workflowMessages.rangeRules[rule.kind];
}

/** A covered range in words: "01.12.2025 – 07.12.2025". */
export function describeRange(covered: RuleRange): string {
  return format(workflowMessages.rangeCovered, {
    start: shortDay(covered.start),
    end: shortDay(covered.end),
  });
}
