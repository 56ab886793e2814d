import type { Kysely, Selectable } from 'kysely';
import type { Database, PermissionsTable } from '../db/schema';
import { ExpiringCache } from './expiring-cache';
import type { InvalidationBus } from './invalidation-bus';

export interface PermissionRowCacheOptions {
  bus: InvalidationBus;
  ttlMs: number;
}

/** A group's permission rows by table name. */
/** One group's row for one table, as engine/permission-resolver reads it. */
type PermissionRow = Selectable<PermissionsTable>;

export type GroupPermissions = ReadonlyMap<string, PermissionRow>;

export interface PermissionRowCache {
  rowsOf(userGroupId: number): Promise<GroupPermissions>;
}

/** Groups are few (a dozen); the limit only guards against a runaway. */
const MAX_GROUPS = 1_000;

/**
 * Every permission row of a group, read once and served from memory until an admin changes any
 * permission (the bus drops them on every node) or ttlMs passes (edits made outside the CRM).
 */
export function createPermissionRowCache(
  db: Kysely<Database>,
  options: PermissionRowCacheOptions,
): PermissionRowCache {
  const cache = new ExpiringCache<number, GroupPermissions>({
    maxEntries: MAX_GROUPS,
    isUsable: () => options.bus.isLive(),
  });
  options.bus.subscribe((change) => {
    if (change.kind === 'permissions' || change.kind === 'all') cache.clear();
  });
  return {
    rowsOf: (userGroupId) =>
      cache.get(userGroupId, async () => {
        const rows = await db
          .selectFrom('permissions')
          .selectAll()
          .where('user_group_id', '=', userGroupId)
          .execute();
        // Frozen: the same rows go to every request of the group.
        const byTable = new Map(rows.map((row) => [row.table_name, Object.freeze(row)]));
        return { value: byTable, ttlMs: options.ttlMs };
      }),
  };
}
