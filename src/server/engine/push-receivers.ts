import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDomainError } from '../domain-errors';
import { resolveTableAccess } from './permission-resolver';
import { selectRow } from './record-store';
import type { TableRegistry } from './registry';
import type { EngineUser } from './types';

/**
 * Who of `userIds` may see row `id` of `table` now: active accounts that need no password change, read
 * fresh (group, team, department), through the same permission resolver as their own calls. Run when a
 * push is about to be sent, so a group that lost the table or a lead that moved to another team is
 * never told about it (docs/security.md#sessions-and-sockets).
 */
export async function receiversWhoSee(
  db: Kysely<Database>,
  registry: TableRegistry,
  userIds: readonly number[],
  table: string,
  id: number,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const users: EngineUser[] = await db
    .selectFrom('users')
    .select(['id', 'user_group_id', 'team_id', 'department'])
    .where('id', 'in', [...new Set(userIds)])
    .where('active', '=', 1)
    .where('must_change_password', '=', 0)
    .execute();
  const seen = await Promise.all(
    users.map(async (user) => {
      try {
        const access = await resolveTableAccess(db, registry, user, table);
        return (await selectRow(db, access, id, ['id'])) ? user.id : null;
      } catch (error) {
        // A hidden table (404) or a broken restriction (403) shows the row to nobody.
        if (isDomainError(error)) return null;
        throw error;
      }
    }),
  );
  return seen.filter((userId): userId is number => userId !== null);
}
