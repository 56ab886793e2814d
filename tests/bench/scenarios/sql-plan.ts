import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../src/server/db/schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One scan node of a plan: what it reads, how, and through which index. */
export interface PlanScan {
  /** "Seq Scan", "Index Only Scan", "Bitmap Heap Scan", … */
  type: string;
  relation: string | null;
  index: string | null;
  parallel: boolean;
  backward: boolean;
  /**
   * Rows a Limit right above an unfiltered scan lets it read ("select 1 from t limit 10001"): such a
   * scan stops after that many rows whatever the table's size. Null for every other scan.
   */
  stopsAfter: number | null;
  /** The rows the planner expects the scan to return (per loop). */
  planRows: number | null;
}

/** The scan nodes of an EXPLAIN (FORMAT JSON) plan node and its children, outermost first. */
export function planScans(node: unknown, out: PlanScan[] = [], parent?: Record<string, unknown>): PlanScan[] {
  if (!isRecord(node)) return out;
  const type = typeof node['Node Type'] === 'string' ? node['Node Type'] : '';
  if (type.endsWith('Scan')) {
    out.push({
      type,
      relation: typeof node['Relation Name'] === 'string' ? node['Relation Name'] : null,
      index: typeof node['Index Name'] === 'string' ? node['Index Name'] : null,
      parallel: node['Parallel Aware'] === true,
      backward: node['Scan Direction'] === 'Backward',
      stopsAfter:
        parent?.['Node Type'] === 'Limit' &&
        node.Filter === undefined &&
        typeof parent['Plan Rows'] === 'number'
          ? parent['Plan Rows']
          : null,
      planRows: typeof node['Plan Rows'] === 'number' ? node['Plan Rows'] : null,
    });
  }
  const children = node.Plans;
  if (Array.isArray(children)) for (const child of children) planScans(child, out, node);
  return out;
}

/** A scan as the bench report prints it, e.g. "Index Scan Backward leads_pkey". */
export function describeScan(scan: PlanScan): string {
  const name = scan.index ?? scan.relation;
  return `${scan.parallel ? 'Parallel ' : ''}${scan.type}${scan.backward ? ' Backward' : ''}${name ? ` ${name}` : ''}`;
}

/** The root plan node of an EXPLAIN (FORMAT JSON) answer (PGlite gives text, pg gives parsed JSON). */
export function planRoot(rows: readonly Record<string, unknown>[]): unknown {
  const first = rows[0];
  const raw: unknown = first ? Object.values(first)[0] : undefined;
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(parsed) && isRecord(parsed[0]) ? parsed[0].Plan : undefined;
}

/**
 * The planner's choice for a query, as a short text ("Bitmap Heap Scan leads ← Bitmap Index Scan
 * leads_name_folded_trgm"). EXPLAIN without ANALYZE: it plans, it does not run the query.
 */
export async function planSummary(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<string> {
  const result = await sql<Record<string, unknown>>`explain (format json) ${query}`.execute(db);
  const nodes = planScans(planRoot(result.rows)).map(describeScan);
  return nodes.length > 0 ? nodes.join(' ← ') : 'plan okunamadı';
}
