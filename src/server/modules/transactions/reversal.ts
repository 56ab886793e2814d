import { sql, type Kysely } from 'kysely';
import { initialStatus } from '../../../shared/domain/transaction-flow';
import { reversible, reversingType } from '../../../shared/domain/transaction-state';
import { format } from '../../../shared/i18n/messages';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { TRANSACTIONS_TABLE, type TransactionRow } from './workflow';

export interface Reversal {
  readonly original: TransactionRow;
  readonly reversal: TransactionRow;
}

/**
 * A completed transaction corrected the only way money may be: a new instruction of the opposite type for
 * the same customer, account and amount, linked to it (reverses_id, one reversal each), starting its own
 * approvals. Both rows are journaled in the same database transaction: the new one's creation (by the
 * database) and a "reverse" row on the original (docs/money.md, "Immutability and reversal").
 */
export async function reverseTransaction(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  id: number,
  reason: string,
): Promise<Reversal> {
  const access = await resolveTableAccess(db, registry, user, TRANSACTIONS_TABLE);
  return db.transaction().execute(async (trx) => {
    // The lead before the row, the order every writer of transactions takes (migration 022).
    await sql`select 1 from leads where id = (select customer_id from transactions where id = ${id})
      for share`.execute(trx);
    const where = and([sql<boolean>`${column('id')} = ${id}`, access.scope]);
    const { rows } = await sql<TransactionRow>`select * from transactions where ${where} for update`.execute(
      trx,
    );
    const original = rows[0];
    if (!original) throw recordNotFound();
    const existing = await trx
      .selectFrom('transactions')
      .select('id')
      .where('reverses_id', '=', id)
      .executeTakeFirst();
    if (!reversible({ status_id: original.status_id, reversed_by_id: existing?.id ?? null })) {
      throw DomainError.conflict(t.reverseNotAllowed);
    }
    const lead = await trx
      .selectFrom('leads')
      .select(['agent_id', 'retention_id', 'team_id'])
      .where('id', '=', original.customer_id)
      .executeTakeFirstOrThrow();
    const type = reversingType(original.type);
    const reversal = await trx
      .insertInto('transactions')
      .values({
        customer_id: original.customer_id,
        type,
        gateway_id: original.gateway_id,
        amount: original.amount,
        currency_id: original.currency_id,
        login: original.login,
        iban: original.iban,
        iban_name: original.iban_name,
        comment: format(t.reverseComment, { id: original.id, reason }),
        status_id: initialStatus(type),
        insert_user_id: user.id,
        agent_id: lead.agent_id,
        retention_id: lead.retention_id,
        team_id: lead.team_id,
        reverses_id: original.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('transaction_journal')
      .values({
        transaction_id: original.id,
        agent_id: user.id,
        action: 'reverse',
        values: JSON.stringify({
          reversed_by_id: { old: null, new: String(reversal.id) },
          comment: { old: null, new: reason },
        }),
        status_before: original.status_id,
        status_after: original.status_id,
      })
      .execute();
    return { original, reversal };
  });
}
