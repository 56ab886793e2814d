import { sql, type Kysely, type Selectable } from 'kysely';
import type { PlatformOperation } from '../../../shared/contract';
import { PLATFORM_OPERATIONS_LIMIT } from '../../../shared/contract/platforms';
import {
  operationErrorText,
  operationStateLabel,
  type PlatformOperationDirection,
} from '../../../shared/domain/platform-operations';
import { formatDecimalTr } from '../../../shared/domain/decimal';
import { format } from '../../../shared/i18n/messages';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import { platformOperationMessages as m } from '../../../shared/i18n/platform-operation-messages';
import type { Database, PlatformOperationsTable } from '../../db/schema';

export type OperationRow = Selectable<PlatformOperationsTable>;

/** How many times the job sends an operation before it counts as failed (transient failures only). */
export const OPERATION_MAX_ATTEMPTS = 8;

/** What a new operation is: the account, the move, and who asked for it. */
export interface NewOperation {
  key: string;
  account: { id: number | null; login: string; customer_id: number };
  direction: PlatformOperationDirection;
  /** Exact decimal text above zero. */
  amount: string;
  currencyId: number | null;
  comment: string;
  leverage: number | null;
  transactionId: number | null;
  createdBy: number | null;
}

/**
 * Records an operation (pending, due now) in the caller's transaction: the caller writes its journal
 * entry in the same one, so a move is either recorded and journaled or neither.
 */
export async function insertOperation(trx: Kysely<Database>, input: NewOperation): Promise<OperationRow> {
  return trx
    .insertInto('platform_operations')
    .values({
      idempotency_key: input.key,
      lead_platform_id: input.account.id,
      login: input.account.login,
      customer_id: input.account.customer_id,
      direction: input.direction,
      amount: input.amount,
      currency_id: input.currencyId,
      comment: input.comment,
      leverage: input.leverage,
      transaction_id: input.transactionId,
      created_by: input.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The Turkish words for where an operation stands: the platform's reason, or the retry to come. */
export function operationMessage(row: OperationRow, maxAttempts = OPERATION_MAX_ATTEMPTS): string | null {
  const reason = operationErrorText(row.error_code, row.platform_code);
  if (reason === null || row.state === 'done') return null;
  if (row.state === 'failed') return reason;
  return format(m.retrying, { reason, attempt: row.attempts, max: maxAttempts });
}

/** How the lead's and the transaction's journal name an operation's step. */
export function journalKey(row: Pick<OperationRow, 'direction' | 'login'>): string {
  return format(
    row.direction === 'deposit' ? platformMessages.journalDeposit : platformMessages.journalWithdrawal,
    {
      login: row.login,
    },
  );
}

export function signedAmount(row: Pick<OperationRow, 'direction' | 'amount'>): string {
  return row.direction === 'deposit' ? row.amount : `-${row.amount}`;
}

/**
 * One step of an operation in the journals: the lead's (every operation) and the transaction's (a
 * funding). `agentId` null: the job's own step. Appended only, like every journal entry.
 */
export async function journalOperationStep(
  trx: Kysely<Database>,
  row: OperationRow,
  step: { agentId: number | null; action: string; old: string | null; new: string },
): Promise<void> {
  await trx
    .insertInto('lead_journal')
    .values({
      lead_id: row.customer_id,
      agent_id: step.agentId,
      values: JSON.stringify({ [journalKey(row)]: { old: step.old, new: step.new } }),
    })
    .execute();
  if (row.transaction_id !== null) {
    // A funding never moves the deposit's status: the row states the status it stayed in.
    const deposit = await trx
      .selectFrom('transactions')
      .select('status_id')
      .where('id', '=', row.transaction_id)
      .executeTakeFirst();
    const status = deposit?.status_id ?? null;
    await trx
      .insertInto('transaction_journal')
      .values({
        transaction_id: row.transaction_id,
        agent_id: step.agentId,
        action: step.action,
        values: JSON.stringify({ funding: { old: step.old, new: step.new } }),
        status_before: status,
        status_after: status,
      })
      .execute();
  }
}

/** The journal's words for a new operation: '1000.50 Bekliyor (işlem #12)'. */
export function queuedText(row: OperationRow): string {
  return format(m.journalQueued, {
    amount: `${signedAmount(row)}${row.leverage === null ? '' : ` (1:${row.leverage})`}`,
    state: operationStateLabel(row.state),
    id: row.id,
  });
}

/** The journal's words for a settled one: 'Tamamlandı (işlem #12, ticket 900001)'. */
export function settledText(row: OperationRow): string {
  const reason = row.state === 'failed' ? operationMessage(row) : null;
  const text = format(m.journalSettled, {
    state: operationStateLabel(row.state),
    id: row.id,
    ticket: row.ticket === null ? '' : format(m.journalTicket, { ticket: row.ticket }),
  });
  return reason === null ? text : `${text}: ${reason}`;
}

export function moneyText(amount: string): string {
  return formatDecimalTr(amount) ?? amount;
}

type ViewFilter = { accountId: number } | { transactionId: number } | { ids: readonly number[] };

/** Operations as the API answers them, newest first, with the name of who asked for each. */
export async function operationViews(db: Kysely<Database>, filter: ViewFilter): Promise<PlatformOperation[]> {
  let query = db
    .selectFrom('platform_operations as o')
    .leftJoin('users as u', 'u.id', 'o.created_by')
    .selectAll('o')
    .select(['u.name as created_by_name', sql<string>`o.amount::text`.as('amount_text')])
    .orderBy('o.id', 'desc')
    .limit(PLATFORM_OPERATIONS_LIMIT);
  if ('accountId' in filter) query = query.where('o.lead_platform_id', '=', filter.accountId);
  else if ('transactionId' in filter) query = query.where('o.transaction_id', '=', filter.transactionId);
  else if (filter.ids.length === 0) return [];
  else query = query.where('o.id', 'in', [...filter.ids]);
  const rows = await query.execute();
  return rows.map((row) => toView({ ...row, amount: row.amount_text }, row.created_by_name));
}

export function toView(row: OperationRow, createdByName: string | null): PlatformOperation {
  return {
    id: row.id,
    login: row.login,
    direction: row.direction,
    amount: row.amount,
    currency_id: row.currency_id,
    leverage: row.leverage,
    state: row.state,
    attempts: row.attempts,
    message: operationMessage(row),
    ticket: row.ticket,
    transaction_id: row.transaction_id,
    created_by_name: createdByName,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
