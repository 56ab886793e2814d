import type { Kysely } from 'kysely';
import type { CallResult, JournalEntry } from '../../../shared/contract';
import { MASKED_COMPONENT, maskHidden } from '../../../shared/domain/masking';
import type { Database } from '../../db/schema';
import type { JournalChanges } from '../../engine/lead-journal';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
import { requireLeadsTable, requireModule } from './lead-access';

/** The history tab's module (see docs/requirements.md#lead-workspace-and-work-screens "gecmis"). */
export const JOURNAL_MODULE = 'gecmis';

export interface JournalPage {
  page: number;
  limit: number;
}

export interface LeadJournalService {
  /** POST /journal/{table}/{id}: a readable lead's changes, newest first, readable fields only. */
  list(user: EngineUser, table: string, id: number, paging: JournalPage): Promise<CallResult<'journal'>>;
}

function isChanges(value: unknown): value is JournalChanges {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A clickShow value (T.C.) as every screen shows it (docs/user-guide.md#maskeli-alanlar). */
function masked(value: JournalEntry['values'][string]['old']): JournalEntry['values'][string]['old'] {
  return typeof value === 'string' || typeof value === 'number' ? maskHidden(String(value)) : value;
}

/**
 * Only the fields the user may read, clickShow ones masked; an entry about hidden fields only is not
 * shown at all.
 */
function visibleChanges(
  raw: unknown,
  readable: ReadonlySet<string>,
  maskedNames: ReadonlySet<string>,
): JournalEntry['values'] | null {
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!isChanges(parsed)) return null;
  const out: JournalEntry['values'] = {};
  for (const [name, change] of Object.entries(parsed)) {
    if (!readable.has(name)) continue;
    const before = change.old ?? null;
    const after = change.new ?? null;
    out[name] = maskedNames.has(name)
      ? { old: masked(before), new: masked(after) }
      : { old: before, new: after };
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The journal of a table that is not the leads', answered in the generic call's shape. */
export type OtherJournal = (
  user: EngineUser,
  id: number,
  paging: JournalPage,
) => Promise<CallResult<'journal'>>;

/**
 * The generic journal call: a lead's history, or the journal of another table that keeps one (by its
 * source table: transactions), so a client of the spec reads every journal through one call.
 */
export function createLeadJournalService(
  db: Kysely<Database>,
  registry: TableRegistry,
  others: Readonly<Record<string, OtherJournal>> = {},
): LeadJournalService {
  return {
    async list(user, table, id, paging) {
      const { page, limit } = paging;
      const access = await resolveTableAccess(db, registry, user, table);
      const other = Object.hasOwn(others, access.table.sourceTable)
        ? others[access.table.sourceTable]
        : undefined;
      if (other) return other(user, id, paging);
      requireLeadsTable(access);
      if (!(await selectRow(db, access, id, ['id']))) throw recordNotFound();
      requireModule(access, JOURNAL_MODULE);
      const rows = await db
        .selectFrom('lead_journal as j')
        .leftJoin('users as u', 'u.id', 'j.agent_id')
        .select(['j.id', 'j.agent_id', 'u.name as agent_name', 'j.values', 'j.created_at'])
        .where('j.lead_id', '=', id)
        .orderBy('j.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const results: JournalEntry[] = [];
      const maskedNames = new Set(
        access.readable.filter((field) => field.component === MASKED_COMPONENT).map((field) => field.name),
      );
      for (const row of rows) {
        const values = visibleChanges(row.values, access.readableNames, maskedNames);
        if (values) {
          results.push({
            id: row.id,
            agent_id: row.agent_id,
            agent_name: row.agent_name,
            values,
            created_at: row.created_at,
          });
        }
      }
      return { results, page };
    },
  };
}
