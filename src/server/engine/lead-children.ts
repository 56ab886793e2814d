import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordNotFound } from './record-store-errors';
import { and, column, type Condition } from './sql-helpers';
import type { TableDefinition } from './types';

/** The registered table (and source table) whose scope decides who may touch a lead's rows. */
export const LEADS_TABLE = 'leads';
/** The column that makes a row a child of a lead. */
export const LEAD_ID_COLUMN = 'lead_id';
/** Money rows (transactions, lead_platforms) name their lead customer_id, as docs/requirements.md#lead-money-task-and-report-data does. */
export const CUSTOMER_ID_COLUMN = 'customer_id';
/** The columns that can name a child row's lead, in the order they are looked for. */
export const LEAD_PARENT_COLUMNS = [LEAD_ID_COLUMN, CUSTOMER_ID_COLUMN] as const;
export type LeadParentColumn = (typeof LEAD_PARENT_COLUMNS)[number];

/**
 * What a lead's child table inherits from `leads`: the leads scope of the same user, or null when leads
 * are hidden from that user altogether (then no lead's rows are theirs).
 */
export interface LeadParentScope {
  readonly column: LeadParentColumn;
  /** Whether a row may belong to no lead (the column allows NULL). */
  readonly nullable: boolean;
  /** `leads` scope (base filter and row restriction) and its source table; null: no lead is visible. */
  readonly leads: { readonly sourceTable: string; readonly scope: Condition; readonly open: boolean } | null;
}

/**
 * The column naming the lead of a child table's rows, or null when the table is no child of leads. Every
 * table with a lead_id column other than leads itself (notes, remitters, files, tasks, e-mails) is a
 * child of leads, and so is one with a customer_id (transactions, platforms): its rows are the lead's.
 */
export function leadParentColumn(table: TableDefinition): LeadParentColumn | null {
  if (table.sourceTable === LEADS_TABLE) return null;
  return LEAD_PARENT_COLUMNS.find((name) => table.columns.has(name)) ?? null;
}

/**
 * The rows of a child table the user may see through their leads: rows of leads inside the leads scope,
 * and rows that belong to no lead (the table's own restriction still applies to those). Null when the
 * leads scope is open (no restriction, no base filter): every lead is visible, nothing to add.
 */
export function childCondition(parent: LeadParentScope): Condition | null {
  const lead = column(parent.column);
  if (parent.leads === null) return sql<boolean>`${lead} is null`;
  if (parent.leads.open) return null;
  // The scope names leads columns only (registry fields), so inside this subquery they resolve to leads.
  const inScope = sql<boolean>`${lead} in (select ${column('id')} from ${sql.id(
    parent.leads.sourceTable,
  )} where ${parent.leads.scope})`;
  // A plain IN becomes a semi-join. Under OR it stays a subplan, which PostgreSQL hashes only while the
  // team's lead ids fit in work_mem and otherwise scans once per row: a team of 390,000 leads kept a
  // monthly report over 1,000,000 transactions running for 25 minutes. Money rows always have a lead.
  if (!parent.nullable) return inScope;
  // A row that may have no lead asks for its own lead instead: one primary-key probe per row. The IN
  // under OR read (materialised) the team's 390,000 lead ids for every note saved or opened by id, 300 ms
  // each under load. Inside, `id` and the scope's columns resolve to leads; the lead column, which leads
  // does not have, to the child row outside.
  const ownLead = sql<boolean>`exists (select 1 from ${sql.id(parent.leads.sourceTable)} as scope_lead
    where scope_lead.id = ${lead} and ${parent.leads.scope})`;
  return sql<boolean>`(${lead} is null or ${ownLead})`;
}

/**
 * Setting or changing a child's lead is a write to that lead: the lead must be inside the user's leads
 * scope, and it is locked for the rest of the transaction so it cannot leave that scope meanwhile.
 * Missing and foreign leads answer the same 404, so lead ids cannot be probed.
 */
export async function lockParentLead(
  trx: Kysely<Database>,
  parent: LeadParentScope,
  leadId: unknown,
): Promise<void> {
  if (leadId === null || leadId === undefined) return;
  const id = typeof leadId === 'number' ? leadId : typeof leadId === 'string' ? Number(leadId) : NaN;
  // lead_id columns are 4-byte integers: anything else cannot name a lead (and must not reach SQL as one).
  if (parent.leads === null || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw recordNotFound();
  }
  const where = and([sql<boolean>`${column('id')} = ${id}`, parent.leads.scope]);
  const { rows } = await sql<{ id: number }>`select ${column('id')} from ${sql.id(
    parent.leads.sourceTable,
  )} where ${where} for update`.execute(trx);
  if (rows.length === 0) throw recordNotFound();
}
