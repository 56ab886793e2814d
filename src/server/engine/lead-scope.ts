import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError, isDomainError } from '../domain-errors';
import { resolveTableAccess, type TableAccess } from './permission-resolver';
import { recordNotFound, selectRow } from './record-store';
import type { TableRegistry } from './registry';
import { column, type Condition } from './sql-helpers';
import type { EngineUser } from './types';

/** The registered table through which a lead's visibility is decided. */
export const LEADS_TABLE = 'leads';

/**
 * Tasks, files, surveys and e-mails hang off a lead: who may touch them is decided by whether the lead is
 * inside the user's scope on the leads table (group row restriction, base filter), the same check the
 * lead detail itself uses. Missing and forbidden give the same 404, so lead ids cannot be probed.
 */
export interface LeadScope {
  /** The user's access to leads, or null when leads are hidden from the user altogether. */
  access(user: EngineUser): Promise<TableAccess | null>;
  /**
   * The lead's columns (server-side: not filtered by read_fields) if the lead is in scope; else 404.
   * With `module`, the lead detail tab (option list 130) must be among the user's modules: 403.
   */
  requireLead(
    user: EngineUser,
    leadId: number,
    options?: { module?: string; columns?: readonly string[] },
  ): Promise<Record<string, unknown>>;
  /** `lead_id in (leads inside the scope)`, for list queries; null when no lead is visible. */
  leadIdCondition(user: EngineUser, leadIdColumn: string): Promise<Condition | null>;
}

export function createLeadScope(db: Kysely<Database>, registry: TableRegistry): LeadScope {
  async function access(user: EngineUser): Promise<TableAccess | null> {
    try {
      return await resolveTableAccess(db, registry, user, LEADS_TABLE);
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not-found') return null;
      throw error;
    }
  }

  return {
    access,
    async requireLead(user, leadId, options = {}) {
      const leads = await access(user);
      if (!leads) throw recordNotFound();
      const columns = ['id', ...(options.columns ?? []).filter((name) => name !== 'id')];
      const row = await selectRow(db, leads, leadId, columns);
      if (!row) throw recordNotFound();
      if (options.module !== undefined && !leads.modules.includes(options.module)) {
        throw DomainError.forbidden(messages.forbidden);
      }
      return row;
    },
    async leadIdCondition(user, leadIdColumn) {
      const leads = await access(user);
      if (!leads) return null;
      // The scope names leads columns only (registry fields), so inside this subquery they resolve to leads.
      return sql<boolean>`${sql.ref(leadIdColumn)} in (select ${column('id')} from ${sql.id(
        leads.table.sourceTable,
      )} where ${leads.scope})`;
    },
  };
}
