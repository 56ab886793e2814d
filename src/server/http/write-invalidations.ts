import type { FastifyInstance } from 'fastify';
import { contract, toRoutePattern, type CallName } from '../../shared/contract';
import type { TableRegistry } from '../engine/registry';
import type { Invalidation, InvalidationBus } from '../cache/invalidation-bus';

/**
 * What a write to a source table makes stale. Sessions carry the account with its team and group names;
 * option lists list users, teams, groups, statuses, templates and values.
 */
const STALE_BY_SOURCE: Readonly<Record<string, readonly Invalidation[]>> = {
  users: [{ kind: 'users' }, { kind: 'options' }],
  teams: [{ kind: 'users' }, { kind: 'options' }],
  user_groups: [{ kind: 'users' }, { kind: 'permissions' }, { kind: 'options' }],
  sessions: [{ kind: 'users' }],
  permissions: [{ kind: 'permissions' }],
  lead_statuses: [{ kind: 'options' }],
  email_templates: [{ kind: 'options' }],
  option_values: [{ kind: 'options' }],
  option_lists: [{ kind: 'options' }],
  crm_tables: [{ kind: 'registry' }],
  crm_fields: [{ kind: 'registry' }],
};

export function invalidationsForSource(sourceTable: string): readonly Invalidation[] {
  return STALE_BY_SOURCE[sourceTable] ?? [];
}

/** The generic writes: their body names the table, any registered table may be written through them. */
const GENERIC_WRITE_CALLS = [
  'detailSave',
  'inlineSave',
  'bulkSave',
  'bulkRemove',
] as const satisfies readonly CallName[];

export interface WriteInvalidationsDeps {
  registry: TableRegistry;
  bus: InvalidationBus;
  prefix: string;
  onError: (error: unknown) => void;
}

function tableOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('table' in body)) return null;
  const { table } = body;
  return typeof table === 'string' ? table : null;
}

/**
 * A successful generic write to a table behind a cache (accounts, permissions, option lists, the
 * registry) invalidates it on every node before the answer goes out, so the writer's next call and every
 * other node's next call see the change. The admin calls with their own routes publish in their services.
 */
export function installWriteInvalidations(app: FastifyInstance, deps: WriteInvalidationsDeps): void {
  const writeRoutes = new Set(
    GENERIC_WRITE_CALLS.map((name) => deps.prefix + toRoutePattern(contract[name].path)),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || request.method !== 'POST') return payload;
    const route = request.routeOptions.url;
    if (route === undefined || !writeRoutes.has(route)) return payload;
    try {
      const name = tableOf(request.body);
      const table = name === null ? undefined : await deps.registry.getTable(name);
      if (table) {
        for (const change of invalidationsForSource(table.sourceTable)) await deps.bus.publish(change);
      }
    } catch (error) {
      deps.onError(error);
    }
    return payload;
  });
}
