import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/modules/auth/passwords';
import { hashToken } from '../../../src/server/modules/auth/service';
import type { Department } from '../../../src/shared/domain/constants';

export type LoadRole = 'agent' | 'manager' | 'finance';

export interface LoadUser {
  role: LoadRole;
  id: number;
  teamId: number | null;
  /** Its own session, as after a login. */
  token: string;
}

const ROLE_DEPARTMENT: Readonly<Record<LoadRole, Department>> = {
  agent: 'sales',
  manager: 'sales_manager',
  finance: 'finance',
};

/** Bench accounts are recognisable and reused from run to run: load.agent.001@bench.crm, … */
const emailOf = (role: LoadRole, index: number): string =>
  `load.${role}.${String(index + 1).padStart(3, '0')}@bench.crm`;

/** The group and the teams the demo accounts of a department have: the bench users get the same rights. */
async function demoPlacement(
  db: Kysely<Database>,
  department: Department,
): Promise<{ groupId: number; teams: (number | null)[] }> {
  const rows = await db
    .selectFrom('users')
    .select(['user_group_id', 'team_id'])
    .where('department', '=', department)
    .where('email', 'like', '%@demo.crm')
    .execute();
  const first = rows[0];
  if (!first) throw new Error(`no demo account of department ${department} in the bench database`);
  return { groupId: first.user_group_id, teams: [...new Set(rows.map((row) => row.team_id))] };
}

/**
 * Accounts for the load bench (created once, like real staff, never leads) and one fresh session each.
 * Sessions are written directly: 520 argon2 logins would measure the password hash, not the CRM.
 * `close` ends the sessions again.
 */
export async function prepareLoadUsers(
  db: Kysely<Database>,
  counts: Readonly<Record<LoadRole, number>>,
): Promise<{ users: LoadUser[]; close: () => Promise<void> }> {
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const users: LoadUser[] = [];
  for (const role of ['agent', 'manager', 'finance'] as const) {
    const department = ROLE_DEPARTMENT[role];
    const placement = await demoPlacement(db, department);
    for (let index = 0; index < counts[role]; index += 1) {
      const email = emailOf(role, index);
      const teamId = placement.teams[index % placement.teams.length] ?? null;
      let row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) = ${email}`)
        .executeTakeFirst();
      row ??= await db
        .insertInto('users')
        .values({
          name: `Yük ${role} ${index + 1}`,
          email,
          department,
          user_group_id: placement.groupId,
          team_id: teamId,
          password_hash: passwordHash,
          active: 1,
          must_change_password: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A previous run may have moved or switched it off; the bench wants it as it describes it.
      await db
        .updateTable('users')
        .set({ active: 1, must_change_password: 0, team_id: teamId, user_group_id: placement.groupId })
        .where('id', '=', row.id)
        .execute();
      users.push({ role, id: row.id, teamId, token: randomBytes(32).toString('base64url') });
    }
  }
  await db
    .insertInto('sessions')
    .values(
      users.map((user) => ({
        user_id: user.id,
        token_hash: hashToken(user.token),
        remember: 0,
        expires_at: sql<string>`date_trunc('second', localtimestamp) + interval '1 day'`,
      })),
    )
    .execute();
  const hashes = users.map((user) => hashToken(user.token));
  return {
    users,
    close: async () => {
      await db.deleteFrom('sessions').where('token_hash', 'in', hashes).execute();
    },
  };
}
