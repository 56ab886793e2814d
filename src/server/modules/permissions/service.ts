import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract } from '../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { adminMessages } from '../../../shared/i18n/admin-messages';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { loadPermissionRows, restrictionColumns } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import {
  compileBaseFilter,
  compileRowRestriction,
  validateRowRestriction,
} from '../../engine/row-restriction';
import { and, or, type Condition } from '../../engine/sql-helpers';
import type { EngineUser, TableDefinition } from '../../engine/types';
import type { Realtime } from '../../kernel/realtime-port';
import type { Invalidate } from '../../cache/invalidation-bus';
import { journalAdminChange, requireAdmin } from '../admin';
import {
  editorTable,
  groupPermission,
  requestedPermissions,
  storedList,
  type RequestedPermission,
} from './permission-rows';

type SaveBody = z.output<(typeof contract)['permissionSave']['body']>;
type PreviewBody = z.output<(typeof contract)['permissionPreview']['body']>;

export interface PermissionsService {
  /** GET /permissionsAdmin. */
  tables(user: EngineUser): Promise<CallResult<'permissionsAdmin'>>;
  /** GET /permissions/{userGroupId}. */
  group(user: EngineUser, userGroupId: number): Promise<CallResult<'groupPermissions'>>;
  /** POST /permission/save/: validated whole, written in one transaction with its journal entry. */
  save(user: EngineUser, body: SaveBody): Promise<CallResult<'permissionSave'>>;
  /** POST /permission/preview/. */
  preview(user: EngineUser, body: PreviewBody): Promise<CallResult<'permissionPreview'>>;
}

/** Users of a group the preview evaluates a restriction for; a group is a team, not a company. */
const PREVIEW_USERS_MAX = 1000;

type StoredPermission = {
  show: number;
  delete: number;
  update: number;
  excel_import: number;
  excel_export: number;
  list_fields: string[] | null;
  read_fields: string[] | null;
  write_fields: string[] | null;
  extra_sql: string | null;
  modules: string[];
};

function storedPermission(entry: RequestedPermission, modules: string[]): StoredPermission {
  return {
    ...entry.flags,
    list_fields: storedList(entry.table, entry.fields.list),
    read_fields: storedList(entry.table, entry.fields.read),
    write_fields: storedList(entry.table, entry.fields.write),
    extra_sql: entry.extraSql,
    modules,
  };
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** field -> { old, new } of what differs (the journal keeps only changes). */
function changesOf(
  before: Partial<StoredPermission> | undefined,
  after: StoredPermission,
): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before ? (before as Record<string, unknown>)[key] : null;
    if (!sameValue(old ?? null, value)) changes[key] = { old: old ?? null, new: value };
  }
  return changes;
}

export function createPermissionsService(
  db: Kysely<Database>,
  registry: TableRegistry,
  realtime: Realtime,
  invalidate: Invalidate,
): PermissionsService {
  async function findGroup(id: number): Promise<{ id: number; name: string }> {
    const group = await db
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!group) throw DomainError.notFound(adminMessages.groupNotFound);
    return group;
  }

  async function moduleValues(): Promise<Set<string>> {
    const rows = await db
      .selectFrom('option_values')
      .select('value')
      .where('list_id', '=', OPTION_LIST_IDS.modules)
      .execute();
    return new Set(rows.map((row) => row.value));
  }

  /** Every requested restriction through the parser that enforces it: the first refusal names its table. */
  async function checkRestrictions(requested: readonly RequestedPermission[]): Promise<void> {
    for (const entry of requested) {
      if (entry.extraSql === null) continue;
      const check = await validateRowRestriction(entry.extraSql, restrictionColumns(entry.table));
      if (!check.valid) {
        throw DomainError.invalid(
          format(adminMessages.restrictionRefused, {
            table: entry.table.displayName,
            message: check.message,
          }),
          check.technical,
        );
      }
    }
  }

  async function tableWithId(id: number): Promise<TableDefinition> {
    const table = (await registry.listTables()).find((entry) => entry.id === id);
    if (!table) throw DomainError.invalid(format(adminMessages.unknownTable, { table: String(id) }));
    return table;
  }

  return {
    async tables(user) {
      requireAdmin(user);
      return { tables: (await registry.listTables()).map(editorTable) };
    },

    async group(user, userGroupId) {
      requireAdmin(user);
      const group = await findGroup(userGroupId);
      const [tables, rows, users] = await Promise.all([
        registry.listTables(),
        loadPermissionRows(db, userGroupId),
        db
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('say'))
          .where('user_group_id', '=', userGroupId)
          .executeTakeFirst(),
      ]);
      const byTable = new Map(rows.map((row) => [row.table_name, row]));
      // The group's modules live on every row; the leads row is the one the app reads (loadModules).
      const modules =
        byTable.get('leads')?.modules ?? rows.find((row) => row.modules.length > 0)?.modules ?? [];
      return {
        users: { say: Number(users?.say ?? 0) },
        group,
        modules,
        tables: tables.map((table) => groupPermission(table, byTable.get(table.name))),
      };
    },

    async save(user, body) {
      requireAdmin(user);
      await findGroup(body.user_group_id);
      const tables = await registry.listTables();
      const requested = requestedPermissions(tables, body);
      const known = await moduleValues();
      const modules = [...new Set(body.modules)];
      for (const module of modules) {
        if (!known.has(module)) throw DomainError.invalid(format(adminMessages.unknownModule, { module }));
      }
      await checkRestrictions(requested);

      await db.transaction().execute(async (trx) => {
        // Two admins saving one group at once: the second waits and writes over a consistent state.
        await trx
          .selectFrom('user_groups')
          .select('id')
          .where('id', '=', body.user_group_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const current = await trx
          .selectFrom('permissions')
          .selectAll()
          .where('user_group_id', '=', body.user_group_id)
          .forUpdate()
          .execute();
        const before = new Map(current.map((row) => [row.table_name, row]));
        const changes: Record<string, Record<string, { old: unknown; new: unknown }>> = {};
        for (const entry of requested) {
          const next = storedPermission(entry, modules);
          const old = before.get(entry.table.name);
          const changed = changesOf(old, next);
          if (Object.keys(changed).length === 0) continue;
          changes[entry.table.name] = changed;
          await trx
            .insertInto('permissions')
            .values({ user_group_id: body.user_group_id, table_name: entry.table.name, ...next })
            .onConflict((conflict) => conflict.columns(['user_group_id', 'table_name']).doUpdateSet(next))
            .execute();
        }
        await journalAdminChange(trx, {
          actorId: user.id,
          action: 'permissions.save',
          targetTable: 'user_groups',
          targetId: body.user_group_id,
          values: changes,
        });
      });
      // Every node's next call of the group works with the new rows, then its open clients reload their
      // menus, option lists and field lists (see docs/requirements.md#calls).
      await invalidate({ kind: 'permissions' });
      realtime.broadcastFieldUpdate({});
      return { success: true, msg: messages.savedSuccessfully };
    },

    async preview(user, body) {
      requireAdmin(user);
      await findGroup(body.user_group_id);
      const table = await tableWithId(body.table_id);
      const text = body.extra_sql.trim();
      if (text !== '') {
        const check = await validateRowRestriction(text, restrictionColumns(table));
        if (!check.valid) {
          throw DomainError.invalid(
            format(adminMessages.restrictionRefused, { table: table.displayName, message: check.message }),
            check.technical,
          );
        }
      }
      const members = await db
        .selectFrom('users')
        .select(['id', 'user_group_id', 'team_id', 'department'])
        .where('user_group_id', '=', body.user_group_id)
        .where('active', '=', 1)
        .orderBy('id')
        .limit(PREVIEW_USERS_MAX)
        .execute();
      if (members.length === 0) return { count: null, users: 0, msg: adminMessages.previewNoUsers };

      const conditions: Condition[] = [];
      if (table.baseFilter !== null && table.baseFilter.trim() !== '') {
        conditions.push(await compileBaseFilter(table.baseFilter, table.columns.keys()));
      }
      if (text !== '') {
        const columns = restrictionColumns(table);
        // A row counts when at least one member of the group would see it.
        const perUser = await Promise.all(
          members.map((member) => compileRowRestriction(text, columns, member)),
        );
        conditions.push(or(perUser));
      }
      const { rows } = await sql<{ count: number }>`select count(*)::int as count
        from ${sql.id(table.sourceTable)} where ${and(conditions)}`.execute(db);
      const count = Number(rows[0]?.count ?? 0);
      return {
        count,
        users: members.length,
        msg: format(adminMessages.previewCount, {
          count: count.toLocaleString('tr-TR'),
          users: members.length,
        }),
      };
    },
  };
}
