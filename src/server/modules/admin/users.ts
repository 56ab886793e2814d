import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { AdminUser, CallResult, contract } from '../../../shared/contract';
import { passwordProblem } from '../../../shared/domain/password-policy';
import { adminMessages } from '../../../shared/i18n/admin-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { EngineUser } from '../../engine/types';
import type { Realtime } from '../../kernel/realtime-port';
import type { Invalidate } from '../../cache/invalidation-bus';
import { hashPassword } from '../auth';
import { journalAdminChange } from './admin-journal';
import { requireAdmin } from './require-admin';

type CreateBody = z.output<(typeof contract)['adminUserCreate']['body']>;

export interface AdminUsersService {
  list(user: EngineUser, userGroupId?: number): Promise<CallResult<'adminUsers'>>;
  create(user: EngineUser, body: CreateBody): Promise<CallResult<'adminUserCreate'>>;
  setActive(user: EngineUser, id: number, active: number): Promise<CallResult<'adminUserActive'>>;
  resetPassword(user: EngineUser, id: number, password: string): Promise<CallResult<'adminUserPassword'>>;
  moveTeam(user: EngineUser, id: number, teamId: number | null): Promise<CallResult<'adminUserTeam'>>;
}

/** No 0/O or 1/l/I: a one-time password is read out or typed from a note. */
const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const PASSWORD_DIGITS = '23456789';
const ONE_TIME_LENGTH = 12;

/** A one-time password that passes the policy (letters and digits, at least one of each). */
export function oneTimePassword(): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS;
  for (;;) {
    const password = Array.from({ length: ONE_TIME_LENGTH }, () => all[randomInt(all.length)] ?? '').join('');
    // Drawn again in the rare case it lacks a letter or a digit.
    if (passwordProblem(password, '') === null) return password;
  }
}

/** The admin's password checked against the policy, or a one-time one when left empty. */
function chosenPassword(password: string, email: string): { password: string; generated: boolean } {
  if (password === '') return { password: oneTimePassword(), generated: true };
  const problem = passwordProblem(password, email);
  if (problem) throw DomainError.invalid(problem);
  return { password, generated: false };
}

const now = sql<string>`date_trunc('second', localtimestamp)`;

export function createAdminUsersService(
  db: Kysely<Database>,
  realtime: Realtime,
  invalidate: Invalidate,
): AdminUsersService {
  async function requireGroup(id: number): Promise<void> {
    const found = await db.selectFrom('user_groups').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw DomainError.invalid(adminMessages.groupNotFound);
  }
  async function requireTeam(id: number | null): Promise<void> {
    if (id === null) return;
    const found = await db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw DomainError.invalid(adminMessages.teamNotFound);
  }

  /** The user's row, locked for the rest of the transaction; 404 when there is none. */
  async function lockUser(trx: Kysely<Database>, id: number) {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'email', 'active', 'team_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(adminMessages.userNotFound);
    return row;
  }

  async function revokeSessions(trx: Kysely<Database>, userId: number): Promise<number> {
    const result = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    async list(user, userGroupId) {
      requireAdmin(user);
      let query = db
        .selectFrom('users as u')
        .leftJoin('user_groups as g', 'g.id', 'u.user_group_id')
        .leftJoin('teams as t', 't.id', 'u.team_id')
        .select([
          'u.id',
          'u.name',
          'u.email',
          'u.department',
          'u.user_group_id',
          'g.name as user_group',
          'u.team_id',
          't.name as team',
          'u.dahili',
          'u.telegram_id',
          'u.active',
          'u.must_change_password',
          'u.created_at',
        ])
        .orderBy('u.active', 'desc')
        .orderBy('u.name');
      if (userGroupId !== undefined) query = query.where('u.user_group_id', '=', userGroupId);
      const rows: AdminUser[] = await query.execute();
      return { results: rows };
    },

    async create(user, body) {
      requireAdmin(user);
      await requireGroup(body.user_group_id);
      await requireTeam(body.team_id ?? null);
      const { password, generated } = chosenPassword(body.password, body.email);
      const passwordHash = await hashPassword(password);
      const id = await db.transaction().execute(async (trx) => {
        // lower() on both sides, as the login and the users_email_key index fold e-mails.
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where(sql<boolean>`lower(email) = lower(${body.email})`)
          .executeTakeFirst();
        if (taken) throw DomainError.conflict(adminMessages.emailTaken);
        const values = {
          name: body.name,
          email: body.email,
          department: body.department,
          user_group_id: body.user_group_id,
          team_id: body.team_id ?? null,
          dahili: body.dahili === '' ? null : body.dahili,
          telegram_id: body.telegram_id === '' ? null : body.telegram_id,
        };
        const created = await trx
          .insertInto('users')
          .values({ ...values, password_hash: passwordHash, active: 1, must_change_password: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'users.create',
          targetTable: 'users',
          targetId: created.id,
          // Never the password: only that one was set, and by whom.
          values: { ...values, password: generated ? 'generated' : 'set' },
        });
        return created.id;
      });
      await invalidate({ kind: 'options' });
      realtime.broadcastFieldUpdate({ table: 'users' });
      return { success: true, msg: adminMessages.userCreated, id, ...(generated ? { password } : {}) };
    },

    async setActive(user, id, active) {
      requireAdmin(user);
      if (active === 0 && id === user.id) throw DomainError.conflict(adminMessages.notYourself);
      let revoked = 0;
      await db.transaction().execute(async (trx) => {
        const row = await lockUser(trx, id);
        if (row.active === active) {
          throw DomainError.conflict(
            active === 1 ? adminMessages.alreadyActive : adminMessages.alreadyInactive,
          );
        }
        await trx.updateTable('users').set({ active }).where('id', '=', id).execute();
        // An inactive account is refused by authenticate() anyway; revoking ends the sessions for good.
        if (active === 0) revoked = await revokeSessions(trx, id);
        await journalAdminChange(trx, {
          actorId: user.id,
          action: active === 1 ? 'users.activate' : 'users.deactivate',
          targetTable: 'users',
          targetId: id,
          values: { active: { old: row.active, new: active }, revoked_sessions: revoked },
        });
      });
      // Before the answer: the account is refused on every node from the admin's next click on.
      await invalidate({ kind: 'user', userId: id });
      await invalidate({ kind: 'options' });
      if (active === 0) realtime.disconnectUser(id);
      realtime.broadcastFieldUpdate({ table: 'users' });
      return {
        success: true,
        msg: active === 1 ? adminMessages.userActivated : adminMessages.userDeactivated,
      };
    },

    async resetPassword(user, id, requested) {
      requireAdmin(user);
      const email = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
      if (!email) throw DomainError.notFound(adminMessages.userNotFound);
      const { password, generated } = chosenPassword(requested, email.email);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, id);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: 1 })
          .where('id', '=', id)
          .execute();
        const revoked = await revokeSessions(trx, id);
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'users.resetPassword',
          targetTable: 'users',
          targetId: id,
          values: { password: generated ? 'generated' : 'set', revoked_sessions: revoked },
        });
      });
      await invalidate({ kind: 'user', userId: id });
      realtime.disconnectUser(id);
      return { success: true, msg: adminMessages.passwordReset, ...(generated ? { password } : {}) };
    },

    async moveTeam(user, id, teamId) {
      requireAdmin(user);
      await requireTeam(teamId);
      await db.transaction().execute(async (trx) => {
        const row = await lockUser(trx, id);
        if (row.team_id === teamId) throw DomainError.conflict(adminMessages.sameTeam);
        await trx.updateTable('users').set({ team_id: teamId }).where('id', '=', id).execute();
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'users.moveTeam',
          targetTable: 'users',
          targetId: id,
          values: { team_id: { old: row.team_id, new: teamId } },
        });
      });
      await invalidate({ kind: 'user', userId: id });
      realtime.broadcastFieldUpdate({ table: 'users' });
      return { success: true, msg: adminMessages.teamChanged };
    },
  };
}
