/**
 * The state machine of a money instruction, as pure rules both sides use (docs/money.md#state-machine):
 * which statuses fit which type, which steps own which statuses, what a status requires of the
 * approvals, which fields lock once finance has approved, and which statuses are a department's queue.
 * The flows of option list 146 (admin data) say who may move where; these rules hold whatever they say.
 */

import type { Department } from './constants';
import {
  APPROVAL,
  nextStatuses,
  TRANSACTION_TYPES,
  TRX_STATUS as S,
  type StatusFlow,
} from './transaction-flow';

const DEPOSIT = TRANSACTION_TYPES.deposit;
const WITHDRAWAL = TRANSACTION_TYPES.withdrawal;

/** Statuses that only a deposit can be in (account sent, card payment, completed) and only a withdrawal. */
const DEPOSIT_ONLY: ReadonlySet<number> = new Set([
  S.depositRequested,
  S.accountSent,
  S.cardPending,
  S.depositCompleted,
]);
const WITHDRAWAL_ONLY: ReadonlySet<number> = new Set([S.withdrawalRequested, S.riskApproved, S.paymentSent]);

/** Whether a transaction of this type may ever be in this status. */
export function statusFitsType(status: number, type: string): boolean {
  if (DEPOSIT_ONLY.has(status)) return type === DEPOSIT;
  if (WITHDRAWAL_ONLY.has(status)) return type === WITHDRAWAL;
  return true;
}

/** The next statuses the flow gives a department for a transaction of this type (the buttons it sees). */
export function nextStatusesFor(
  flow: StatusFlow | null | undefined,
  department: string,
  type: string,
): readonly number[] {
  return nextStatuses(flow, department).filter((status) => statusFitsType(status, type));
}

/** The workflow steps, by the names of the spec's calls (POST /transaction/{step}/{id}). */
export type TransactionStep =
  | 'changeStatus'
  | 'changeComment'
  | 'deliveryIban'
  | 'depositOk'
  | 'depositCanceled'
  | 'depositBlocked'
  | 'riskOk'
  | 'riskOkWithdrawal'
  | 'finansOkWithdrawal'
  | 'riskCanceled'
  | 'riskBlocked';

/**
 * Statuses a decision step owns: reaching them records an approval, a cancellation or a rejection, so a
 * plain status change never reaches them. Cancelling and rejecting need no amounts, so a spec client's
 * changeStatus to them runs the step itself; approving needs the amount forms.
 */
export function stepOwningStatus(status: number, type: string): TransactionStep | null {
  switch (status) {
    case S.financeApproved:
      return type === DEPOSIT ? 'depositOk' : 'finansOkWithdrawal';
    case S.financeCancelled:
      return 'depositCanceled';
    case S.financeRejected:
      return 'depositBlocked';
    case S.depositCompleted:
      return 'riskOk';
    case S.riskApproved:
      return 'riskOkWithdrawal';
    case S.riskCancelled:
      return 'riskCanceled';
    case S.riskRejected:
      return 'riskBlocked';
    default:
      return null;
  }
}

/** Steps that need amounts from a form: a plain status change to their status is refused. */
export const AMOUNT_STEPS: ReadonlySet<TransactionStep> = new Set([
  'depositOk',
  'finansOkWithdrawal',
  'riskOk',
  'riskOkWithdrawal',
]);

/** The approval state of a row, as the invariants read it. */
export interface ApprovalState {
  readonly type: string;
  readonly status_id: number;
  readonly finance_approve_status: number | null;
  readonly risk_approve_status: number | null;
}

/**
 * What a status requires of the approvals recorded on the row: finance approved for 14; finance and risk
 * approved for 16, 12 and 15. null when the row is consistent, else why not (for the log and the tests).
 */
export function approvalViolation(row: ApprovalState): string | null {
  if (!statusFitsType(row.status_id, row.type)) return 'status does not fit the type';
  const financeOk = row.finance_approve_status === APPROVAL.approved;
  const riskOk = row.risk_approve_status === APPROVAL.approved;
  switch (row.status_id) {
    case S.financeApproved:
      return financeOk ? null : 'finance approval missing';
    case S.riskApproved:
    case S.depositCompleted:
    case S.paymentSent:
      if (!financeOk) return 'finance approval missing';
      return riskOk ? null : 'risk approval missing';
    default:
      return null;
  }
}

/** Statuses that end a transaction's life: nothing moves out of them and nothing in them is edited. */
export const FINAL_STATUSES: ReadonlySet<number> = new Set([S.depositCompleted, S.paymentSent]);

/**
 * Fields that say what money moves where: read-only once finance has approved (docs/money.md, section
 * "Immutability and reversal"). A wrong completed transaction is corrected by a reversing one.
 */
export const LOCKED_MONEY_FIELDS: readonly string[] = [
  'type',
  'amount',
  'currency_id',
  'gateway_id',
  'customer_id',
  'login',
  'iban',
  'iban_name',
  'delivery_iban',
  'lead_remitter_id',
];

/** Fields nobody edits after the creation: what kind of instruction it is and whose it is. */
export const CREATION_ONLY_FIELDS: readonly string[] = ['type', 'customer_id'];

/**
 * Whether the money fields of a row are locked: finance has approved it (now, or ever: `locked_at` is
 * set at the first approval and never cleared), or it is final.
 */
export function moneyLocked(
  row: Pick<ApprovalState, 'status_id' | 'finance_approve_status'> & { readonly locked_at?: unknown },
): boolean {
  return (
    (row.locked_at !== null && row.locked_at !== undefined) ||
    row.finance_approve_status === APPROVAL.approved ||
    FINAL_STATUSES.has(row.status_id)
  );
}

/** Departments that may open a transaction's edit form and its Detay link. */
export const TRANSACTION_EDITORS: readonly Department[] = ['admin', 'sales_manager'];

export function isTransactionEditor(department: string): boolean {
  return (TRANSACTION_EDITORS as readonly string[]).includes(department);
}

/** Departments that may reverse a completed transaction (docs/money.md, "Immutability and reversal"). */
export const TRANSACTION_REVERSERS: readonly Department[] = ['admin', 'finance'];

/** Whether a transaction can be reversed: completed, not itself a reversal's target twice. */
export function reversible(row: { status_id: number; reversed_by_id?: number | null }): boolean {
  return FINAL_STATUSES.has(row.status_id) && (row.reversed_by_id ?? null) === null;
}

/** The opposite type: a deposit is reversed by a withdrawal and the other way round. */
export function reversingType(type: string): string {
  return type === DEPOSIT ? WITHDRAWAL : DEPOSIT;
}

/**
 * A department's work queue: the statuses whose flow gives it a next step (docs/money.md#work-queues).
 * Every status of a type fits some next step of that type, so the statuses alone say it.
 */
export function queueStatuses(
  statuses: readonly { readonly id: number; readonly flow: StatusFlow }[],
  department: string,
): number[] {
  return statuses
    .filter(
      (status) =>
        nextStatusesFor(status.flow, department, DEPOSIT).length > 0 ||
        nextStatusesFor(status.flow, department, WITHDRAWAL).length > 0,
    )
    .map((status) => status.id);
}

/** Default hours after which a row waiting in a queue is marked late (TRANSACTION_SLA_HOURS). */
export const DEFAULT_TRANSACTION_SLA_HOURS = 24;

/** Default days an instruction may be back-dated (TRANSACTION_BACKDATE_DAYS). */
export const DEFAULT_BACKDATE_DAYS = 31;
