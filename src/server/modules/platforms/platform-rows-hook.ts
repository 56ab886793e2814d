import { sql } from 'kysely';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import { transactionMessages } from '../../../shared/i18n/transaction-messages';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';

/**
 * A lead_platforms row is the CRM's record of an account on the trading platform. A generic insert
 * would record an account the platform never opened, and a changed login or type would point the row
 * at another account: both go through /mt5/createPlatform only. Moving the account to another lead (an
 * admin's correction) stays possible while no money has moved on it: once a transaction or a platform
 * operation names it, its owner is part of the money history (docs/money.md). Its whitelabel stays
 * editable; the engine checks the new lead's scope.
 */
export const platformRowsHook: RecordHook = {
  async beforeWrite({ trx, mode, ids, values }) {
    if (mode === 'insert') throw DomainError.invalid(platformMessages.insertThroughCreate);
    if (values.has('login') || values.has('type')) throw DomainError.invalid(platformMessages.loginLocked);
    if (!values.has('customer_id') || ids.length === 0) return;
    const { rows } = await sql<{ id: number }>`select p.id from lead_platforms p
      where p.id in (${sql.join(ids.map(Number))})
        and p.customer_id is distinct from ${Number(values.get('customer_id'))}
        and (exists (select 1 from transactions t where t.customer_id = p.customer_id and t.login = p.login)
          or exists (select 1 from platform_operations o where o.lead_platform_id = p.id))
      limit 1`.execute(trx);
    if (rows.length > 0) throw DomainError.conflict(transactionMessages.platformHasMoney);
  },
};
