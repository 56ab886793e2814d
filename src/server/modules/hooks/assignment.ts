import { sql, type Kysely, type Selectable } from 'kysely';
import {
  hookConditionMatches,
  parseHookAction,
  roundRobinIndex,
  type HookAction,
  type HookThenField,
} from '../../../shared/domain/hook-rules';
import { HOOK_THEN_FIELDS } from '../../../shared/domain/hook-rules';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database, HooksTable } from '../../db/schema';
import { diffRow, JOURNALED_SOURCE } from '../../engine/lead-journal';
import type { RecordHook } from '../../engine/record-hooks';

/** Departments whose members never receive leads from a round robin (they run the floor). */
const NOT_ROUND_ROBIN: readonly string[] = ['admin', 'sales_manager'];

type HookRow = Selectable<HooksTable>;

/** What the rules did to one new lead. */
export interface LeadAssignment {
  leadId: number;
  /** Field -> value the rules set (journaled as one entry). */
  changes: Partial<Record<HookThenField, number>>;
  /** Rules that matched but could not act, with the reason in Turkish. */
  skipped: { hookId: number; reason: string }[];
}

export interface AssignmentOptions {
  /** Who inserted the leads: the journal entry's agent. */
  actorId: number | null;
  /** Where a skipped rule is reported besides the rule's own counters (the server log). */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /**
   * Fields already decided for these leads, which no rule overrides: what the importer's owner step named
   * (an agent and their team, a status; see docs/user-guide.md#importing-leads).
   */
  decided?: readonly string[];
}

const CONDITION_COLUMNS = ['utm_source', 'utm_campaign', 'country_id', 'city', 'status_id', 'occupation_id'];
const LEAD_COLUMNS = [...new Set([...CONDITION_COLUMNS, ...HOOK_THEN_FIELDS])];

/**
 * Runs the active assignment rules (see docs/requirements.md#lead-workspace-and-work-screens /hooks) on leads just inserted, inside the caller's
 * transaction: in their order (sort, id), each matching rule sets its field unless an earlier rule already
 * set that field (the first match wins, so a catch-all round robin goes last and consumes no turn when a
 * specific rule matched). An agent assignment brings the agent's team along, so the agent's team-scoped
 * list shows the lead. A rule naming an inactive agent, a missing team or status, or a team without
 * active agents is skipped, counted on the rule (skipped_count, last_skip_reason) and reported through
 * `warn`. Each lead that changed gets one lead_journal entry with the old and new values.
 *
 * For the importer: call it with the ids of the rows a bulk insert created, in the same transaction.
 */
export async function applyAssignmentRules(
  trx: Kysely<Database>,
  leadIds: readonly number[],
  options: AssignmentOptions,
): Promise<LeadAssignment[]> {
  if (leadIds.length === 0) return [];
  const rules = await trx
    .selectFrom('hooks')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (rules.length === 0) return [];
  const outcomes: LeadAssignment[] = [];
  for (const leadId of [...new Set(leadIds)].sort((a, b) => a - b)) {
    outcomes.push(await assignOne(trx, rules, leadId, options));
  }
  return outcomes;
}

async function assignOne(
  trx: Kysely<Database>,
  rules: readonly HookRow[],
  leadId: number,
  options: AssignmentOptions,
): Promise<LeadAssignment> {
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(LEAD_COLUMNS.map((c) => sql.ref(c)))}
    from leads where id = ${leadId} for update`.execute(trx);
  const before = rows[0];
  const outcome: LeadAssignment = { leadId, changes: {}, skipped: [] };
  if (!before) return outcome;
  const current: Record<string, unknown> = { ...before };
  const decided = new Set<string>(options.decided ?? []);

  for (const rule of rules) {
    if (decided.has(rule.then_field)) continue;
    if (!hookConditionMatches(current[rule.if_field], rule.if_value)) continue;
    const action = parseHookAction(rule.then_field as HookThenField, rule.then_value);
    if (action === null) continue;
    const result = await resolveAction(trx, action);
    if ('skip' in result) {
      outcome.skipped.push({ hookId: rule.id, reason: result.skip });
      await trx
        .updateTable('hooks')
        .set((eb) => ({
          skipped_count: eb('skipped_count', '+', 1),
          last_skipped_at: sql<string>`date_trunc('second', localtimestamp)`,
          last_skip_reason: result.skip,
        }))
        .where('id', '=', rule.id)
        .execute();
      options.warn?.('assignment rule skipped', { hookId: rule.id, leadId, reason: result.skip });
      continue;
    }
    for (const [field, value] of Object.entries(result.set)) {
      // The team an agent brings along never overrides a team an earlier rule chose.
      if (field === 'team_id' && action.field === 'agent_id' && decided.has('team_id')) continue;
      current[field] = value;
      outcome.changes[field as HookThenField] = value;
    }
    decided.add(action.field);
  }

  const fields = Object.keys(outcome.changes);
  if (fields.length === 0) return outcome;
  await trx.updateTable('leads').set(outcome.changes).where('id', '=', leadId).execute();
  const changes = diffRow(before, current, fields);
  if (Object.keys(changes).length > 0) {
    await trx
      .insertInto('lead_journal')
      .values({ lead_id: leadId, agent_id: options.actorId, values: JSON.stringify(changes) })
      .execute();
  }
  return outcome;
}

type Resolved = { set: Partial<Record<HookThenField, number>> } | { skip: string };

async function resolveAction(trx: Kysely<Database>, action: HookAction): Promise<Resolved> {
  if (action.kind === 'roundRobin') return nextRoundRobinAgent(trx, action.teamId);
  switch (action.field) {
    case 'agent_id':
    case 'retention_id': {
      const agent = await trx
        .selectFrom('users')
        .select(['id', 'team_id', 'active'])
        .where('id', '=', action.value)
        .executeTakeFirst();
      if (!agent || agent.active !== 1) {
        return { skip: format(messages.hookSkippedInactiveAgent, { id: action.value }) };
      }
      if (action.field === 'retention_id') return { set: { retention_id: agent.id } };
      return {
        set: agent.team_id === null ? { agent_id: agent.id } : { agent_id: agent.id, team_id: agent.team_id },
      };
    }
    case 'team_id': {
      const team = await trx
        .selectFrom('teams')
        .select('id')
        .where('id', '=', action.value)
        .executeTakeFirst();
      return team
        ? { set: { team_id: team.id } }
        : { skip: format(messages.hookSkippedMissingTeam, { team: action.value }) };
    }
    case 'status_id': {
      const status = await trx
        .selectFrom('lead_statuses')
        .select('id')
        .where('id', '=', action.value)
        .executeTakeFirst();
      return status
        ? { set: { status_id: status.id } }
        : { skip: format(messages.hookSkippedMissingStatus, { id: action.value }) };
    }
  }
}

/**
 * The team's next agent in turn. The counter row is taken with an upsert, which locks it until the
 * insert's transaction ends: concurrent inserts queue on it, so each turn is given exactly once and the
 * spread over the team's active agents (in id order) stays within one lead.
 */
async function nextRoundRobinAgent(trx: Kysely<Database>, teamId: number): Promise<Resolved> {
  const team = await trx.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) return { skip: format(messages.hookSkippedMissingTeam, { team: teamId }) };
  const { rows } = await sql<{ position: string | number }>`insert into hook_round_robin (team_id, position)
    values (${teamId}, 1)
    on conflict (team_id) do update set position = hook_round_robin.position + 1
    returning position`.execute(trx);
  const agents = await trx
    .selectFrom('users')
    .select('id')
    .where('team_id', '=', teamId)
    .where('active', '=', 1)
    .where('department', 'not in', NOT_ROUND_ROBIN)
    .orderBy('id')
    .execute();
  if (agents.length === 0) return { skip: format(messages.hookSkippedNoAgents, { team: teamId }) };
  const agent = agents[roundRobinIndex(Number(rows[0]?.position ?? 1), agents.length)];
  if (!agent) return { skip: format(messages.hookSkippedNoAgents, { team: teamId }) };
  return { set: { agent_id: agent.id, team_id: teamId } };
}

/**
 * The rules as a record hook on leads: every lead inserted through the generic writer (the insert modal,
 * the list's inline insert) is assigned inside the insert's transaction, after the insert's own scope
 * check (the inserting user may hand the lead on, as the rules say).
 */
export function createAssignmentHook(warn?: AssignmentOptions['warn']): RecordHook {
  return {
    async beforeWrite() {
      // Rules need the new lead's id: they run in afterInsert.
    },
    async afterInsert({ trx, user, access }, id) {
      if (access.table.sourceTable !== JOURNALED_SOURCE) return;
      await applyAssignmentRules(trx, [id], { actorId: user.id, warn });
    },
  };
}
