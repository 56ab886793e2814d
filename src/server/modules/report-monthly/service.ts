import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MASKED_COMPONENT, maskHidden } from '../../../shared/domain/masking';
import type {
  CallResult,
  MoneyMeasure,
  MonthlyMeasures,
  MonthlyReportBody,
  MonthlyRow,
  MonthlyTransaction,
  MonthlyTrxScope,
} from '../../../shared/contract';
import { DRILL_DOWN_LIMIT, OPTION_LIST_IDS, TRANSACTION_TYPES } from '../../../shared/domain/constants';
import { MONTHS_IN_YEAR, monthKey, parseMonthKey } from '../../../shared/domain/report-months';
import { COMPLETED_STATUSES } from '../../../shared/domain/transaction-flow';
import { periodicReportMessages as p } from '../../../shared/i18n/periodic-report-messages';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import { column, decimalText, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { OptionsService } from '../options';
import { TRANSACTIONS_TABLE } from '../transactions';
import { LEAD_TOTALS, TRANSACTION_TOTALS, leadTotalsScope, totalsScope } from '../reports';

export type MonthlyReport = CallResult<'reportMonthly'>;
export type MonthlyTransactions = CallResult<'reportMonthlyTransactions'>;

export interface MonthlyReportService {
  /** POST /report/monthly: the year's months by measure, inside the user's scope. */
  report(user: EngineUser, input: MonthlyReportBody): Promise<MonthlyReport>;
  /** POST /report/monthly/transactions: the transactions behind one money cell, with lead info. */
  transactions(
    user: EngineUser,
    input: { month: string; type: string; trx: MonthlyTrxScope },
  ): Promise<MonthlyTransactions>;
}

const LEAD_INFO_FIELDS = ['name', 'phone', 'tc', 'address', 'ilce', 'city', 'email'] as const;
/** The transaction fields the money measures read: hidden ones hide the measures. */
const MONEY_FIELDS = ['type', 'amount', 'currency_id', 'created_at'] as const;

interface YearRange {
  from: RawBuilder<string>;
  to: RawBuilder<string>;
}

const yearRange = (year: number): YearRange => ({
  from: sql<string>`make_timestamp(${year}::int, 1, 1, 0, 0, 0)`,
  to: sql<string>`make_timestamp(${year + 1}::int, 1, 1, 0, 0, 0)`,
});

const monthRange = (year: number, month: number): YearRange => ({
  from: sql<string>`make_timestamp(${year}::int, ${month}::int, 1, 0, 0, 0)`,
  to: sql<string>`make_timestamp(${year}::int, ${month}::int, 1, 0, 0, 0) + interval '1 month'`,
});

const emptyMoney = (): MoneyMeasure => ({ count: 0, sums: {} });

async function optionalAccess(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  table: string,
): Promise<TableAccess | null> {
  try {
    return await resolveTableAccess(db, registry, user, table);
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not-found') return null;
    throw error;
  }
}

const completedOnly = (trx: MonthlyTrxScope): RawBuilder<boolean> =>
  trx === 'completed'
    ? sql<boolean>`and ${column('status_id')} = any(${[...COMPLETED_STATUSES]}::int[])`
    : sql<boolean>``;

/** The user's transactions if the money measures may be shown to them (the fields they read), else null. */
function moneyVisible(access: TableAccess | null, trx: MonthlyTrxScope): TableAccess | null {
  if (!access) return null;
  const needed: readonly string[] = trx === 'completed' ? [...MONEY_FIELDS, 'status_id'] : MONEY_FIELDS;
  return needed.every((name) => access.readableNames.has(name)) ? access : null;
}

export function createMonthlyReportService(
  db: Kysely<Database>,
  deps: { registry: TableRegistry; leadScope: LeadScope; options: OptionsService },
): MonthlyReportService {
  /** Leads per month of one date column (GROUP BY in the database), or null when the field is hidden. */
  async function leadCounts(
    leads: TableAccess | null,
    field: string,
    range: YearRange,
  ): Promise<Map<number, number> | null> {
    if (!leads || !leads.readableNames.has(field)) return null;
    const inScope = await leadTotalsScope(leads);
    if (inScope) {
      // From the monthly counts (migration 023): a few hundred rows however many leads the year holds.
      const { rows } = await sql<{ m: number; n: number }>`
        select extract(month from ${column('month')})::int as m, sum(${column('n')})::int as n
        from ${sql.id(LEAD_TOTALS)}
        where ${column('field')} = ${field} and ${inScope}
          and ${column('month')} >= ${range.from} and ${column('month')} < ${range.to}
        group by 1
        having sum(${column('n')}) <> 0`.execute(db);
      return new Map(rows.map((row) => [Number(row.m), Number(row.n)]));
    }
    const { rows } = await sql<{ m: number; n: number }>`
      select extract(month from ${column(field)})::int as m, count(*)::int as n
      from ${sql.id(leads.table.sourceTable)}
      where ${leads.scope} and ${column(field)} >= ${range.from} and ${column(field)} < ${range.to}
      group by 1`.execute(db);
    return new Map(rows.map((row) => [Number(row.m), Number(row.n)]));
  }

  interface MoneyRow {
    m: number | null;
    type: string;
    currency_id: number;
    n: number;
    total: string;
  }

  /** The year's totals per (type, currency) beside the months' rows (m, type, currency_id, n, total). */
  async function yearOf(months: RawBuilder<unknown>): Promise<MoneyRow[]> {
    const { rows } = await sql<MoneyRow>`
      with months as (${months})
      select case when grouping(m) = 0 then m end as m, type, currency_id, sum(n)::int as n,
        ${decimalText(sql`sum(total)`)} as total
      from months
      group by grouping sets ((m, type, currency_id), (type, currency_id))`.execute(db);
    return rows;
  }

  /**
   * Count and exact sum per (month, type, currency), and per (type, currency) for the year's totals. The
   * year's rows are hashed into their few dozen groups first (in parallel where the planner may, thanks to
   * the statistics on the month expression); the grouping sets then work on those groups, not on a sort
   * of every transaction (1 s on a million, most of it an external merge sort).
   */
  async function moneyRows(trx: TableAccess, range: YearRange, scope: MonthlyTrxScope): Promise<MoneyRow[]> {
    return yearOf(sql`
        select extract(month from ${column('created_at')})::int as m, ${column('type')} as type,
          ${column('currency_id')} as currency_id, count(*) as n, sum(${column('amount')}) as total
        from ${sql.id(trx.table.sourceTable)}
        where ${trx.scope} and ${column('created_at')} >= ${range.from} and ${column('created_at')} < ${range.to}
          and ${column('type')} in (${TRANSACTION_TYPES.deposit}, ${TRANSACTION_TYPES.withdrawal})
          ${completedOnly(scope)}
        group by 1, 2, 3`);
  }

  /**
   * moneyRows read from the monthly totals (migration 022): a year is at most a few thousand rows
   * however many transactions it holds. `inScope` is totalsScope's condition over the totals' rows.
   */
  async function moneyTotals(
    inScope: Condition,
    range: YearRange,
    scope: MonthlyTrxScope,
  ): Promise<MoneyRow[]> {
    return yearOf(sql`
        select extract(month from ${column('month')})::int as m, ${column('type')} as type,
          ${column('currency_id')} as currency_id, sum(${column('n')}) as n, sum(${column('total')}) as total
        from ${sql.id(TRANSACTION_TOTALS)}
        where ${inScope} and ${column('month')} >= ${range.from} and ${column('month')} < ${range.to}
          and ${column('type')} in (${TRANSACTION_TYPES.deposit}, ${TRANSACTION_TYPES.withdrawal})
          ${completedOnly(scope)}
        group by 1, 2, 3
        having sum(${column('n')}) <> 0`);
  }

  /** The year's money rows: from the totals where they can tell the user's scope, else aggregated. */
  async function moneyOf(
    money: TableAccess,
    leads: TableAccess | null,
    range: YearRange,
    scope: MonthlyTrxScope,
  ): Promise<MoneyRow[]> {
    const inScope = await totalsScope(money, leads);
    return inScope ? moneyTotals(inScope, range, scope) : moneyRows(money, range, scope);
  }

  /** Labels of an option list (currencies, transaction statuses) by value. */
  async function optionLabels(listId: number): Promise<Map<string, string>> {
    try {
      const items = await deps.options.getOption(listId);
      return new Map(items.map((item) => [String(item.value), item.label]));
    } catch (error) {
      // A list not configured: the ids are shown instead.
      if (isDomainError(error) && error.kind === 'not-found') return new Map();
      throw error;
    }
  }
  const currencyLabels = (): Promise<Map<string, string>> => optionLabels(OPTION_LIST_IDS.currencies);

  return {
    async report(user, input) {
      const year = input.year ?? (await currentYear(db));
      const range = yearRange(year);
      const [leads, transactions] = await Promise.all([
        deps.leadScope.access(user),
        optionalAccess(db, deps.registry, user, TRANSACTIONS_TABLE),
      ]);
      const money = moneyVisible(transactions, input.trx);
      const [created, converted, funded, moneyCounts, labels] = await Promise.all([
        leadCounts(leads, 'created_at', range),
        leadCounts(leads, 'customer_set_date', range),
        leadCounts(leads, 'first_fund_date', range),
        money ? moneyOf(money, leads, range, input.trx) : Promise.resolve(null),
        currencyLabels(),
      ]);
      const measures = (month: number | null): MonthlyMeasures => {
        const pick = (counts: Map<number, number> | null): number | null => {
          if (!counts) return null;
          if (month !== null) return counts.get(month) ?? 0;
          return [...counts.values()].reduce((sum, n) => sum + n, 0);
        };
        const moneyOf = (type: string): MoneyMeasure | null => {
          if (!moneyCounts) return null;
          const measure = emptyMoney();
          for (const row of moneyCounts) {
            if (row.type !== type || row.m !== month) continue;
            measure.count += Number(row.n);
            measure.sums[String(row.currency_id)] = row.total;
          }
          return measure;
        };
        return {
          leads: pick(created),
          conversions: pick(converted),
          first_funds: pick(funded),
          deposits: moneyOf(TRANSACTION_TYPES.deposit),
          withdrawals: moneyOf(TRANSACTION_TYPES.withdrawal),
        };
      };
      const months: MonthlyRow[] = [];
      for (let month = 1; month <= MONTHS_IN_YEAR; month += 1) {
        months.push({ month: monthKey(year, month), ...measures(month) });
      }
      const currencyIds = [...new Set((moneyCounts ?? []).map((row) => String(row.currency_id)))].sort(
        (a, b) => Number(a) - Number(b),
      );
      return {
        success: true,
        year,
        trx: input.trx,
        months,
        totals: measures(null),
        currencies: currencyIds.map((id) => ({ id, label: labels.get(id) ?? id })),
      };
    },

    async transactions(user, input) {
      const month = parseMonthKey(input.month);
      if (!month) throw DomainError.invalid(p.monthInvalid);
      const [leads, transactions] = await Promise.all([
        deps.leadScope.access(user),
        optionalAccess(db, deps.registry, user, TRANSACTIONS_TABLE),
      ]);
      const trx = moneyVisible(transactions, input.trx);
      if (!trx || !leads) throw DomainError.forbidden(p.reportHidden);
      const range = monthRange(month.year, month.month);
      const where = sql<boolean>`${trx.scope} and ${column('type')} = ${input.type}
        and ${column('created_at')} >= ${range.from} and ${column('created_at')} < ${range.to}
        ${completedOnly(input.trx)}`;
      const source = sql.id(trx.table.sourceTable);
      // The lead info a user may read; the lead itself is in scope (the transactions' scope says so).
      const leadColumns = LEAD_INFO_FIELDS.map((name) =>
        leads.readableNames.has(name)
          ? sql`l.${sql.id(name)}::text as ${sql.id(`lead_${name}`)}`
          : sql`null::text as ${sql.id(`lead_${name}`)}`,
      );
      const [count, picked, statusLabels, currencies] = await Promise.all([
        sql<{ n: number }>`select count(*)::int as n from ${source} where ${where}`.execute(db),
        sql<Record<string, string | number | null>>`
          with picked as (
            select ${column('id')} as id, ${column('customer_id')} as customer_id, ${column('type')} as type,
              ${column('amount')}::text as amount, ${column('currency_id')} as currency_id,
              ${column('status_id')} as status_id, ${column('created_at')} as created_at
            from ${source} where ${where}
            order by ${column('created_at')} desc, ${column('id')} desc
            limit ${DRILL_DOWN_LIMIT})
          select picked.*, ${sql.join(leadColumns)}
          from picked join ${sql.id(leads.table.sourceTable)} l on l.id = picked.customer_id
          order by picked.created_at desc, picked.id desc`.execute(db),
        optionLabels(OPTION_LIST_IDS.transactionStatuses),
        currencyLabels(),
      ]);
      const text = (value: unknown): string | null =>
        value === null || value === undefined ? null : String(value);
      // A clickShow field (T.C.) is masked here as on the lead screen (docs/user-guide.md#maskeli-alanlar).
      const maskedNames = new Set(
        leads.readable.filter((field) => field.component === MASKED_COMPONENT).map((field) => field.name),
      );
      const shown = (name: string, value: unknown): string | null => {
        const plain = text(value);
        return plain !== null && maskedNames.has(name) ? maskHidden(plain) : plain;
      };
      const results: MonthlyTransaction[] = picked.rows.map((row) => ({
        id: Number(row.id),
        customer_id: Number(row.customer_id),
        type: String(row.type),
        amount: String(row.amount),
        currency_id: Number(row.currency_id),
        currency: currencies.get(String(row.currency_id)) ?? String(row.currency_id),
        status_id: Number(row.status_id),
        status: statusLabels.get(String(row.status_id)) ?? String(row.status_id),
        created_at: String(row.created_at),
        lead: {
          id: Number(row.customer_id),
          name: shown('name', row.lead_name),
          phone: shown('phone', row.lead_phone),
          tc: shown('tc', row.lead_tc),
          address: shown('address', row.lead_address),
          ilce: shown('ilce', row.lead_ilce),
          city: shown('city', row.lead_city),
          email: shown('email', row.lead_email),
        },
      }));
      return { success: true, month: input.month, total: Number(count.rows[0]?.n ?? 0), results };
    },
  };
}

/** The current year in the database session's zone (CRM_TIME_ZONE), like every other date of the CRM. */
async function currentYear(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ y: number }>`select extract(year from localtimestamp)::int as y`.execute(db);
  return Number(rows[0]?.y);
}
