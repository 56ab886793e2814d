import { sql, type Kysely } from 'kysely';
import type { CallResult } from '../../../shared/contract';
import { mayEnterAdminPanel } from '../../../shared/domain/constants';
import { messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import { column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { DomainError, isDomainError } from '../../domain-errors';
import type { Realtime } from '../../kernel/realtime-port';
import type { Invalidate } from '../../cache/invalidation-bus';
import { adminMessages } from '../../../shared/i18n/admin-messages';
import { journalAdminChange, listAdminJournal, type JournalQuery } from './admin-journal';
import { requireAdmin } from './require-admin';

export interface AdminService {
  /** GET /admin/info: the panel's counters, inside the caller's permissions; 403 outside the panel's departments. */
  info(user: EngineUser): Promise<CallResult<'adminInfo'>>;
  /**
   * POST /admin/resetCache: drops the registry (menu tables and fields; option lists and permissions are
   * read per request) and tells every client to reload menus and option lists.
   */
  resetCache(user: EngineUser): Promise<CallResult<'adminResetCache'>>;
  /** GET /admin/journal. */
  journal(user: EngineUser, query: JournalQuery): Promise<CallResult<'adminJournal'>>;
}

/** The registered tables the counters read (see docs/requirements.md#shell-lists-and-chat: users, leads, customers). */
const COUNTED_TABLES = { users: 'users', leads: 'leads', customers: 'customers' } as const;

export function createAdminService(
  db: Kysely<Database>,
  registry: TableRegistry,
  realtime: Realtime,
  invalidate: Invalidate,
): AdminService {
  /** The user's access to a table, or null when the group may not see it (404 from the resolver). */
  async function accessTo(user: EngineUser, table: string): Promise<TableAccess | null> {
    try {
      return await resolveTableAccess(db, registry, user, table);
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not-found') return null;
      throw error;
    }
  }

  async function count(access: TableAccess | null): Promise<number | null> {
    if (!access) return null;
    const { rows } = await sql<{ count: number }>`select count(*)::int as count
      from ${sql.id(access.table.sourceTable)} where ${access.scope}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }

  /** Days from created_at to customer_set_date over the customers the user may see, one decimal. */
  async function averageConversionDays(customers: TableAccess | null): Promise<number | null> {
    if (!customers) return null;
    const { columns } = customers.table;
    // A customers table registered over another source (another install) may lack the dates.
    if (!columns.has('customer_set_date') || !columns.has('created_at')) return null;
    const { rows } = await sql<{ average: string | null }>`select
        round((avg(extract(epoch from (${column('customer_set_date')} - ${column('created_at')}))) / 86400)::numeric, 1)::text
          as average
      from ${sql.id(customers.table.sourceTable)}
      where ${customers.scope} and ${column('customer_set_date')} is not null`.execute(db);
    const average = rows[0]?.average;
    return average === null || average === undefined ? null : Number(average);
  }

  return {
    async info(user) {
      if (!mayEnterAdminPanel(user.department)) throw DomainError.forbidden(messages.adminPanelOnly);
      const [users, leads, customers] = await Promise.all([
        accessTo(user, COUNTED_TABLES.users),
        accessTo(user, COUNTED_TABLES.leads),
        accessTo(user, COUNTED_TABLES.customers),
      ]);
      const [userCount, leadCount, customerCount, average] = await Promise.all([
        count(users),
        count(leads),
        count(customers),
        averageConversionDays(customers),
      ]);
      return {
        users: { count: userCount },
        leads: { count: leadCount },
        customers: { count: customerCount },
        customer_average_conversion_time: { average_conversion_time: average },
      };
    },

    async resetCache(user) {
      requireAdmin(user);
      registry.invalidate();
      // "Önbelleği temizle" empties every cache of every node, whatever it holds.
      await invalidate({ kind: 'all' });
      await journalAdminChange(db, {
        actorId: user.id,
        action: 'cache.reset',
        targetTable: 'crm_tables',
        targetId: null,
        values: {},
      });
      realtime.broadcastFieldUpdate({});
      return { success: true, msg: adminMessages.cacheCleared };
    },

    async journal(user, query) {
      requireAdmin(user);
      return { results: await listAdminJournal(db, query) };
    },
  };
}
