import { sql, type Kysely } from 'kysely';
import { FILTER_TYPES } from '../../../shared/domain/filters';
import type { Database } from '../../db/schema';
import { compileFilters, type FilterCondition } from '../../engine/filter-compiler';
import { and, column, decimalText, or, type Condition } from '../../engine/sql-helpers';
import { TOTALS_LEAD_COLUMNS, TOTALS_OWN_COLUMNS, TRANSACTION_TOTALS, totalsScope } from '../reports';
import { groupKey, groupText, namesUsers, reportFrom, type SplitFilters } from './report-query';
import type { ReportSource, ResolvedField } from './report-source';

/** One (x, y) group of an aggregate report and its value as exact decimal text. */
export interface GroupRow {
  x: string | null;
  y: string | null;
  v: string;
}

export interface TotalsRequest {
  x: ResolvedField;
  y: ResolvedField | null;
  /** The summed field (SUM); null: the rows are counted. */
  sumField: ResolvedField | null;
  filters: SplitFilters;
  /** "Only active users": the runner's conditions for the live rows; null when not asked for. */
  activeWhere: readonly Condition[] | null;
  /** At most this many groups are read (the caller refuses more). */
  limit: number;
}

const DATE_FIELD = 'created_at';
const TRANSACTIONS_SOURCE = 'transactions';
/**
 * Filter types whose matches on a date form one range (a day, after, before, between): a month is wholly
 * inside such a range when its first and last moments are.
 */
const RANGE_TYPES: ReadonlySet<number> = new Set([
  FILTER_TYPES.equal,
  FILTER_TYPES.greater,
  FILTER_TYPES.less,
  FILTER_TYPES.greaterOrEqual,
  FILTER_TYPES.lessOrEqual,
  FILTER_TYPES.between,
]);

const isField = (field: ResolvedField | null, owner: 'base' | 'lead', names: ReadonlySet<string>): boolean =>
  field !== null && field.owner === owner && names.has(field.field.name);

/** Whether every part of a monthly transactions report is something the totals carry. */
function fitsTotals(source: ReportSource, request: TotalsRequest): boolean {
  const { x, y, sumField, filters } = request;
  if (source.base.table.sourceTable !== TRANSACTIONS_SOURCE) return false;
  if (x.owner !== 'base' || x.field.name !== DATE_FIELD) return false;
  if (y && !isField(y, 'base', TOTALS_OWN_COLUMNS) && !isField(y, 'lead', TOTALS_LEAD_COLUMNS)) return false;
  if (sumField && (sumField.owner !== 'base' || sumField.field.name !== 'amount')) return false;
  // Active users are checked on the lead's agent only when the report is by that agent.
  if (request.activeWhere && !(y && y.owner === 'lead' && namesUsers(y))) return false;
  const ownOk = filters.base.every(
    (filter) =>
      TOTALS_OWN_COLUMNS.has(filter.name) || (filter.name === DATE_FIELD && RANGE_TYPES.has(filter.type)),
  );
  return ownOk && filters.lead.every((filter) => TOTALS_LEAD_COLUMNS.has(filter.name));
}

/**
 * A monthly report on transactions from the monthly totals (migration 022) where they can give it: the
 * months whose transactions all pass the date filters come from the totals; a partial month at the
 * range's ends from its rows inside the range, or, when most of it is inside, from its totals less its
 * rows outside; all added together in one query. A year of 1,000,000 transactions by their lead's agent
 * is then a few thousand totals rows and the smaller parts of at most two months.
 * Both statements read one snapshot (repeatable read), so a transaction written meanwhile cannot fall
 * between them. Null when the report needs anything the totals do not carry (another field, a
 * restriction they cannot tell, a date filter that is no range): the caller aggregates the transactions.
 */
export async function groupsFromTotals(
  db: Kysely<Database>,
  source: ReportSource,
  request: TotalsRequest,
): Promise<GroupRow[] | null> {
  if (!fitsTotals(source, request)) return null;
  const inScope = await totalsScope(source.base, source.lead?.access ?? null);
  if (!inScope) return null;
  const ownContext = { table: source.base.table, listable: source.base.listableNames };
  const dateFilters = request.filters.base.filter((filter) => filter.name === DATE_FIELD);
  const dateCondition = and(compileFilters(dateFilters, ownContext));
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const plan = await planMonths(trx, dateCondition);
      return plan ? fromMonths(trx, source, request, inScope, plan) : null;
    });
}

/** A month only part of whose transactions pass the date filters: those lie from `first` to `last`. */
interface PartialMonth {
  month: string;
  first: string;
  last: string;
  /** Most of the month passes: its totals minus the rows that do not, else the rows that do. */
  mostly: boolean;
}

/** The months the totals can give: a run of whole months, and the partial months around it. */
interface MonthPlan {
  from: string;
  to: string;
  partial: PartialMonth[];
}

/** groupsFromTotals' query, once the months are planned. */
async function fromMonths(
  db: Kysely<Database>,
  source: ReportSource,
  request: TotalsRequest,
  inScope: Condition,
  plan: MonthPlan,
): Promise<GroupRow[]> {
  const { x, y, filters } = request;
  const ownContext = { table: source.base.table, listable: source.base.listableNames };
  const notDate = filters.base.filter((filter) => filter.name !== DATE_FIELD);
  const ownConditions = compileFilters(notDate, ownContext);
  const lead = source.lead?.access;
  const leadConditions: Condition[] =
    lead && filters.lead.length > 0
      ? compileFilters(filters.lead as FilterCondition[], { table: lead.table, listable: lead.listableNames })
      : [];
  const active = request.activeWhere && y ? [activeAgents(y.field.name)] : [];
  const yTotals = y ? sql<string | null>`nullif(${column(y.field.name)}::text, '')` : sql<null>`null::text`;
  const totalsValue = request.sumField ? sql`sum(${column('total')})` : sql`sum(${column('n')})::numeric`;
  const month = column('month');
  const mostly = plan.partial.filter((part) => part.mostly);
  const few = plan.partial.filter((part) => !part.mostly);

  const used = [x, ...(y ? [y] : []), ...(request.sumField ? [request.sumField] : [])];
  const yLive = y ? groupKey(y, 'monthly') : sql<null>`null::text`;
  const liveValue = request.sumField
    ? sql`coalesce(sum(${request.sumField.sqlRef}), 0)`
    : sql`count(*)::numeric`;
  const live = (rows: typeof filters, within: Condition[], sign: '' | '-') => {
    const { from, where } = reportFrom(source, used, rows);
    return sql`select ${groupKey(x, 'monthly')} as xk, ${yLive} as yk, ${sql.raw(sign)}${liveValue} as v,
        ${sql.raw(sign)}count(*) as n
      from ${from} where ${and([where, ...(request.activeWhere ?? []), or(within)])}
      group by 1, 2`;
  };
  const at = (text: string) => sql`${text}::timestamp`;
  const parts = [
    sql`select ${month} as xk, ${yTotals} as yk, ${totalsValue} as v, sum(${column('n')}) as n
      from ${sql.id(TRANSACTION_TOTALS)}
      where ${and([
        inScope,
        ...ownConditions,
        ...leadConditions,
        ...active,
        or([
          sql<boolean>`(${month} >= ${at(plan.from)} and ${month} < ${at(plan.to)})`,
          ...mostly.map((part) => sql<boolean>`${month} = ${at(part.month)}`),
        ]),
      ])}
      group by 1, 2`,
  ];
  // Mostly inside: the month's totals above, less its few rows outside the range (no date filter here).
  if (mostly.length > 0) {
    parts.push(
      live(
        { base: notDate, lead: filters.lead },
        mostly.flatMap((part) => [
          sql<boolean>`(${x.sqlRef} >= ${at(part.month)} and ${x.sqlRef} < ${at(part.first)})`,
          sql<boolean>`(${x.sqlRef} > ${at(part.last)} and ${x.sqlRef} < ${at(part.month)} + interval '1 month')`,
        ]),
        '-',
      ),
    );
  }
  // Mostly outside: the few rows inside the range, from the transactions.
  if (few.length > 0) {
    parts.push(
      live(
        filters,
        few.map(
          (part) => sql<boolean>`(${x.sqlRef} >= ${at(part.first)} and ${x.sqlRef} <= ${at(part.last)})`,
        ),
        '',
      ),
    );
  }
  const yText = y ? groupText(sql.ref('yk'), y, 'monthly') : sql<null>`null::text`;
  const { rows } = await sql<GroupRow>`with groups as materialized (
      select xk, yk, sum(v) as v from (${sql.join(parts, sql` union all `)}) as parts
      group by 1, 2
      having sum(n) <> 0)
    select ${groupText(sql.ref('xk'), x, 'monthly')} as x, ${yText} as y,
      ${request.sumField ? decimalText(sql.ref('v')) : sql`v::text`} as v
    from groups limit ${request.limit}`.execute(db);
  return rows;
}

/** `agent_id in (active users)` over the totals' lead agent. */
function activeAgents(name: string): Condition {
  return sql<boolean>`${column(name)} in (select ${column('id')} from ${sql.id('users')} where ${column('active')} = 1)`;
}

/**
 * Which months the totals give. The whole ones: a run of months whose transactions all pass the date
 * filters (every month the totals hold when there are none). The filters are ranges, so a month's
 * transactions all pass when its earliest and its latest one do (two index probes a month): "the last
 * 365 days" takes this month whole, whose transactions all lie before now. The partial months around
 * the run: where their passing transactions begin and end (two more probes each), so the query reads
 * whichever part of such a month is smaller. Null when no month is whole, or a month with transactions
 * inside the run is not (the filters were no range after all).
 */
async function planMonths(db: Kysely<Database>, dateCondition: Condition): Promise<MonthPlan | null> {
  const created = column(DATE_FIELD);
  const source = sql.id(TRANSACTIONS_SOURCE);
  const inMonth = (alias: string) =>
    sql`${created} >= ${sql.ref(`${alias}.m`)} and ${created} < ${sql.ref(`${alias}.m`)} + interval '1 month'`;
  const { rows } = await sql<{ first: string | null; end: string | null; gaps: number; partial: string }>`
    with candidates as (
      select generate_series(min(${column('month')}), max(${column('month')}), interval '1 month') as m
      from ${sql.id(TRANSACTION_TOTALS)}),
    spans as (
      select spans_of.m,
        (select min(${created}) from ${source} where ${inMonth('spans_of')}) as lo,
        (select max(${created}) from ${source} where ${inMonth('spans_of')}) as hi
      from candidates as spans_of),
    marked as (
      select m, lo is not null as filled,
        lo is not null
          and (select ${dateCondition} from (select spans.lo as ${created}) as earliest)
          and (select ${dateCondition} from (select spans.hi as ${created}) as latest) as whole
      from spans),
    run as (select min(m) as first, max(m) as last from marked where whole),
    partial as (
      select part_of.m,
        (select min(${created}) from ${source} where ${inMonth('part_of')} and ${dateCondition}) as first,
        (select max(${created}) from ${source} where ${inMonth('part_of')} and ${dateCondition}) as last
      from marked as part_of, run
      where part_of.filled and not part_of.whole and (part_of.m < run.first or part_of.m > run.last))
    select run.first::text as first, (run.last + interval '1 month')::text as end,
      (select count(*) from marked
        where filled and not whole and m between run.first and run.last)::int as gaps,
      (select coalesce(json_agg(json_build_object('month', m::text, 'first', first::text,
          'last', last::text,
          'mostly', last - first > ((m + interval '1 month') - m) / 2)), '[]')::text
        from partial where first is not null) as partial
    from run`.execute(db);
  const row = rows[0];
  if (!row?.first || !row.end || row.gaps > 0) return null;
  return { from: row.first, to: row.end, partial: JSON.parse(row.partial) as PartialMonth[] };
}
