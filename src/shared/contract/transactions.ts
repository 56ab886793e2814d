import { z } from 'zod';
import type { Department } from '../domain/constants';
import { departmentLabel, format } from '../i18n/messages';
import {
  type CallAccess,
  defineCall,
  departmentsOnly,
  noBody,
  noParams,
  recordRow,
  SIGNED_IN,
} from './define';
import { recordId } from './record-id';
import { TRANSACTION_REVERSERS } from '../domain/transaction-state';
import { moneyMessages } from '../i18n/money-messages';
import { transactionMessages as t } from '../i18n/transaction-messages';
import { moneyInput } from './number-inputs';

/**
 * Money instructions (see docs/requirements.md#calls "Transaction actions", "Transaction lead info", "Transaction search").
 * Creation is the generic inline save (table transactions, type insert); a customer's list is the generic
 * table call filtered on customer_id. Every action answers success or the server's Turkish refusal.
 */

/**
 * The amounts of the approval steps, read by the money reader (docs/money.md#reading-amounts) into exact
 * decimal text; the workflow checks their decimals against the currency they are booked in.
 */
const bankAmountInput = moneyInput({ field: moneyMessages.bankAmountLabel });
const platformAmountInput = moneyInput({ field: moneyMessages.platformAmountLabel });

const currencyId = (fallback: number) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? fallback : v), recordId);

const reasonInput = z.string({ error: t.reasonRequired }).trim().min(1, t.reasonRequired).max(2000);
const optionalComment = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const actionAnswer = z.object({ success: z.boolean(), msg: z.string() });
const idParams = z.object({ id: recordId });

/** A step only some departments take (see docs/requirements.md#calls); the others read which department takes it. */
function stepOf(departments: readonly Department[]): CallAccess {
  const names = departments.map(departmentLabel).join(', ');
  return departmentsOnly(departments, format(t.wrongDepartment, { department: names }));
}
const FINANCE_STEP = stepOf(['finance']);
const RISK_STEP = stepOf(['risk']);

/** `access`: SIGNED_IN for changeStatus, whose flow (per status and department) decides on the row. */
function action<B extends z.ZodType>(path: string, body: B, access: CallAccess) {
  return defineCall({
    method: 'POST',
    path: `/transaction/${path}/{id}`,
    encoding: 'form',
    auth: true,
    access,
    notFoundOnInvalidPath: true,
    params: idParams,
    body,
    result: actionAnswer,
  });
}

/** Any next status the flow gives the user's department; 14 and 16 need their amount forms. */
export const transactionChangeStatus = action('changeStatus', z.object({ status_id: recordId }), SIGNED_IN);
export const transactionChangeComment = action(
  'changeComment',
  z.object({ comment: z.string().trim().max(2000) }),
  stepOf(['admin', 'sales_manager', 'finance', 'risk']),
);
/** Finance: the account (IBAN) or wallet the customer pays a deposit into. */
export const transactionDeliveryIban = action(
  'deliveryIban',
  z.object({
    delivery_iban: z.string({ error: t.deliveryRequired }).trim().min(1, t.deliveryRequired).max(500),
  }),
  FINANCE_STEP,
);
/** Finance approves a deposit with the amount that reached the bank (currency default 6). */
export const transactionDepositOk = action(
  'depositOk',
  z.object({ amount_bank: bankAmountInput, bank_currency_id: currencyId(6), comment: optionalComment }),
  FINANCE_STEP,
);
export const transactionDepositCanceled = action(
  'depositCanceled',
  z.object({ comment: optionalComment }),
  FINANCE_STEP,
);
export const transactionDepositBlocked = action(
  'depositBlocked',
  z.object({ comment: reasonInput }),
  FINANCE_STEP,
);
/** Risk approves a deposit with the amount booked on the platform (currency default 1). */
export const transactionRiskOk = action(
  'riskOk',
  z.object({
    amount_platform: platformAmountInput,
    platform_currency_id: currencyId(1),
    comment: optionalComment,
  }),
  RISK_STEP,
);
/** Risk approves a withdrawal (status 16): platform and bank amounts (currencies default 1 and 6). */
export const transactionRiskOkWithdrawal = action(
  'riskOkWithdrawal',
  z.object({
    amount_platform: platformAmountInput,
    platform_currency_id: currencyId(1),
    amount_bank: bankAmountInput,
    bank_currency_id: currencyId(6),
    comment: optionalComment,
  }),
  RISK_STEP,
);
/** Finance approves a withdrawal (status 14) with the bank amount. */
export const transactionFinansOkWithdrawal = action(
  'finansOkWithdrawal',
  z.object({ amount_bank: bankAmountInput, bank_currency_id: currencyId(6), comment: optionalComment }),
  FINANCE_STEP,
);
export const transactionRiskCanceled = action(
  'riskCanceled',
  z.object({ comment: optionalComment }),
  RISK_STEP,
);
export const transactionRiskBlocked = action('riskBlocked', z.object({ comment: reasonInput }), RISK_STEP);

/**
 * POST /transaction/reverse/{id} (ours): a completed transaction is corrected by a new one of the opposite
 * type linked to it, never by editing (docs/money.md, "Immutability and reversal"). Answers its id.
 */
export const transactionReverse = defineCall({
  method: 'POST',
  path: '/transaction/reverse/{id}',
  encoding: 'form',
  auth: true,
  access: stepOf(TRANSACTION_REVERSERS),
  notFoundOnInvalidPath: true,
  params: idParams,
  body: z.object({
    comment: z.string({ error: t.reverseReasonRequired }).trim().min(1, t.reverseReasonRequired).max(2000),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

export const transactionLeadInfoSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  tc: z.string().nullable(),
  address: z.string().nullable(),
  ilce: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
});
export type TransactionLeadInfo = z.infer<typeof transactionLeadInfoSchema>;

/** POST /transaction/leadInfo?trx={id}: the customer of a transaction (fields the user may read). */
export const transactionLeadInfo = defineCall({
  method: 'POST',
  path: '/transaction/leadInfo',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ trx: recordId }),
  body: z.object({ id: recordId.optional() }).optional(),
  result: z.object({ result: transactionLeadInfoSchema }),
});

export const SEARCH_TRX_LIMIT = 100;

/** POST /searchTrx: transactions whose id, login, IBAN, holder, comment or customer name match. */
export const searchTrx = defineCall({
  method: 'POST',
  path: '/searchTrx',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ keyword: z.string().trim().min(1).max(100) }),
  result: z.object({ results: z.array(recordRow) }),
});

export const transactionJournalEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  values: z.record(z.string(), z.object({ old: z.string().nullable(), new: z.string().nullable() })),
  created_at: z.string(),
  /** The status before and after the step (the creation: none before, the status it was created with). */
  status_before: z.number().nullable().default(null),
  status_after: z.number().nullable().default(null),
});
export type TransactionJournalEntry = z.infer<typeof transactionJournalEntrySchema>;

/** POST /transaction/journal/{id}: every step of one transaction, oldest first (creation included). */
export const transactionJournal = defineCall({
  method: 'POST',
  path: '/transaction/journal/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  notFoundOnInvalidPath: true,
  params: idParams,
  body: noBody,
  result: z.object({ results: z.array(transactionJournalEntrySchema) }),
});

export const transactionStatusSchema = z.object({
  id: z.number(),
  label: z.string(),
  flow: z.record(z.string(), z.array(z.number())),
});
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** GET /transaction/statuses: option list 146 with each status's flow (for the next-status buttons). */
export const transactionStatuses = defineCall({
  method: 'GET',
  path: '/transaction/statuses',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(transactionStatusSchema) }),
});

/**
 * GET /transaction/queue (ours): the user's work queue, the statuses whose flow gives the user's
 * department a next step (the default "Bekleyenler" tab), and the hours after which a row is late.
 */
export const transactionQueue = defineCall({
  method: 'GET',
  path: '/transaction/queue',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ statuses: z.array(z.number()), sla_hours: z.number() }),
});

/**
 * POST /transaction/eligibility/{id}: whether instructions can be given for customer {id} (see docs/requirements.md#money-importer-and-lead-input):
 * the missing lead fields (labels), whether it is a customer, and its REAL platform logins.
 */
export const transactionEligibility = defineCall({
  method: 'POST',
  path: '/transaction/eligibility/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  notFoundOnInvalidPath: true,
  params: idParams,
  body: noBody,
  result: z.object({
    is_customer: z.boolean(),
    missing: z.array(z.string()),
    platforms: z.array(z.object({ login: z.string(), whitelabel_id: z.number().nullable() })),
  }),
});
