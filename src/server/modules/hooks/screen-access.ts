import type { Kysely } from 'kysely';
import { messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { flagsOf, loadPermissionRow, type TableFlags } from '../../engine/permission-resolver';
import type { PermissionAction } from '../../../shared/domain/constants';
import type { EngineUser } from '../../engine/types';

/**
 * The permission flags of a screen's menu entry (a crm_tables row with a url: hooks, bids, quizbuilder).
 * Such an entry is never a table the engine lists, but its permission row is the admin's switch for the
 * screen: show opens it, update saves, delete removes. A hidden screen answers 403 with the usual text.
 */
export async function requireScreenFlag(
  db: Kysely<Database>,
  user: EngineUser,
  screen: string,
  action: PermissionAction,
): Promise<TableFlags> {
  const row = await loadPermissionRow(db, user.user_group_id, screen);
  const flags = row ? flagsOf(row) : null;
  if (!flags || flags.show !== 1 || flags[action] !== 1) throw DomainError.forbidden(messages.forbidden);
  return flags;
}
