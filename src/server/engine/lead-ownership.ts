import { sql, type Kysely } from 'kysely';
import { workflowMessages } from '../../shared/i18n/workflow-messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import { JOURNALED_SOURCE } from './lead-journal';
import type { RecordHook, RecordWriteContext } from './record-hooks';
import type { WriteValue } from './record-writer';

/**
 * Ownership follows the agent (see docs/workflows.md#ownership-and-assignment): wherever a lead's
 * agent_id is written (detail and inline saves, bulk save and the call-period hand-over, the importer's
 * rows and its owner step), team_id becomes that agent's team in the same write, so the agent's
 * team-scoped list shows the lead at once, and the journal entry of the write shows both fields. The
 * assignment rules carry the team themselves (modules/hooks/assignment.ts).
 *
 * A new lead that names no status gets the default one (lead_statuses.is_default, "Yeni" in the demo).
 */

const STATUS_COLUMN = 'status_id';
const AGENT_COLUMN = 'agent_id';
const TEAM_COLUMN = 'team_id';

/** Per transaction (an import chunk writes thousands of rows in one): agent -> team, and the default status. */
interface Lookups {
  teams: Map<number, number | null>;
  defaultStatus?: number | null;
}
const lookupsByTransaction = new WeakMap<Kysely<Database>, Lookups>();

function lookups(trx: Kysely<Database>): Lookups {
  let found = lookupsByTransaction.get(trx);
  if (!found) {
    found = { teams: new Map() };
    lookupsByTransaction.set(trx, found);
  }
  return found;
}

/** The team of user `agentId` (null: no such user, or one without a team). */
export async function teamOfAgent(trx: Kysely<Database>, agentId: number): Promise<number | null> {
  const cache = lookups(trx).teams;
  if (cache.has(agentId)) return cache.get(agentId) ?? null;
  const row = await trx.selectFrom('users').select('team_id').where('id', '=', agentId).executeTakeFirst();
  const team = row?.team_id ?? null;
  cache.set(agentId, team);
  return team;
}

/** The id of the status new leads get, or null when the admins marked none. */
export async function defaultLeadStatus(trx: Kysely<Database>): Promise<number | null> {
  const cache = lookups(trx);
  if (cache.defaultStatus !== undefined) return cache.defaultStatus;
  const row = await trx
    .selectFrom('lead_statuses')
    .select('id')
    .where('is_default', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  cache.defaultStatus = row?.id ?? null;
  return cache.defaultStatus;
}

function agentOf(value: WriteValue | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** Whether the update changes the agent of any of its rows (a form re-sending the same agent does not). */
async function changesAgent(context: RecordWriteContext, agentId: number): Promise<boolean> {
  if (context.mode === 'insert') return true;
  if (context.ids.length === 0) return false;
  const { rows } = await sql<{ changed: boolean }>`select exists (
      select 1 from ${sql.id(context.access.table.sourceTable)}
      where id = any(${context.ids}::int8[]) and ${sql.ref(AGENT_COLUMN)} is distinct from ${agentId}
    ) as changed`.execute(context.trx);
  return rows[0]?.changed === true;
}

/**
 * The team the values' agent brings along, set into `values` (which the caller writes and journals).
 * An agent without a team leaves the lead's team as it is; clearing the agent leaves it too. A new lead
 * whose team was chosen while its agent is only the default (the inserting user) keeps that team: the
 * agent was nobody's choice, and the row restriction judges the team.
 */
export async function carryAgentTeam(context: RecordWriteContext): Promise<void> {
  const { values, trx, given } = context;
  if (!values.has(AGENT_COLUMN) || !context.access.table.columns.has(TEAM_COLUMN)) return;
  if (given && given.has(TEAM_COLUMN) && !given.has(AGENT_COLUMN)) return;
  const agentId = agentOf(values.get(AGENT_COLUMN));
  if (agentId === null) return;
  const team = await teamOfAgent(trx, agentId);
  if (team === null) return;
  if (!(await changesAgent(context, agentId))) return;
  values.set(TEAM_COLUMN, team);
}

/** The lead's record hook: the agent's team on every write, the default status on every insert. */
export function createLeadOwnershipHook(): RecordHook {
  return {
    async beforeWrite(context) {
      if (context.access.table.sourceTable !== JOURNALED_SOURCE) return;
      await carryAgentTeam(context);
      if (context.mode !== 'insert' || !context.access.table.columns.has(STATUS_COLUMN)) return;
      const given = context.values.get(STATUS_COLUMN);
      if (given !== undefined && given !== null && given !== '') return;
      const status = await defaultLeadStatus(context.trx);
      if (status !== null) context.values.set(STATUS_COLUMN, status);
    },
  };
}

/** The source table of lead statuses and its default flag. */
export const LEAD_STATUSES_SOURCE = 'lead_statuses';
const DEFAULT_FLAG = 'is_default';

/**
 * One default status at most: marking a status as the default takes the mark from the one that had it,
 * in the same transaction (the unique index of migration 029 would refuse two). Marking several at once
 * (bulk save) is refused in Turkish.
 */
export function createDefaultStatusHook(): RecordHook {
  return {
    async beforeWrite({ trx, mode, ids, values }) {
      if (Number(values.get(DEFAULT_FLAG) ?? 0) !== 1) return;
      if (mode === 'update' && ids.length > 1)
        throw DomainError.invalid(workflowMessages.defaultStatusOnlyOne);
      let clear = trx.updateTable('lead_statuses').set({ is_default: 0 }).where('is_default', '=', 1);
      if (ids.length > 0) clear = clear.where('id', 'not in', [...ids]);
      await clear.execute();
    },
  };
}
