import type { Hook } from '../../../../shared/contract/hooks';
import { OPTION_LIST_IDS } from '../../../../shared/domain/constants';
import {
  HOOK_IF_FIELDS,
  HOOK_THEN_FIELDS,
  ROUND_ROBIN_PREFIX,
  type HookIfField,
  type HookThenField,
} from '../../../../shared/domain/hook-rules';

export { HOOK_IF_FIELDS, HOOK_THEN_FIELDS, ROUND_ROBIN_PREFIX };

/** The option list a rule's value is chosen from; null: typed as text. */
export function optionListOf(field: HookIfField | HookThenField): number | null {
  switch (field) {
    case 'country_id':
      return OPTION_LIST_IDS.countries;
    case 'status_id':
      return OPTION_LIST_IDS.leadStatuses;
    case 'occupation_id':
      return OPTION_LIST_IDS.occupations;
    case 'agent_id':
    case 'retention_id':
      return OPTION_LIST_IDS.agents;
    case 'team_id':
      return OPTION_LIST_IDS.teams;
    default:
      return null;
  }
}

/** One rule as the form edits it. */
export interface HookDraft {
  id?: number;
  if: HookIfField;
  if_value: string;
  then: HookThenField;
  then_value: string;
  active: 0 | 1;
  sort?: number;
}

export const emptyDraft = (): HookDraft => ({
  if: 'utm_source',
  if_value: '',
  then: 'agent_id',
  then_value: '',
  active: 1,
});

export const draftOf = (hook: Hook): HookDraft => ({
  id: hook.id,
  if: hook.if,
  if_value: hook.if_value,
  then: hook.then,
  then_value: hook.then_value,
  active: hook.active,
  sort: hook.sort,
});

/** The sort values that swap a rule with its neighbour (up: -1, down: +1); null at either end. */
export function swapSorts(
  hooks: readonly Pick<Hook, 'id' | 'sort'>[],
  index: number,
  direction: -1 | 1,
): { id: number; sort: number }[] | null {
  const current = hooks[index];
  const other = hooks[index + direction];
  if (!current || !other) return null;
  // Equal sorts (rules saved at once) are spread first so the swap is visible.
  const a = current.sort === other.sort ? (index + 1) * 10 : current.sort;
  const b = current.sort === other.sort ? (index + 1 + direction) * 10 : other.sort;
  return [
    { id: current.id, sort: b },
    { id: other.id, sort: a },
  ];
}
