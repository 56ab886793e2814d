import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract } from '../../../shared/contract';
import { passwordProblem } from '../../../shared/domain/password-policy';
import { format, messages } from '../../../shared/i18n/messages';
import { workflowMessages } from '../../../shared/i18n/workflow-messages';
import type { Database } from '../../db/schema';
import type { LeadScope } from '../../engine/lead-scope';
import type { EngineUser } from '../../engine/types';
import type { Realtime } from '../../kernel/realtime-port';
import type { Invalidate } from '../../cache/invalidation-bus';
import { type AuthUser, hashPassword, hashToken, verifyPassword } from '../auth';
import { userDashboard } from './user-dashboard';

type AuthSaveBody = z.output<(typeof contract)['authSave']['body']>;
type AuthSaveResult = CallResult<'authSave'>;

export interface ProfileService {
  /** POST /auth/save. `token` is the caller's own session, which stays valid after a password change. */
  save(user: AuthUser, token: string, body: AuthSaveBody): Promise<AuthSaveResult>;
  /** POST /user/dashboard: the profile's counters and activity. */
  dashboard(user: EngineUser): Promise<CallResult<'userDashboard'>>;
}

export interface ProfileServiceDeps {
  db: Kysely<Database>;
  realtime: Realtime;
  leadScope: LeadScope;
  /** The account's sessions carry its theme and phone fields, and a new password ends the others. */
  invalidate: Invalidate;
}

type ProfileChanges = {
  dahili?: string | null;
  telegram_id?: string | null;
  theme?: string | null;
  default_call_line?: string | null;
};

const emptyToNull = (value: string): string | null => (value === '' ? null : value);

function refusePassword(reason: string): AuthSaveResult {
  return { success: false, msg: format(messages.passwordUpdateFailedWithReason, { reason }) };
}

export function createProfileService({
  db,
  realtime,
  leadScope,
  invalidate,
}: ProfileServiceDeps): ProfileService {
  /** The reason the password part is refused, or null when it may be applied. */
  async function checkPassword(user: AuthUser, body: AuthSaveBody): Promise<string | null> {
    const next = body.new_password ?? '';
    if (!body.password) return messages.currentPasswordRequired;
    if (next !== (body.new_password_2 ?? '')) return messages.passwordRepeatMismatch;
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!row || !(await verifyPassword(row.password_hash, body.password))) {
      return messages.currentPasswordWrong;
    }
    const problem = passwordProblem(next, user.email);
    if (problem) return problem;
    if (next === body.password) return messages.passwordSameAsOld;
    return null;
  }

  return {
    dashboard: (user) => userDashboard(db, leadScope, user),

    async save(user, token, body) {
      const changes: ProfileChanges = {};
      if (body.dahili !== undefined && emptyToNull(body.dahili) !== user.dahili) {
        changes.dahili = emptyToNull(body.dahili);
      }
      if (body.telegram_id !== undefined && emptyToNull(body.telegram_id) !== user.telegram_id) {
        changes.telegram_id = emptyToNull(body.telegram_id);
      }
      if (
        body.default_call_line !== undefined &&
        emptyToNull(body.default_call_line) !== (user.default_call_line ?? null)
      ) {
        changes.default_call_line = emptyToNull(body.default_call_line);
      }
      if (body.theme !== undefined && body.theme !== '' && body.theme !== user.theme) {
        changes.theme = body.theme;
      }
      const wantsPassword = body.new_password !== undefined || body.new_password_2 !== undefined;

      // Everything is checked before anything is written: a refused password leaves the rest unchanged.
      if (wantsPassword) {
        const problem = await checkPassword(user, body);
        if (problem) return refusePassword(problem);
      }
      const newHash = wantsPassword && body.new_password ? await hashPassword(body.new_password) : null;
      const keep = hashToken(token);

      await db.transaction().execute(async (trx) => {
        if (Object.keys(changes).length > 0 || newHash) {
          await trx
            .updateTable('users')
            // A new password of the user's own ends an admin-set one (see docs/admin-guide.md).
            .set({ ...changes, ...(newHash ? { password_hash: newHash, must_change_password: 0 } : {}) })
            .where('id', '=', user.id)
            .execute();
        }
        if (newHash) {
          // Someone who knew the old password must not stay signed in elsewhere.
          await trx
            .updateTable('sessions')
            .set({ revoked_at: sql<string>`date_trunc('second', localtimestamp)` })
            .where('user_id', '=', user.id)
            .where('token_hash', '<>', keep)
            .where('revoked_at', 'is', null)
            .execute();
        }
      });
      if (Object.keys(changes).length > 0 || newHash) await invalidate({ kind: 'user', userId: user.id });
      if (newHash) realtime.disconnectUser(user.id, keep);

      const result: AuthSaveResult = { success: true, msg: messages.profileNothingToSave };
      // The most important change names the message; the flags tell the client about every change.
      if ('theme' in changes) {
        result.theme = true;
        result.msg = messages.themeUpdated;
      }
      if ('telegram_id' in changes) {
        result.telegram = true;
        result.msg = messages.telegramIdUpdated;
      }
      if ('default_call_line' in changes) result.msg = workflowMessages.callDefaultLineSaved;
      if ('dahili' in changes) {
        result.dahili = true;
        result.msg = messages.dahiliUpdated;
      }
      if (newHash) {
        result.password = true;
        result.msg = messages.passwordUpdated;
      }
      return result;
    },
  };
}
