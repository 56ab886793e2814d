import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { APPROVAL, TRX_STATUS as S, TRANSACTION_TYPES } from '../../../shared/domain/transaction-flow';
import {
  AMOUNT_STEPS,
  approvalViolation,
  FINAL_STATUSES,
  nextStatusesFor,
  stepOwningStatus,
} from '../../../shared/domain/transaction-state';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { departmentLabel, format } from '../../../shared/i18n/messages';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database, TransactionsTable } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import { optionValueExists } from '../../engine/record-writer';
import type { TableRegistry } from '../../engine/registry';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { AfterStep } from './after-step';
import { checkBookedAmounts } from './money-amounts';
import { loadStatus } from './status-flows';

export const TRANSACTIONS_TABLE = 'transactions';

export type TransactionRow = Selectable<TransactionsTable>;
type Changes = Updateable<TransactionsTable>;

/** What an action needs from the request (already validated by the contract). */
export interface ActionInput {
  status_id?: number;
  comment?: string | undefined;
  delivery_iban?: string;
  amount_bank?: string;
  bank_currency_id?: number;
  amount_platform?: string;
  platform_currency_id?: number;
}

/**
 * One explicit step of docs/requirements.md#calls: who may take it, on which type, to which status (checked against the
 * flow of the current status), and what it writes. `to` null: the step keeps the status (comment, delivery).
 */
interface ActionSpec {
  readonly departments: readonly string[] | 'flow';
  readonly type?: string;
  readonly to: ((row: TransactionRow, input: ActionInput) => number) | null;
  /** Steps that keep the status are allowed only in these statuses. */
  readonly inStatuses?: readonly number[];
  readonly riskStep?: boolean;
  readonly changes: (input: ActionInput, now: string) => Changes;
}

const commentChange = (input: ActionInput): Changes =>
  input.comment !== undefined ? { comment: input.comment } : {};

const bankAmounts = (input: ActionInput): Changes => ({
  amount_bank: input.amount_bank ?? null,
  bank_currency_id: input.bank_currency_id ?? null,
});
const platformAmounts = (input: ActionInput): Changes => ({
  amount_platform: input.amount_platform ?? null,
  platform_currency_id: input.platform_currency_id ?? null,
});
const noAmounts = (): Changes => ({});

/** A finance decision: its approval status and date, the amounts it books, and the comment if one came. */
const financeDecision =
  (approval: number, amounts: (input: ActionInput) => Changes = noAmounts) =>
  (input: ActionInput, now: string): Changes => ({
    ...amounts(input),
    finance_approve_status: approval,
    finance_approve_date: now,
    ...commentChange(input),
  });

/** A risk decision, as finance's with the risk columns. */
const riskDecision =
  (approval: number, amounts: (input: ActionInput) => Changes = noAmounts) =>
  (input: ActionInput, now: string): Changes => ({
    ...amounts(input),
    risk_approve_status: approval,
    risk_approve_date: now,
    ...commentChange(input),
  });

const FINANCE = ['finance'];
const RISK = ['risk'];

export const ACTIONS = {
  changeStatus: {
    departments: 'flow',
    to: (_row, input) => input.status_id ?? 0,
    changes: () => ({}),
  },
  changeComment: {
    departments: ['admin', 'sales_manager', 'finance', 'risk'],
    to: null,
    changes: (input) => ({ comment: input.comment ?? '' }),
  },
  deliveryIban: {
    departments: FINANCE,
    type: TRANSACTION_TYPES.deposit,
    to: null,
    inStatuses: [S.depositRequested, S.accountSent, S.cardPending, S.onHold, S.underReview],
    changes: (input) => ({ delivery_iban: input.delivery_iban ?? null }),
  },
  depositOk: {
    departments: FINANCE,
    type: TRANSACTION_TYPES.deposit,
    to: () => S.financeApproved,
    changes: financeDecision(APPROVAL.approved, bankAmounts),
  },
  depositCanceled: {
    departments: FINANCE,
    to: () => S.financeCancelled,
    changes: financeDecision(APPROVAL.cancelled),
  },
  depositBlocked: {
    departments: FINANCE,
    to: () => S.financeRejected,
    changes: financeDecision(APPROVAL.rejected),
  },
  finansOkWithdrawal: {
    departments: FINANCE,
    type: TRANSACTION_TYPES.withdrawal,
    to: () => S.financeApproved,
    changes: financeDecision(APPROVAL.approved, bankAmounts),
  },
  riskOk: {
    departments: RISK,
    type: TRANSACTION_TYPES.deposit,
    riskStep: true,
    to: () => S.depositCompleted,
    changes: riskDecision(APPROVAL.approved, platformAmounts),
  },
  riskOkWithdrawal: {
    departments: RISK,
    type: TRANSACTION_TYPES.withdrawal,
    riskStep: true,
    to: () => S.riskApproved,
    changes: riskDecision(APPROVAL.approved, (input) => ({
      ...platformAmounts(input),
      ...bankAmounts(input),
    })),
  },
  riskCanceled: {
    departments: RISK,
    riskStep: true,
    to: () => S.riskCancelled,
    changes: riskDecision(APPROVAL.cancelled),
  },
  riskBlocked: {
    departments: RISK,
    riskStep: true,
    to: () => S.riskRejected,
    changes: riskDecision(APPROVAL.rejected),
  },
} as const satisfies Record<string, ActionSpec>;

export type ActionName = keyof typeof ACTIONS;

export interface ActionOutcome {
  readonly before: TransactionRow;
  readonly after: TransactionRow;
  /** The step taken: a status change to a decision's status runs that decision. */
  readonly step: ActionName;
}

function departmentsText(departments: readonly string[]): string {
  return departments.map(departmentLabel).join(', ');
}

function journalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

async function checkCurrencies(db: Kysely<Database>, input: ActionInput): Promise<void> {
  for (const id of [input.bank_currency_id, input.platform_currency_id]) {
    if (id !== undefined && !(await optionValueExists(db, OPTION_LIST_IDS.currencies, id))) {
      throw DomainError.invalid(t.currencyInvalid);
    }
  }
}

/**
 * The step a call really takes: a plain status change (already checked against the flow) to a status
 * that a decision owns runs that decision, so its approval fields are recorded; where the decision needs
 * amounts, it is refused and the amount form must be used.
 */
function owningStep(name: ActionName, row: TransactionRow, input: ActionInput): ActionName | null {
  if (name !== 'changeStatus' || input.status_id === undefined) return null;
  const owner = stepOwningStatus(input.status_id, row.type);
  if (owner === null || owner === 'changeStatus') return null;
  if (AMOUNT_STEPS.has(owner)) throw DomainError.invalid(t.amountFormRequired);
  return owner;
}

/** The checks of one step against the locked row; throws the refusal the user reads. */
async function checkStep(
  trx: Kysely<Database>,
  spec: ActionSpec,
  user: EngineUser,
  row: TransactionRow,
  input: ActionInput,
): Promise<number> {
  const current = await loadStatus(trx, row.status_id);
  // Nothing moves out of a final status, whatever an edited flow says (docs/money.md#state-machine).
  if (spec.to !== null && FINAL_STATUSES.has(row.status_id)) throw DomainError.conflict(t.finalStatus);
  const allowed = nextStatusesFor(current.flow, user.department, row.type);
  if (spec.departments === 'flow') {
    if (allowed.length === 0) {
      throw DomainError.forbidden(format(t.statusNotAllowed, { status: current.label }));
    }
  } else if (!spec.departments.includes(user.department)) {
    throw DomainError.forbidden(format(t.wrongDepartment, { department: departmentsText(spec.departments) }));
  }
  if (spec.type !== undefined && row.type !== spec.type) {
    throw DomainError.invalid(spec.type === TRANSACTION_TYPES.deposit ? t.notDeposit : t.notWithdrawal);
  }
  if (spec.to === null) {
    if (spec.inStatuses && !spec.inStatuses.includes(row.status_id)) {
      throw DomainError.conflict(format(t.statusNotAllowed, { status: current.label }));
    }
    return row.status_id;
  }
  const next = spec.to(row, input);
  if (spec.riskStep) {
    if (row.finance_approve_status !== APPROVAL.approved) throw DomainError.conflict(t.financeNotApproved);
    // Risk decides while its status is empty or 0 (docs/money.md#state-machine).
    if (row.risk_approve_status !== null && row.risk_approve_status !== 0) {
      throw DomainError.conflict(t.riskAlreadyDecided);
    }
  }
  if (!allowed.includes(next)) {
    throw DomainError.conflict(format(t.statusNotAllowed, { status: current.label }));
  }
  return next;
}

/** Reopening for review (11) hands the row back to finance: a risk decision taken before is void. */
function reopenChanges(row: TransactionRow, next: number): Changes {
  if (next !== S.underReview || row.risk_approve_status === null) return {};
  return { risk_approve_status: null, risk_approve_date: null };
}

/**
 * Runs one step in one database transaction: the row is locked (FOR UPDATE, inside the user's scope, else
 * the same 404 as a missing one), department, type, current status and flow are checked on the locked
 * row, then the change and its journal entry (actor, old and new values) are written together. Two people
 * clicking at once queue on the lock; the second sees the new status and is refused.
 */
export async function runAction(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  name: ActionName,
  id: number,
  input: ActionInput,
  afterStep?: AfterStep,
): Promise<ActionOutcome> {
  const access = await resolveTableAccess(db, registry, user, TRANSACTIONS_TABLE);
  await checkCurrencies(db, input);
  await checkBookedAmounts(db, input);
  return db.transaction().execute(async (trx) => {
    const where = and([sql<boolean>`${column('id')} = ${id}`, access.scope]);
    // The lead before the row, the order its delete takes: the totals trigger locks it too (migration 022).
    await sql`select 1 from leads where id = (select customer_id from transactions where id = ${id})
      for share`.execute(trx);
    const { rows } = await sql<TransactionRow>`select * from transactions where ${where} for update`.execute(
      trx,
    );
    const before = rows[0];
    if (!before) throw recordNotFound();
    let step: ActionName = name;
    let spec: ActionSpec = ACTIONS[name];
    let next = await checkStep(trx, spec, user, before, input);
    const owner = owningStep(name, before, input);
    if (owner !== null) {
      step = owner;
      spec = ACTIONS[owner];
      next = await checkStep(trx, spec, user, before, input);
    }
    const now = await sql<{ now: string }>`select date_trunc('second', localtimestamp)::text as now`.execute(
      trx,
    );
    const changes: Changes = {
      ...spec.changes(input, now.rows[0]?.now ?? ''),
      ...reopenChanges(before, next),
    };
    if (next !== before.status_id) changes.status_id = next;
    // A withdrawal's reason was required when it was given; a comment step cannot empty it.
    if (step === 'changeComment' && before.type === TRANSACTION_TYPES.withdrawal && !input.comment?.trim()) {
      throw DomainError.invalid(t.commentRequired);
    }
    if (changes.finance_approve_status === APPROVAL.approved && before.locked_at === null) {
      changes.locked_at = changes.finance_approve_date ?? null;
    }
    // Whatever the flows say (admins edit them as data), a status never stands without its approvals.
    const violation = approvalViolation({ ...before, ...changes } as TransactionRow);
    if (violation !== null) {
      throw DomainError.conflict(violation.startsWith('status') ? t.statusNotForType : t.approvalsMissing);
    }
    const after = await trx
      .updateTable('transactions')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const values: Record<string, { old: string | null; new: string | null }> = {};
    for (const key of Object.keys(changes) as (keyof TransactionRow & keyof Changes)[]) {
      const old = journalText(before[key]);
      const now = journalText(after[key]);
      if (old !== now) values[key] = { old, new: now };
    }
    await trx
      .insertInto('transaction_journal')
      .values({
        transaction_id: id,
        agent_id: user.id,
        action: step,
        values: JSON.stringify(values),
        status_before: before.status_id,
        status_after: after.status_id,
      })
      .execute();
    // Hook point (after-step.ts): work that commits or rolls back with this step.
    await afterStep?.(trx, { name: step, user, before, after });
    return { before, after, step };
  });
}
