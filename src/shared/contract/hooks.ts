import { z } from 'zod';
import { defineCall, noBody, noParams, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { HOOK_IF_FIELDS, HOOK_THEN_FIELDS } from '../domain/hook-rules';
import { format, messages } from '../i18n/messages';
import { integerInput } from './number-inputs';

export const HOOK_VALUE_MAX = 200;
/** More rules than this is a configuration nobody can read; the screen shows them all at once. */
export const HOOKS_MAX = 200;

/** One lead-assignment rule (see docs/requirements.md#lead-money-task-and-report-data Hook) with what the server learnt running it. */
export const hookSchema = z.object({
  id: z.number(),
  sort: z.number(),
  if: z.enum(HOOK_IF_FIELDS),
  if_value: z.string(),
  then: z.enum(HOOK_THEN_FIELDS),
  then_value: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
  /** How often the rule was skipped (a deactivated agent, a team without active agents). */
  skipped_count: z.number(),
  last_skipped_at: z.string().nullable(),
  last_skip_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Hook = z.infer<typeof hookSchema>;

/** POST /hooks: the rules in the order they run. Path is ours (see docs/requirements.md#calls names only the save). */
export const hooks = defineCall({
  method: 'POST',
  path: '/hooks',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(hookSchema) }),
});

const fieldOf = <T extends readonly [string, ...string[]]>(fields: T) =>
  z.string().refine((value): value is T[number] => (fields as readonly string[]).includes(value), {
    error: (issue) => format(messages.hookFieldInvalid, { field: String(issue.input) }),
  });

const ruleValue = z
  .string({ error: messages.hookValueRequired })
  .trim()
  .min(1, messages.hookValueRequired)
  .max(HOOK_VALUE_MAX);

/**
 * POST /hooks/save/: if, if_value, then, then_value (see docs/requirements.md#calls); with id that rule is changed. then_value
 * is a record id, or round_robin:{team} for then = agent_id. sort places the rule (lower runs first).
 */
export const hooksSave = defineCall({
  method: 'POST',
  path: '/hooks/save/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    id: z.preprocess((v) => (v === '' ? undefined : v), recordId.optional()),
    if: fieldOf(HOOK_IF_FIELDS),
    if_value: ruleValue,
    then: fieldOf(HOOK_THEN_FIELDS),
    then_value: ruleValue,
    sort: z.preprocess(
      (v) => (v === '' ? undefined : v),
      integerInput(z.number().int().min(0).max(1_000_000)).optional(),
    ),
    active: z.preprocess(
      (v) => (v === '' ? undefined : v === '0' ? 0 : v === '1' ? 1 : v),
      z.union([z.literal(0), z.literal(1)]).optional(),
    ),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** POST /hooks/remove/: deletes a rule. Path is ours. */
export const hookRemove = defineCall({
  method: 'POST',
  path: '/hooks/remove/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});
