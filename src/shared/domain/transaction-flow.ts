/**
 * Money instructions (see docs/requirements.md#lead-money-task-and-report-data Transaction, #task-customer-and-money-states states, #money-importer-and-lead-input validation, #constants-and-limits constants) as pure rules:
 * types, gateways, initial statuses, the workspace tabs, the per-status flow (department -> next
 * statuses, option list 146) and the IBAN check. Amounts are read by money-input.ts, as every amount is.
 */

import { IBAN_LENGTH, TRANSACTION_TYPES } from './constants';

// The spec's money constants live in constants.ts (see docs/requirements.md#constants-and-limits); re-exported so money code has one import.
export {
  DEFAULT_BANK_CURRENCY_ID,
  DEFAULT_CURRENCY_ID,
  DEFAULT_PLATFORM_CURRENCY_ID,
  GATEWAYS,
  IBAN_LENGTH,
  TRANSACTION_LIST_LIMIT,
  TRANSACTION_TYPES,
} from './constants';
export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

/** Every status of option list 146: the spec fixes 1, 2, 5, 14, 16 and the tab groups; the rest are ours. */
export const TRX_STATUS = {
  created: 1,
  depositRequested: 2,
  accountSent: 3,
  financeCancelled: 4,
  withdrawalRequested: 5,
  cardPending: 6,
  financeRejected: 7,
  riskCancelled: 8,
  onHold: 9,
  customerWithdrew: 10,
  underReview: 11,
  depositCompleted: 12,
  riskRejected: 13,
  financeApproved: 14,
  paymentSent: 15,
  riskApproved: 16,
} as const;

/** Approval statuses on the row (finance_approve_status, risk_approve_status): 1 up, 2 or more down. */
export const APPROVAL = { approved: 1, cancelled: 2, rejected: 3 } as const;

/** Deposits start at 2, withdrawals at 5, anything else at 1 (see docs/requirements.md#constants-and-limits). */
export function initialStatus(type: string): number {
  if (type === TRANSACTION_TYPES.deposit) return TRX_STATUS.depositRequested;
  if (type === TRANSACTION_TYPES.withdrawal) return TRX_STATUS.withdrawalRequested;
  return TRX_STATUS.created;
}

export function isTransactionType(value: string): value is TransactionType {
  return value === TRANSACTION_TYPES.deposit || value === TRANSACTION_TYPES.withdrawal;
}

// ---- Workspace tabs (see docs/requirements.md#task-customer-and-money-states) ---------------------------------------------------------------

/**
 * The workspace tabs: `pending` is the user's work queue (docs/money.md#work-queues, its statuses come
 * from the flows), `spec` keeps the spec's fixed pending lists as a filter so nothing the spec shows is lost.
 */
export const TRANSACTION_TABS = ['all', 'pending', 'completed', 'cancelled', 'spec'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** Columns the money screens ask for (the server still answers only those the user may list). */
export const TRANSACTION_COLUMNS = [
  'id',
  'customer_id',
  'type',
  'gateway_id',
  'amount',
  'currency_id',
  'amount_bank',
  'bank_currency_id',
  'amount_platform',
  'platform_currency_id',
  'login',
  'iban',
  'iban_name',
  'delivery_iban',
  'comment',
  'status_id',
  'finance_approve_status',
  'risk_approve_status',
  'created_at',
  'reverses_id',
  'locked_at',
] as const;

export const PENDING_STATUSES: readonly number[] = [4, 7, 8, 12, 13, 14];
export const COMPLETED_STATUSES: readonly number[] = [12, 14];
export const CANCELLED_STATUSES: readonly number[] = [4, 7, 8, 13];
export const RISK_PENDING_STATUSES: readonly number[] = [1, 2, 4, 7, 8, 13, 14, 16];
export const FINANCE_PENDING_STATUSES: readonly number[] = [3, 4, 5, 7, 8, 12, 13, 14];

/** The spec's pending list of a department (the "Spec listesi" tab). */
export function specPendingStatuses(department: string): readonly number[] {
  if (department === 'risk') return RISK_PENDING_STATUSES;
  if (department === 'finance') return FINANCE_PENDING_STATUSES;
  return PENDING_STATUSES;
}

/** The statuses a tab lists; null: every status (tab all). `queue`: the user's work queue's statuses. */
export function tabStatuses(
  tab: TransactionTab,
  department: string,
  queue: readonly number[] = [],
): readonly number[] | null {
  switch (tab) {
    case 'all':
      return null;
    case 'completed':
      return COMPLETED_STATUSES;
    case 'cancelled':
      return CANCELLED_STATUSES;
    case 'pending':
      return queue;
    case 'spec':
      return specPendingStatuses(department);
  }
}

// ---- Flows (option list 146: department -> allowed next statuses) ------------------------------

export type StatusFlow = Readonly<Record<string, readonly number[]>>;

const S = TRX_STATUS;
const FINANCE_DECISIONS = [S.financeApproved, S.financeCancelled, S.financeRejected];
const RISK_DECISIONS = [S.depositCompleted, S.riskApproved, S.riskCancelled, S.riskRejected];
const CLOSED_REOPEN: StatusFlow = { admin: [S.underReview] };

/** The flows the seed writes into option list 146; admins may change them as data afterwards. */
export const DEFAULT_STATUS_FLOWS: Readonly<Record<number, StatusFlow>> = {
  [S.created]: {
    finance: [S.depositRequested, S.withdrawalRequested, S.financeCancelled],
    admin: [S.customerWithdrew],
  },
  [S.depositRequested]: {
    finance: [...FINANCE_DECISIONS, S.accountSent, S.cardPending, S.onHold],
    admin: [S.customerWithdrew],
    sales_manager: [S.customerWithdrew],
  },
  [S.accountSent]: { finance: [...FINANCE_DECISIONS, S.onHold], admin: [S.customerWithdrew] },
  [S.withdrawalRequested]: {
    finance: [...FINANCE_DECISIONS, S.onHold],
    admin: [S.customerWithdrew],
    sales_manager: [S.customerWithdrew],
  },
  [S.cardPending]: { finance: [...FINANCE_DECISIONS, S.onHold], admin: [S.customerWithdrew] },
  [S.onHold]: { finance: [...FINANCE_DECISIONS], admin: [S.customerWithdrew] },
  [S.underReview]: { finance: [...FINANCE_DECISIONS], admin: [S.customerWithdrew] },
  [S.financeApproved]: { risk: [...RISK_DECISIONS], admin: [S.underReview] },
  [S.riskApproved]: { finance: [S.paymentSent], admin: [S.underReview] },
  [S.financeCancelled]: CLOSED_REOPEN,
  [S.financeRejected]: CLOSED_REOPEN,
  [S.riskCancelled]: CLOSED_REOPEN,
  [S.riskRejected]: CLOSED_REOPEN,
  [S.customerWithdrew]: CLOSED_REOPEN,
  [S.depositCompleted]: {},
  [S.paymentSent]: {},
};

/** A flow as stored (JSON text or value); null when it is not an object of department -> status ids. */
export function parseStatusFlow(raw: unknown): StatusFlow | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const flow: Record<string, number[]> = {};
  for (const [department, next] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(next)) return null;
    const ids = next.map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item));
    if (!ids.every((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
      return null;
    }
    flow[department] = ids;
  }
  return flow;
}

/** The next statuses the flow allows a department (the buttons it sees). */
export function nextStatuses(flow: StatusFlow | null | undefined, department: string): readonly number[] {
  if (!flow || !Object.hasOwn(flow, department)) return [];
  return flow[department] ?? [];
}

export function flowAllows(flow: StatusFlow | null | undefined, department: string, next: number): boolean {
  return nextStatuses(flow, department).includes(next);
}

/**
 * Next statuses that need amounts and so have their own forms (see docs/requirements.md#task-customer-and-money-states): 14 finance's bank amount,
 * 16 risk's platform and bank amounts. Every other choice goes straight to changeStatus.
 */
export const FORM_STATUSES = { financeAmount: S.financeApproved, riskAmounts: S.riskApproved } as const;

// ---- IBAN (see docs/requirements.md#money-importer-and-lead-input, ISO 13616) --------------------------------------------------------------

const TR_IBAN = /^TR\d{2}\d{5}[A-Z0-9]\d{16}$/;

/** Spaces removed and upper case, the way people paste an IBAN. */
export function normalizeIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616 mod-97: the first four characters moved to the end, letters as 10-35, remainder 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z0-9]{5,34}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A Turkish IBAN: 26 characters of the spec's pattern with a valid check. */
export function isValidTrIban(text: string): boolean {
  const iban = normalizeIban(text);
  return iban.length === IBAN_LENGTH && TR_IBAN.test(iban) && ibanChecksumValid(iban);
}
