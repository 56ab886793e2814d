import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { contract, toRoutePattern, type CallName } from '../../shared/contract';
import type { Database } from '../db/schema';
import { JOURNALED_SOURCE } from '../engine/lead-journal';
import type { TableRegistry } from '../engine/registry';
import { bearerToken } from '../kernel/session';
import type { Realtime } from './realtime';

/**
 * Source tables behind option lists (option_lists.source, plus the values of 'values' lists): a change
 * to one of them changes what some selectbox offers.
 */
export const OPTION_SOURCE_TABLES: ReadonlySet<string> = new Set([
  'users',
  'teams',
  'user_groups',
  'lead_statuses',
  'email_templates',
  'option_values',
]);

/** The generic writes that may touch an option list's table (their body names the table). */
const WRITE_CALLS = [
  'detailSave',
  'inlineSave',
  'bulkSave',
  'bulkRemove',
] as const satisfies readonly CallName[];

export interface RecordEventsDeps {
  db: Kysely<Database>;
  registry: TableRegistry;
  realtime: Realtime;
  /** The app's authenticator: a view is recorded for the user behind the request's token. */
  authenticate: (token: string) => Promise<{ id: number } | null>;
  prefix: string;
  onError: (error: unknown) => void;
}

function tableOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('table' in value)) return null;
  const { table } = value;
  return typeof table === 'string' ? table : null;
}

/**
 * Side effects of the generic record calls that belong to the shell, kept out of the records service:
 * - a successful write to a table behind an option list broadcasts `fieldUpdate` { table }, so every
 *   client reloads its option lists;
 * - a successful POST /row/{leads|customers}/{id} records a lead view for the profile's activity.
 * Both run in onResponse, after the answer has gone out, and never change it; the status code says the
 * call succeeded (the services answer failures with 4xx).
 */
export function installRecordEvents(app: FastifyInstance, deps: RecordEventsDeps): void {
  const writeRoutes = new Set(WRITE_CALLS.map((name) => deps.prefix + toRoutePattern(contract[name].path)));
  const rowRoute = deps.prefix + toRoutePattern(contract.row.path);

  async function afterWrite(request: FastifyRequest): Promise<void> {
    const name = tableOf(request.body);
    if (!name) return;
    const table = await deps.registry.getTable(name);
    if (table && OPTION_SOURCE_TABLES.has(table.sourceTable))
      deps.realtime.broadcastFieldUpdate({ table: name });
  }

  async function afterRowRead(request: FastifyRequest): Promise<void> {
    const params = request.params as { table?: unknown; id?: unknown };
    const leadId = Number(params.id);
    if (typeof params.table !== 'string' || !Number.isSafeInteger(leadId)) return;
    const table = await deps.registry.getTable(params.table);
    if (table?.sourceTable !== JOURNALED_SOURCE) return;
    const token = bearerToken(request);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) return;
    await sql`insert into lead_views (user_id, lead_id, day, first_at, last_at)
      values (${user.id}, ${leadId}, current_date, date_trunc('second', localtimestamp),
        date_trunc('second', localtimestamp))
      on conflict (user_id, day, lead_id) do update set last_at = excluded.last_at`.execute(deps.db);
  }

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200 || request.method !== 'POST') return;
    const route = request.routeOptions.url;
    try {
      if (route === rowRoute) await afterRowRead(request);
      else if (route !== undefined && writeRoutes.has(route)) await afterWrite(request);
    } catch (error) {
      deps.onError(error);
    }
  });
}
