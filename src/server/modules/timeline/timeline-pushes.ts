import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../shared/contract';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../kernel/realtime-port';
import type { EngineUser } from '../../engine/types';
import type { TimelineService } from './service';

/** Lead tables a generic write names (leads and their alias). */
const LEAD_TABLES: ReadonlySet<string> = new Set(['leads', 'customers']);
/** A bulk edit of many leads pushes for the first ones only: a screen shows one lead at a time. */
const BULK_PUSH_LIMIT = 50;

type Input = { params: unknown; body: unknown };
type Extract = (input: Input) => number[];

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
function ids(...values: unknown[]): number[] {
  return values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Where each lead-touching call names its lead (transaction steps name the transaction: see below). */
const LEAD_OF_CALL: Partial<Record<CallName, Extract>> = {
  inlineSave: ({ body }) => {
    const b = record(body);
    const inputs = record(b.inputs);
    if (inputs.lead_id !== undefined) return ids(inputs.lead_id);
    if (inputs.customer_id !== undefined) return ids(inputs.customer_id);
    return LEAD_TABLES.has(String(b.table)) && b.keyName === 'id' ? ids(b.keyValue) : [];
  },
  detailSave: ({ body }) => {
    const b = record(body);
    return LEAD_TABLES.has(String(b.table)) ? ids(b.id) : [];
  },
  bulkSave: ({ body }) => {
    const b = record(body);
    return LEAD_TABLES.has(String(b.table)) && Array.isArray(b.ids)
      ? ids(...b.ids.slice(0, BULK_PUSH_LIMIT))
      : [];
  },
  makeCall: ({ body }) => ids(record(body).lead_id),
  makeFastCall: ({ body }) => ids(record(body).lead_id),
  taskAdd: ({ body }) => ids(record(record(body).inputs).lead_id),
  processEmail: ({ body }) => ids(record(body).lead_id),
  createPlatform: ({ body }) => ids(record(body).customer_id),
  convertCustomer: ({ params }) => ids(record(params).id),
  uploadLeadFiles: ({ params }) => ids(record(params).leadId),
};

export interface TimelinePushDeps {
  db: Kysely<Database>;
  timeline: TimelineService;
  realtime: () => Realtime;
  onError: (error: unknown) => void;
}

/**
 * The live part of the timeline: after a successful call that touched a lead, the connected users who may
 * see that lead's timeline get `leadActivity` { lead_id } and reload it. Runs in onResponse, after the
 * answer went out; a money step's push (transactionUpdate) reloads the timeline on the client as well.
 */
export function installTimelinePushes(app: FastifyInstance, deps: TimelinePushDeps): void {
  async function usersOf(ids: readonly number[]): Promise<EngineUser[]> {
    if (ids.length === 0) return [];
    return deps.db
      .selectFrom('users')
      .select(['id', 'user_group_id', 'team_id', 'department'])
      .where('id', 'in', [...ids])
      .where('active', '=', 1)
      .execute();
  }

  async function push(leadIds: readonly number[]): Promise<void> {
    const realtime = deps.realtime();
    const connected = await usersOf(await realtime.connectedUserIds());
    for (const leadId of new Set(leadIds)) {
      const receivers: number[] = [];
      for (const user of connected) {
        if (await deps.timeline.canSee(user, leadId)) receivers.push(user.id);
      }
      realtime.leadActivity(receivers, { lead_id: leadId });
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    const call = request.crmCall;
    if (!call || reply.statusCode >= 300) return;
    const extract = LEAD_OF_CALL[call.name];
    if (!extract) return;
    const leadIds = extract({ params: call.params, body: call.body });
    if (leadIds.length === 0) return;
    try {
      await push(leadIds);
    } catch (error) {
      deps.onError(error);
    }
  });
}
