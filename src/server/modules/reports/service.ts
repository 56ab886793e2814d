import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  AgentReportRow,
  CallResult,
  GroupStatusCounts,
  ReportCounts,
  ReportRow,
  ReportStatus,
} from '../../../shared/contract';
import { REPORT_MAX_GROUPS, type UtmKey } from '../../../shared/domain/report-keys';
import { CHAT_NOTE_STATUS_ID } from '../../../shared/domain/constants';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { isOpenScope, type TableAccess } from '../../engine/permission-resolver';
import { column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { OptionsService } from '../options';
import { type DateRangeInput, toRange } from '../dashboard';

export interface ReportInput extends DateRangeInput {
  utmKey: UtmKey;
}

export interface AgentReportInput extends DateRangeInput {
  /** Breaks each agent's leads down by this key (agent_id itself adds nothing). */
  utmKey?: UtmKey | undefined;
}

export interface ReportsService {
  /** POST /report/utm: leads per group value and status, inside the user's scope. */
  utm(user: EngineUser, input: ReportInput): Promise<CallResult<'reportUtm'>>;
  /** POST /report/agent: per agent, lead statuses and the calls, notes and conversions of a range. */
  agent(user: EngineUser, input: AgentReportInput | undefined): Promise<CallResult<'reportAgent'>>;
  /** POST /piechart/firstFund/: first funds of the range per agent, biggest first. */
  firstFund(user: EngineUser, input: DateRangeInput | undefined): Promise<CallResult<'firstFund'>>;
}

interface GroupCount {
  value: string | null;
  status_id: number | null;
  lead_count: number;
}

const emptyCounts = (): ReportCounts => ({ counts: {}, no_status: 0, total: 0 });

function addCount(target: ReportCounts, statusId: number | null, count: number): void {
  if (statusId === null) target.no_status += count;
  else target.counts[String(statusId)] = (target.counts[String(statusId)] ?? 0) + count;
  target.total += count;
}

function addAll(target: ReportCounts, source: ReportCounts): void {
  for (const [status, count] of Object.entries(source.counts)) {
    target.counts[status] = (target.counts[status] ?? 0) + count;
  }
  target.no_status += source.no_status;
  target.total += source.total;
}

/**
 * Pivots (value, status, count) rows into one row per value, biggest first; values past the cap are
 * summed into one "others" row so the table stays readable and the totals stay right.
 */
function pivot(rows: readonly GroupCount[], label: (value: string | null) => string): ReportRow[] {
  const byValue = new Map<string | null, ReportCounts>();
  for (const row of rows) {
    const counts = byValue.get(row.value) ?? emptyCounts();
    addCount(counts, row.status_id, Number(row.lead_count));
    byValue.set(row.value, counts);
  }
  const sorted = [...byValue.entries()].sort(
    ([aValue, a], [bValue, b]) => b.total - a.total || String(aValue).localeCompare(String(bValue), 'tr'),
  );
  const shown: ReportRow[] = sorted
    .slice(0, REPORT_MAX_GROUPS)
    .map(([value, counts]) => ({ value, label: label(value), ...counts }));
  const rest = sorted.slice(REPORT_MAX_GROUPS);
  if (rest.length > 0) {
    const others = emptyCounts();
    for (const [, counts] of rest) addAll(others, counts);
    shown.push({
      value: null,
      label: format(messages.reportOthers, { count: rest.length }),
      others: true,
      ...others,
    });
  }
  return shown;
}

/** The spec's map of a report: group value -> status id -> count, for the rows that are group values. */
export function statusCountMap(rows: readonly ReportRow[]): GroupStatusCounts {
  const map: GroupStatusCounts = {};
  for (const row of rows) {
    if (row.others) continue;
    map[row.value ?? ''] = { ...row.counts };
  }
  return map;
}

function totalsOf(rows: readonly ReportCounts[]): ReportCounts {
  const totals = emptyCounts();
  for (const row of rows) addAll(totals, row);
  return totals;
}

export function createReportsService(
  db: Kysely<Database>,
  deps: { leadScope: LeadScope; options: OptionsService },
): ReportsService {
  /** The user's leads, refused when a field the report groups or counts by is hidden from them. */
  async function leadsFor(user: EngineUser, fields: readonly string[]): Promise<TableAccess> {
    const access = await deps.leadScope.access(user);
    if (!access || fields.some((name) => !access.readableNames.has(name))) {
      throw DomainError.forbidden(messages.reportFieldHidden);
    }
    return access;
  }

  async function statuses(): Promise<ReportStatus[]> {
    return db
      .selectFrom('lead_statuses')
      .select(['id', 'label', 'background', 'color'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Labels of a field's stored values from its option list (countries, agents), else the value. */
  async function labeller(access: TableAccess, key: string): Promise<(value: string | null) => string> {
    const field = access.readable.find((candidate) => candidate.name === key);
    const labels = new Map<string, string>();
    if (field?.optionListId) {
      for (const option of await deps.options.getOption(field.optionListId)) {
        labels.set(String(option.value), option.label);
      }
    }
    return (value) =>
      value === null || value === '' ? messages.reportNoValue : (labels.get(value) ?? value);
  }

  async function groupCounts(
    access: TableAccess,
    key: string,
    range: { from: RawBuilder<string>; to: RawBuilder<string> } | null,
  ): Promise<GroupCount[]> {
    const created = range
      ? sql`and ${column('created_at')} >= ${range.from} and ${column('created_at')} < ${range.to}`
      : sql``;
    // Aggregated in the database: one row per (value, status), however many leads there are.
    const { rows } = await sql<GroupCount>`
      select nullif(${column(key)}::text, '') as value, ${column('status_id')} as status_id,
        count(*)::int as lead_count
      from ${sql.id(access.table.sourceTable)}
      where ${access.scope} ${created}
      group by 1, 2`.execute(db);
    return rows;
  }

  /** Each agent's leads of the range per value of `key`: agent value ('' for none) -> pivoted rows. */
  async function agentBreakdown(
    access: TableAccess,
    key: UtmKey,
    range: { from: RawBuilder<string>; to: RawBuilder<string> },
  ): Promise<Record<string, ReportRow[]>> {
    const [{ rows }, label] = await Promise.all([
      sql<GroupCount & { agent: string | null }>`
        select ${column('agent_id')}::text as agent, nullif(${column(key)}::text, '') as value,
          ${column('status_id')} as status_id, count(*)::int as lead_count
        from ${sql.id(access.table.sourceTable)}
        where ${access.scope} and ${column('created_at')} >= ${range.from} and ${column('created_at')} < ${range.to}
        group by 1, 2, 3`.execute(db),
      labeller(access, key),
    ]);
    const byAgent = new Map<string, GroupCount[]>();
    for (const row of rows) {
      const agent = row.agent ?? '';
      byAgent.set(agent, [...(byAgent.get(agent) ?? []), row]);
    }
    return Object.fromEntries([...byAgent].map(([agent, counts]) => [agent, pivot(counts, label)]));
  }

  return {
    async utm(user, input) {
      const key = input.utmKey;
      const hasRange = Boolean(input.start || input.end);
      const access = await leadsFor(user, hasRange ? [key, 'status_id', 'created_at'] : [key, 'status_id']);
      const range = hasRange ? toRange(input) : null;
      const [rows, status, label] = await Promise.all([
        groupCounts(access, key, range),
        statuses(),
        labeller(access, key),
      ]);
      const pivoted = pivot(rows, label);
      return {
        success: true,
        key,
        report: statusCountMap(pivoted),
        rows: pivoted,
        status,
        totals: totalsOf(pivoted),
      };
    },

    async agent(user, input) {
      const breakdownKey = input?.utmKey !== undefined && input.utmKey !== 'agent_id' ? input.utmKey : null;
      const access = await leadsFor(user, [
        'agent_id',
        'status_id',
        'created_at',
        ...(breakdownKey ? [breakdownKey] : []),
      ]);
      const range = toRange(input);
      const breakdown = breakdownKey ? await agentBreakdown(access, breakdownKey, range) : undefined;
      // With every lead visible there is nothing to narrow (notes go with their lead; a call made stays
      // a call made after its lead is deleted), and the check joined each call and note against all
      // leads: 3.6x the SQL on 1,000,000 leads.
      const inScope = isOpenScope(access)
        ? sql<boolean>`true`
        : sql<boolean>`lead_id in (select ${column('id')} from ${sql.id(
            access.table.sourceTable,
          )} where ${access.scope})`;
      const inRange = sql<boolean>`created_at >= ${range.from} and created_at < ${range.to}`;
      const conversionsVisible = access.readableNames.has('customer_set_date');
      const [rows, status, label, calls, notes, conversions] = await Promise.all([
        groupCounts(access, 'agent_id', range),
        statuses(),
        labeller(access, 'agent_id'),
        // Refused attempts never reached the PBX: they are no calls made.
        sql<{ agent: string; n: number }>`select user_id::text as agent, count(*)::int as n from call_logs
          where ${inRange} and status <> 'refused' and ${inScope} group by 1`.execute(db),
        sql<{ agent: string; n: number }>`select insert_agent_id::text as agent, count(*)::int as n
          from lead_notes where ${inRange} and insert_agent_id is not null
          and note_status_id is distinct from ${CHAT_NOTE_STATUS_ID} and ${inScope} group by 1`.execute(db),
        conversionsVisible
          ? sql<{ agent: string | null; n: number }>`select ${column('agent_id')}::text as agent,
              count(*)::int as n from ${sql.id(access.table.sourceTable)}
              where ${access.scope} and ${column('customer_set_date')} >= ${range.from}
              and ${column('customer_set_date')} < ${range.to} group by 1`.execute(db)
          : Promise.resolve({ rows: [] as { agent: string | null; n: number }[] }),
      ]);
      const activity = new Map<string | null, { calls: number; notes: number; conversions: number }>();
      const bump = (agent: string | null, field: 'calls' | 'notes' | 'conversions', n: number): void => {
        const entry = activity.get(agent) ?? { calls: 0, notes: 0, conversions: 0 };
        entry[field] += Number(n);
        activity.set(agent, entry);
      };
      for (const row of calls.rows) bump(row.agent, 'calls', row.n);
      for (const row of notes.rows) bump(row.agent, 'notes', row.n);
      for (const row of conversions.rows) bump(row.agent, 'conversions', row.n);
      // An agent who only called or wrote notes in the range has a row too, with no new leads.
      const seen = new Set(rows.map((row) => row.value));
      const extra: GroupCount[] = [...activity.keys()]
        .filter((agent) => !seen.has(agent))
        .map((agent) => ({ value: agent, status_id: null, lead_count: 0 }));
      const pivoted = pivot([...rows, ...extra], label);
      const report: AgentReportRow[] = pivoted.map((row) => {
        const done = row.others ? undefined : activity.get(row.value);
        return {
          ...row,
          calls: done?.calls ?? 0,
          notes: done?.notes ?? 0,
          conversions: done?.conversions ?? 0,
        };
      });
      const sum = (field: 'calls' | 'notes' | 'conversions'): number =>
        [...activity.values()].reduce((total, entry) => total + entry[field], 0);
      return {
        success: true,
        ...(breakdownKey && breakdown ? { key: breakdownKey, breakdown } : {}),
        report,
        status,
        totals: {
          ...totalsOf(report),
          calls: sum('calls'),
          notes: sum('notes'),
          conversions: sum('conversions'),
        },
      };
    },

    async firstFund(user, input) {
      const access = await leadsFor(user, ['agent_id', 'first_fund_date']);
      const range = toRange(input);
      const [counts, label] = await Promise.all([
        sql<{ agent: string | null; n: number }>`select ${column('agent_id')}::text as agent,
            count(*)::int as n from ${sql.id(access.table.sourceTable)}
          where ${access.scope} and ${column('first_fund_date')} >= ${range.from}
            and ${column('first_fund_date')} < ${range.to}
          group by 1 order by 2 desc, 1`.execute(db),
        labeller(access, 'agent_id'),
      ]);
      return {
        success: true,
        results: counts.rows.map((row) => ({
          agent_id: row.agent === null ? null : Number(row.agent),
          agent_name: label(row.agent),
          lead_count: Number(row.n),
        })),
      };
    },
  };
}
