import { sql, type RawBuilder } from 'kysely';
import type { ReportType, ReportValueType } from '../../../shared/domain/report-builder';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { parseFieldRef } from '../../../shared/domain/report-builder';
import { compileFilters, type FilterCondition } from '../../engine/filter-compiler';
import { and, column, decimalText, type Condition } from '../../engine/sql-helpers';
import { BASE_ALIAS, LEAD_ALIAS, LEAD_KEY, type ReportSource, type ResolvedField } from './report-source';

/** The filters of a report split by the table they narrow, names without the relation prefix. */
export interface SplitFilters {
  base: FilterCondition[];
  lead: FilterCondition[];
}

export function splitFilters(source: ReportSource, filters: readonly FilterCondition[]): SplitFilters {
  const split: SplitFilters = { base: [], lead: [] };
  for (const filter of filters) {
    // Resolving checks the field is one the user may list and read, whichever table it is on.
    const resolved = source.resolve(filter.name);
    const plain = { ...filter, name: parseFieldRef(filter.name).field };
    if (resolved.owner === 'base') split.base.push(plain);
    else split.lead.push(plain);
  }
  return split;
}

/**
 * FROM and WHERE of a report: the table's rows inside the user's scope and filters as subquery "b",
 * and, when a lead's field is used, the leads inside the user's leads scope as "l" (joined on the row's
 * lead). Each scope is compiled inside its own subquery, where its unqualified column names resolve to
 * that table alone; PostgreSQL flattens the subqueries, so indexes apply as in a plain join.
 */
export function reportFrom(
  source: ReportSource,
  used: readonly ResolvedField[],
  filters: SplitFilters,
  extraColumns: readonly string[] = [],
): { from: RawBuilder<unknown>; where: Condition } {
  const ownColumns = new Set(extraColumns);
  const leadColumns = new Set<string>();
  for (const field of used) (field.owner === 'base' ? ownColumns : leadColumns).add(field.field.name);
  const joinLead = source.lead !== null && (leadColumns.size > 0 || filters.lead.length > 0);
  if (joinLead && source.lead) ownColumns.add(source.lead.parentColumn);
  if (ownColumns.size === 0) ownColumns.add('id');

  const baseWhere = and([
    source.base.scope,
    ...compileFilters(filters.base, { table: source.base.table, listable: source.base.listableNames }),
  ]);
  const base = sql`(select ${sql.join([...ownColumns].map(column))} from ${sql.id(
    source.base.table.sourceTable,
  )} where ${baseWhere}) as ${sql.id(BASE_ALIAS)}`;
  if (!joinLead || !source.lead) return { from: base, where: sql<boolean>`true` };

  const leads = source.lead.access;
  const leadWhere = and([
    leads.scope,
    ...compileFilters(filters.lead, { table: leads.table, listable: leads.listableNames }),
  ]);
  const selected = [sql`${column('id')} as ${sql.id(LEAD_KEY)}`, ...[...leadColumns].map(column)];
  const from = sql`${base} left join (select ${sql.join(selected)} from ${sql.id(
    leads.table.sourceTable,
  )} where ${leadWhere}) as ${sql.id(LEAD_ALIAS)} on ${sql.id(LEAD_ALIAS, LEAD_KEY)} = ${sql.id(
    BASE_ALIAS,
    source.lead.parentColumn,
  )}`;
  // A filter on the lead keeps only rows whose lead passes it; without one, rows keep no-lead groups.
  const where =
    filters.lead.length > 0 ? sql<boolean>`${sql.id(LEAD_ALIAS, LEAD_KEY)} is not null` : sql<boolean>`true`;
  return { from, where };
}

const isDateKind = (field: ResolvedField): boolean =>
  field.field.column.kind === 'date' || field.field.column.kind === 'timestamp';

/**
 * What a report groups by: the day or month a date falls in (its first moment, `date_trunc`), the stored
 * value as text otherwise (empty text = none). Dates are grouped as timestamps and only the groups are
 * formatted (groupText): PostgreSQL keeps statistics on `date_trunc('month', created_at)` (migration
 * 021), so it hashes a year of rows into its groups instead of sorting every row by a formatted text.
 */
export function groupKey(field: ResolvedField, reportType: ReportType): RawBuilder<unknown> {
  if (isDateKind(field)) {
    const unit = reportType === 'monthly' ? sql.lit('month') : sql.lit('day');
    // A date column is cast so date_trunc works on timestamp without time zone (the session's zone
    // could otherwise move a day); a timestamp column is used as it is, as the statistics name it.
    const ref = field.field.column.kind === 'date' ? sql`${field.sqlRef}::timestamp` : field.sqlRef;
    return sql`date_trunc(${unit}, ${ref})`;
  }
  return sql<string | null>`nullif(${field.sqlRef}::text, '')`;
}

/** A group key of groupKey as the text the report shows: YYYY-MM or YYYY-MM-DD for dates. */
export function groupText(
  key: RawBuilder<unknown>,
  field: ResolvedField,
  reportType: ReportType,
): RawBuilder<string | null> {
  if (!isDateKind(field)) return sql<string | null>`${key}`;
  return reportType === 'monthly'
    ? sql<string>`to_char(${key}, 'YYYY-MM')`
    : sql<string>`to_char(${key}, 'YYYY-MM-DD')`;
}

/** COUNT(*) or SUM of the value field, as exact decimal text. */
export function valueExpression(
  valueType: ReportValueType,
  sumField: ResolvedField | null,
): RawBuilder<string> {
  if (valueType === 'SUM' && sumField) {
    const sum = sql`coalesce(sum(${sumField.sqlRef}), 0)`;
    return sumField.field.column.kind === 'decimal' ? decimalText(sum) : sql<string>`${sum}::text`;
  }
  return sql<string>`count(*)::text`;
}

/** Whether a field names users (option list 15): "only active users" applies to it. */
export const namesUsers = (field: ResolvedField): boolean =>
  field.field.optionListId === OPTION_LIST_IDS.agents;

/** `ref in (active users)`: rows of deactivated staff are left out. */
export function activeUserCondition(ref: RawBuilder<unknown>): Condition {
  return sql<boolean>`${ref} in (select ${column('id')} from ${sql.id('users')} where ${column('active')} = 1)`;
}
