import { sql } from 'kysely';
import { CUSTOMER_ID_COLUMN } from '../../engine/lead-children';
import { isOpenScope, type TableAccess } from '../../engine/permission-resolver';
import { parseRowRestriction } from '../../engine/row-restriction-parser';
import type { Condition } from '../../engine/sql-helpers';

/** Monthly totals of transactions, kept by the triggers of migration 022. */
export const TRANSACTION_TOTALS = 'transaction_month_totals';
const TRANSACTIONS_SOURCE = 'transactions';
/** The table whose rows the totals are keyed by (their agent_id and team_id). */
const LEADS_SOURCE = 'leads';

/** The lead's columns the totals carry: a leads restriction naming only these applies to them as it is. */
export const TOTALS_LEAD_COLUMNS: ReadonlySet<string> = new Set(['agent_id', 'team_id']);
/** The transaction's columns the totals carry besides the month of created_at (and amount, as total). */
export const TOTALS_OWN_COLUMNS: ReadonlySet<string> = new Set(['type', 'currency_id', 'status_id']);

/**
 * The condition that picks, among the totals' rows, those of the transactions `transactions` lets the user
 * see, or null when the totals cannot tell and the caller must aggregate the transactions themselves:
 * a restriction on transactions of their own, or a leads scope naming columns the totals do not carry
 * (retention's `retention_id = {user.id}`). The leads scope names its columns unqualified, so over the
 * totals table they resolve to the totals' agent_id and team_id, the lead's current ones.
 */
export async function totalsScope(
  transactions: TableAccess,
  leads: TableAccess | null,
): Promise<Condition | null> {
  if (transactions.table.sourceTable !== TRANSACTIONS_SOURCE || !isOpenScope(transactions)) return null;
  const parent = transactions.parent;
  if (!parent || parent.column !== CUSTOMER_ID_COLUMN) return null;
  // Leads hidden: none of the transactions are the user's (every transaction has a lead).
  if (parent.leads === null) return sql<boolean>`false`;
  if (parent.leads.open) return sql<boolean>`true`;
  return leads ? leadTotalsScope(leads) : null;
}

/**
 * The condition that picks, among the rows of a totals table keyed by the lead's agent_id and team_id
 * (transaction_month_totals, lead_month_totals), those of the leads `leads` lets the user see; null when
 * the scope names other columns (or a base filter): the caller then counts the leads themselves.
 */
export async function leadTotalsScope(leads: TableAccess): Promise<Condition | null> {
  if (leads.table.sourceTable !== LEADS_SOURCE || (leads.table.baseFilter ?? '').trim() !== '') return null;
  if (leads.restrictionTexts.length === 0) return sql<boolean>`true`;
  for (const text of leads.restrictionTexts) {
    const parsed = await parseRowRestriction(text);
    if ([...parsed.columns].some((name) => !TOTALS_LEAD_COLUMNS.has(name))) return null;
  }
  return leads.scope;
}

/** Monthly counts of leads per date field, kept by the triggers of migration 023. */
export const LEAD_TOTALS = 'lead_month_totals';
