import { sql } from 'kysely';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';

/**
 * A lead with money instructions keeps them: deleting it would cascade its transactions and their
 * journal away, the history a brokerage must keep (docs/money.md#journal). Registered on the leads
 * source, so the leads and customers lists and every alias obey it.
 */
export const leadMoneyHistoryHook: RecordHook = {
  async beforeDelete({ trx, ids }) {
    if (ids.length === 0) return;
    const { rows } = await sql<{ id: number }>`select id from transactions
      where customer_id in (${sql.join(ids.map(Number))}) limit 1`.execute(trx);
    if (rows.length > 0) throw DomainError.conflict(t.leadHasTransactions);
  },
};
