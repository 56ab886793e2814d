import { messages } from '../../../shared/i18n/messages';
import { DomainError } from '../../domain-errors';
import { JOURNALED_SOURCE } from '../../engine/lead-journal';
import type { TableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';

/**
 * The lead detail's calls take a list name (leads, customers); any other table has no leads to show,
 * which answers like a missing record so table names cannot be probed through these calls.
 */
export function requireLeadsTable(access: TableAccess): void {
  if (access.table.sourceTable !== JOURNALED_SOURCE) throw recordNotFound();
}

/**
 * A tab's data needs the tab's module (see docs/requirements.md#lead-workspace-and-work-screens: tabs "shown only if the user's module list contains
 * them"): hiding the tab alone would leave its data one request away.
 */
export function requireModule(access: TableAccess, module: string): void {
  if (!access.modules.includes(module)) throw DomainError.forbidden(messages.forbidden);
}
