import type { Kysely } from 'kysely';
import { format } from '../../../shared/i18n/messages';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import type { Database } from '../../db/schema';
import { moneyText, type OperationRow } from './operation-records';

/**
 * The lead's agent and retention agent learn of money moved on their customer's account once the
 * platform booked it: a notification due now, which the reminder job pushes over socket.io (and the bell
 * lists), written in the transaction that records the operation done. Whoever asked for the move is
 * not told of their own step.
 */
export async function notifyFollowers(trx: Kysely<Database>, row: OperationRow): Promise<void> {
  const lead = await trx
    .selectFrom('leads')
    .select(['name', 'agent_id', 'retention_id'])
    .where('id', '=', row.customer_id)
    .executeTakeFirst();
  if (!lead) return;
  const actor =
    row.created_by === null
      ? undefined
      : await trx.selectFrom('users').select('name').where('id', '=', row.created_by).executeTakeFirst();
  const recipients = [...new Set([lead.agent_id, lead.retention_id])].filter(
    (id): id is number => id !== null && id !== row.created_by,
  );
  if (recipients.length === 0) return;
  const deposit = row.direction === 'deposit';
  const body = format(deposit ? platformMessages.noticeDepositBody : platformMessages.noticeWithdrawalBody, {
    login: row.login,
    amount: moneyText(row.amount),
    agent: actor?.name ?? '',
  });
  await trx
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        user_id: userId,
        lead_id: row.customer_id,
        lead_name: lead.name,
        title: deposit ? platformMessages.noticeDepositTitle : platformMessages.noticeWithdrawalTitle,
        body,
        start: null,
        completed_agent_name: null,
        note_id: null,
      })),
    )
    .execute();
}
