import type { RecordHook } from '../../engine/record-hooks';
import { journalAdminChange } from './admin-journal';

/**
 * The configuration tables the admin area edits through the generic list (/admin/{table}): accounts,
 * groups, teams, statuses, permissions, the menu, templates and option values. Their inserts and edits
 * are journaled like the admin calls (see docs/admin-guide.md: every admin change is journaled).
 */
export const ADMIN_JOURNALED_SOURCES: readonly string[] = [
  'users',
  'user_groups',
  'teams',
  'lead_statuses',
  'permissions',
  'crm_tables',
  'email_templates',
  'tasks_templates',
  'option_values',
];

/** Never into the journal, whatever a table calls its secrets. */
const isSecret = (name: string): boolean => name.includes('password');

/**
 * Journals a generic insert or edit in the write's own transaction, so a refused write leaves no entry.
 * The values are what was about to be written (an insert's id is not known yet: target_id stays empty).
 */
export const adminTableJournalHook: RecordHook = {
  async beforeWrite({ trx, user, access, mode, ids, values }) {
    const written = Object.fromEntries([...values].filter(([name]) => !isSecret(name)));
    await journalAdminChange(trx, {
      actorId: user.id,
      action: `${access.table.name}.${mode}`,
      targetTable: access.table.sourceTable,
      targetId: ids.length === 1 ? (ids[0] ?? null) : null,
      values: ids.length > 1 ? { ids: [...ids], ...written } : written,
    });
  },
};
