import type { Kysely } from 'kysely';
import { OPTION_LIST_IDS } from '../../shared/domain/constants';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { PreparedValue } from './types';
import type { EngineUser } from './types';

/** What the rule needs of a chosen user. */
export interface AgentCandidate {
  id: number;
  team_id: number | null;
  active: number;
}

/** Departments that run the floor and may hand work to anyone. */
const ANY_AGENT_DEPARTMENTS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);

/**
 * Whom a user may hand a lead, a task or a reminder (see docs/operations.md#security; the spec leaves it open): admins and sales
 * managers anyone active; everyone else themselves or an active colleague of their own team, so an agent
 * cannot push work into another team's lists. A user without a team may choose only themselves.
 */
export function leadAgentRule(user: EngineUser, agent: AgentCandidate): boolean {
  if (agent.id === user.id) return true;
  if (ANY_AGENT_DEPARTMENTS.has(user.department)) return true;
  return user.team_id !== null && agent.team_id === user.team_id;
}

/**
 * Every written field that names a user (option list 15: agent_id, retention_id, ...) must name one the
 * writer may hand work to. Unknown or inactive ids are left to the option-list check (400 naming the field).
 */
export async function checkAssignees(
  db: Kysely<Database>,
  user: EngineUser,
  values: Iterable<PreparedValue>,
): Promise<void> {
  if (ANY_AGENT_DEPARTMENTS.has(user.department)) return;
  const ids = new Set<number>();
  for (const { field, value } of values) {
    if (field.optionListId !== OPTION_LIST_IDS.agents || value === null) continue;
    const id = Number(value);
    if (Number.isSafeInteger(id) && id !== user.id) ids.add(id);
  }
  if (ids.size === 0) return;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'team_id', 'active'])
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    if (!leadAgentRule(user, row)) throw DomainError.invalid(messages.assigneeNotInTeam);
  }
}
