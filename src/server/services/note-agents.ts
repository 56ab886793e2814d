import type { EngineUser } from '../engine/types';

/** What the rule needs of a chosen agent. */
export interface AgentCandidate {
  id: number;
  team_id: number | null;
  active: number;
}

/** Departments that run the floor and may remind anyone. */
const ANY_AGENT_DEPARTMENTS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);

/**
 * Whom a user may set a note's reminder for (issue 4; our decision, the spec leaves it open): admins and
 * sales managers anyone active; everyone else themselves or an active colleague of their own team, so an
 * agent cannot fill another team's reminder drawer. A user without a team may remind only themselves.
 */
export function leadAgentRule(user: EngineUser, agent: AgentCandidate): boolean {
  if (agent.id === user.id) return true;
  if (ANY_AGENT_DEPARTMENTS.has(user.department)) return true;
  return user.team_id !== null && agent.team_id === user.team_id;
}
