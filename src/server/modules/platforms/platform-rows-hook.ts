import { platformMessages } from '../../../shared/i18n/platform-messages';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';

/**
 * A lead_platforms row is the CRM's record of an account on the trading platform. A generic insert
 * would record an account the platform never opened, and a changed login or type would point the row
 * at another account: both go through /mt5/createPlatform only. Moving the account to another lead (an
 * admin's correction) and its whitelabel stay editable; the engine checks the new lead's scope.
 */
export const platformRowsHook: RecordHook = {
  beforeWrite({ mode, values }) {
    if (mode === 'insert') throw DomainError.invalid(platformMessages.insertThroughCreate);
    if (values.has('login') || values.has('type')) throw DomainError.invalid(platformMessages.loginLocked);
    return Promise.resolve();
  },
};
