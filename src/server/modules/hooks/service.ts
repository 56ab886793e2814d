import { sql, type Kysely, type Selectable } from 'kysely';
import type { CallResult, Hook } from '../../../shared/contract';
import { parseHookAction, type HookIfField, type HookThenField } from '../../../shared/domain/hook-rules';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database, HooksTable } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { EngineUser } from '../../engine/types';
import { requireScreenFlag } from './screen-access';

/** The menu entry (crm_tables row with url 'hooks') whose permission opens the rules screen. */
export const HOOKS_SCREEN = 'hooks';

export interface HookDraft {
  id?: number | undefined;
  if: HookIfField;
  if_value: string;
  then: HookThenField;
  then_value: string;
  sort?: number | undefined;
  active?: 0 | 1 | undefined;
}

export interface HooksService {
  list(user: EngineUser): Promise<CallResult<'hooks'>>;
  save(user: EngineUser, draft: HookDraft): Promise<CallResult<'hooksSave'>>;
  remove(user: EngineUser, id: number): Promise<CallResult<'hookRemove'>>;
}

function toHook(row: Selectable<HooksTable>): Hook {
  return {
    id: row.id,
    sort: row.sort,
    if: row.if_field as HookIfField,
    if_value: row.if_value,
    then: row.then_field as HookThenField,
    then_value: row.then_value,
    active: row.active === 1 ? 1 : 0,
    skipped_count: row.skipped_count,
    last_skipped_at: row.last_skipped_at,
    last_skip_reason: row.last_skip_reason,
    created_at: row.created_at,
  };
}

export function createHooksService(db: Kysely<Database>): HooksService {
  /** The action must name something that exists now; a deactivated agent is refused here too. */
  async function checkAction(then: HookThenField, thenValue: string): Promise<string> {
    const action = parseHookAction(then, thenValue);
    if (action === null) {
      throw DomainError.invalid(
        thenValue.trim().startsWith('round_robin') && then !== 'agent_id'
          ? messages.hookRoundRobinOnlyAgent
          : format(messages.hookValueNotNumber, { field: then }),
      );
    }
    if (action.kind === 'roundRobin') {
      const team = await db
        .selectFrom('teams')
        .select('id')
        .where('id', '=', action.teamId)
        .executeTakeFirst();
      if (!team) throw DomainError.invalid(messages.hookTeamInvalid);
      return thenValue.trim();
    }
    if (action.field === 'agent_id' || action.field === 'retention_id') {
      const agent = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', action.value)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!agent) throw DomainError.invalid(messages.hookAgentInvalid);
    } else if (action.field === 'team_id') {
      const team = await db
        .selectFrom('teams')
        .select('id')
        .where('id', '=', action.value)
        .executeTakeFirst();
      if (!team) throw DomainError.invalid(messages.hookTeamInvalid);
    } else {
      const status = await db
        .selectFrom('lead_statuses')
        .select('id')
        .where('id', '=', action.value)
        .executeTakeFirst();
      if (!status) throw DomainError.invalid(messages.hookStatusInvalid);
    }
    return String(action.value);
  }

  return {
    async list(user) {
      await requireScreenFlag(db, user, HOOKS_SCREEN, 'show');
      const rows = await db.selectFrom('hooks').selectAll().orderBy('sort').orderBy('id').execute();
      return { results: rows.map(toHook) };
    },

    async save(user, draft) {
      await requireScreenFlag(db, user, HOOKS_SCREEN, 'update');
      const thenValue = await checkAction(draft.then, draft.then_value);
      const values = {
        if_field: draft.if,
        if_value: draft.if_value.trim(),
        then_field: draft.then,
        then_value: thenValue,
        ...(draft.active !== undefined ? { active: draft.active } : {}),
      };
      if (draft.id !== undefined) {
        const updated = await db
          .updateTable('hooks')
          // A changed rule starts its skip report afresh: the old reason was about the old action.
          .set({
            ...values,
            ...(draft.sort !== undefined ? { sort: draft.sort } : {}),
            skipped_count: 0,
            last_skipped_at: null,
            last_skip_reason: null,
          })
          .where('id', '=', draft.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw DomainError.notFound(messages.hookNotFound);
        return { success: true, msg: messages.hookSaved, id: updated.id };
      }
      const created = await db
        .insertInto('hooks')
        .values({
          ...values,
          // A new rule runs after the existing ones unless placed.
          sort: draft.sort ?? sql<number>`(select coalesce(max(sort), 0) + 10 from hooks)`,
          created_by: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.hookSaved, id: created.id };
    },

    async remove(user, id) {
      await requireScreenFlag(db, user, HOOKS_SCREEN, 'delete');
      const removed = await db.deleteFrom('hooks').where('id', '=', id).returning('id').executeTakeFirst();
      if (!removed) throw DomainError.notFound(messages.hookNotFound);
      return { success: true, msg: messages.hookRemoved };
    },
  };
}
