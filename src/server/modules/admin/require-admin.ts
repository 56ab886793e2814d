import { mayEnterAdminPanel } from '../../../shared/domain/constants';
import { adminMessages } from '../../../shared/i18n/admin-messages';
import type { EngineUser } from '../../engine/types';
import { DomainError } from '../../domain-errors';

/**
 * Every admin call (see docs/admin-guide.md): permissions, accounts, caches and the journal are the admin department's
 * alone, whatever the caller's table permissions say.
 */
export function requireAdmin(user: Pick<EngineUser, 'department'>): void {
  if (!mayEnterAdminPanel(user.department)) throw DomainError.forbidden(adminMessages.adminOnly);
}
