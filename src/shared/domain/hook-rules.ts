/**
 * Lead-assignment rules (see docs/requirements.md#lead-workspace-and-work-screens /hooks, #lead-money-task-and-report-data Hook: if, if_value, then, then_value), as pure data rules
 * shared by the server that runs them and the screen that builds them.
 */

/** Fields of a new lead a rule may test. */
export const HOOK_IF_FIELDS = [
  'utm_source',
  'utm_campaign',
  'country_id',
  'city',
  'status_id',
  'occupation_id',
] as const;
export type HookIfField = (typeof HOOK_IF_FIELDS)[number];

/** Fields a rule may set. */
export const HOOK_THEN_FIELDS = ['agent_id', 'team_id', 'status_id', 'retention_id'] as const;
export type HookThenField = (typeof HOOK_THEN_FIELDS)[number];

/** then_value of a round-robin rule: 'round_robin:{team id}' (then = agent_id). */
export const ROUND_ROBIN_PREFIX = 'round_robin:';

export type HookAction =
  | { kind: 'set'; field: HookThenField; value: number }
  | { kind: 'roundRobin'; field: 'agent_id'; teamId: number };

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** The action a rule's then/then_value describe, or null when the value is not one (checked on save). */
export function parseHookAction(then: HookThenField, thenValue: string): HookAction | null {
  const value = thenValue.trim();
  if (value.startsWith(ROUND_ROBIN_PREFIX)) {
    const team = value.slice(ROUND_ROBIN_PREFIX.length).trim();
    if (then !== 'agent_id' || !POSITIVE_ID.test(team)) return null;
    return { kind: 'roundRobin', field: 'agent_id', teamId: Number(team) };
  }
  return POSITIVE_ID.test(value) ? { kind: 'set', field: then, value: Number(value) } : null;
}

export function roundRobinValue(teamId: number): string {
  return `${ROUND_ROBIN_PREFIX}${teamId}`;
}

/**
 * Whether a lead's current value meets a rule's condition: equal after trimming, letters compared in
 * Turkish lower case ('İstanbul' matches 'istanbul'), ids as their digits. An empty value never matches.
 */
export function hookConditionMatches(leadValue: unknown, ifValue: string): boolean {
  if (leadValue === null || leadValue === undefined) return false;
  const have = String(leadValue).trim().toLocaleLowerCase('tr-TR');
  const want = ifValue.trim().toLocaleLowerCase('tr-TR');
  return have !== '' && have === want;
}

/** The turn of a round robin: the position counted from 1, over n agents in a fixed order. */
export function roundRobinIndex(position: number, agentCount: number): number {
  return (((position - 1) % agentCount) + agentCount) % agentCount;
}
