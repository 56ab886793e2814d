import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../src/server/db/schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The scan nodes of an EXPLAIN (FORMAT JSON) plan, outermost first, e.g. "Index Scan Backward leads_pkey". */
function scanNodes(node: unknown, out: string[]): void {
  if (!isRecord(node)) return;
  const type = typeof node['Node Type'] === 'string' ? node['Node Type'] : '';
  if (type.endsWith('Scan')) {
    const parallel = node['Parallel Aware'] === true ? 'Parallel ' : '';
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const index = typeof node['Index Name'] === 'string' ? ` ${node['Index Name']}` : '';
    const relation = typeof node['Relation Name'] === 'string' && !index ? ` ${node['Relation Name']}` : '';
    out.push(`${parallel}${type}${backward}${index}${relation}`);
  }
  const children = node.Plans;
  if (Array.isArray(children)) for (const child of children) scanNodes(child, out);
}

/**
 * The planner's choice for a query, as a short text ("Bitmap Heap Scan leads ← Bitmap Index Scan
 * leads_name_folded_trgm"). EXPLAIN without ANALYZE: it plans, it does not run the query.
 */
export async function planSummary(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<string> {
  const result = await sql<Record<string, unknown>>`explain (format json) ${query}`.execute(db);
  const first = result.rows[0];
  const raw: unknown = first ? Object.values(first)[0] : undefined;
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const root = Array.isArray(parsed) && isRecord(parsed[0]) ? parsed[0].Plan : undefined;
  const nodes: string[] = [];
  scanNodes(root, nodes);
  return nodes.length > 0 ? nodes.join(' ← ') : 'plan okunamadı';
}
