import { z } from 'zod';
import {
  DEFAULT_LEVERAGE,
  PLATFORM_AMOUNT_DECIMALS,
  parsePlatformType,
  PLATFORM_LEVERAGE_MAX,
  PLATFORM_LEVERAGE_MIN,
  PLATFORM_LOGIN_PATTERN,
  type PlatformAccountType,
} from '../domain';
import { PLATFORM_OPERATION_DIRECTIONS, PLATFORM_OPERATION_STATES } from '../domain/platform-operations';
import { moneyMessages } from '../i18n/money-messages';
import { platformMessages } from '../i18n/platform-messages';
import { platformOperationMessages } from '../i18n/platform-operation-messages';
import { defineCall, departmentsOnly, noParams, SIGNED_IN } from './define';
import { integerInput, moneyInput } from './number-inputs';
import { recordId } from './record-id';

/**
 * Trading-platform accounts of a customer (see docs/requirements.md#lead-workspace-and-work-screens platformlar, #calls "Trading account calls"). The
 * account list itself is table data (POST /table/lead_platforms filtered on customer_id); these calls
 * open an account and read or move money on one, whichever platform the server runs (MT5 or its ledger).
 */

const loginInput = z
  .union([z.string(), z.number()], { error: platformMessages.loginRequired })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, platformMessages.loginRequired)
      .regex(PLATFORM_LOGIN_PATTERN, platformMessages.loginInvalid),
  );

const typeInput = z
  .string({ error: platformMessages.typeInvalid })
  .transform((text, context): PlatformAccountType => {
    const type = parsePlatformType(text);
    if (type === null) {
      context.addIssue({ code: 'custom', message: platformMessages.typeInvalid });
      return z.NEVER;
    }
    return type;
  });

/** A form's unused select sends ''. */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional());

/**
 * Which account a call is about: login and type as the spec sends them; id (the lead_platforms row,
 * ours) tells apart the rare same login on two whitelabels.
 */
const accountInput = z.object({ login: loginInput, type: typeInput, id: optionalId });

/** Free text (see docs/requirements.md#money-importer-and-lead-input) read by the money reader (docs/money.md#reading-amounts); never a float. */
const amountInput = moneyInput({ field: moneyMessages.amountLabel, decimals: PLATFORM_AMOUNT_DECIMALS });

const leverageInput = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? DEFAULT_LEVERAGE : v),
  integerInput(
    z
      .number({ error: platformMessages.leverageInvalid })
      .int(platformMessages.leverageInvalid)
      .min(PLATFORM_LEVERAGE_MIN, platformMessages.leverageInvalid)
      .max(PLATFORM_LEVERAGE_MAX, platformMessages.leverageInvalid),
  ),
);

/** Money and prices come as exact decimal strings, times as 'YYYY-MM-DD HH:mm:ss'. */
const decimalText = z.string();
const timeText = z.string().nullable();

export const platformInfoSchema = z.object({
  Login: z.string(),
  Name: z.string(),
  Registration: timeText,
  LastAccess: timeText,
  LastPassChange: timeText,
  Group: z.string(),
  Balance: decimalText,
  Credit: decimalText,
  Equity: decimalText,
  Leverage: z.number(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

export const openPositionSchema = z.object({
  Login: z.string(),
  Position: z.string(),
  Symbol: z.string(),
  /** 0 buy, 1 sell. */
  Action: z.number(),
  /** In thousandths of a lot: shown divided by 1000 (see docs/requirements.md#constants-and-limits). */
  Volume: z.number(),
  TimeCreate: timeText,
  PriceOpen: decimalText,
  PriceSL: decimalText,
  PriceTP: decimalText,
  PriceCurrent: decimalText,
  Storage: decimalText,
  Profit: decimalText,
});
export type OpenPosition = z.infer<typeof openPositionSchema>;

export const pendingOrderSchema = z.object({
  Order: z.string(),
  Symbol: z.string(),
  /** 2 buy limit, 3 sell limit (0-5 as MT5 numbers them). */
  Type: z.number(),
  VolumeCurrent: z.number(),
  TimeSetup: timeText,
  PriceOrder: decimalText,
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const closedPositionSchema = z.object({
  Deal: z.string(),
  Symbol: z.string(),
  Action: z.number(),
  VolumeClosed: z.number(),
  Time: timeText,
  Profit: decimalText,
});
export type ClosedPosition = z.infer<typeof closedPositionSchema>;

export const balanceDealSchema = z.object({
  Deal: z.string(),
  Comment: z.string(),
  Time: timeText,
  /** The amount: positive for a deposit, negative for a withdrawal. */
  Profit: decimalText,
});
export type BalanceDeal = z.infer<typeof balanceDealSchema>;

function accountCall<const P extends string, R extends z.ZodType>(path: P, result: R) {
  return defineCall({
    method: 'POST',
    path,
    encoding: 'json',
    auth: true,
    access: SIGNED_IN,
    params: noParams,
    body: accountInput,
    result: z.object({ result }),
  });
}

/** POST /mt5/getPlatformInfo: Name, Registration, LastAccess, LastPassChange, Group, Balance (and more). */
export const getPlatformInfo = accountCall('/mt5/getPlatformInfo', platformInfoSchema);
/** POST /mt5/getUserOpenPositions. */
export const getUserOpenPositions = accountCall('/mt5/getUserOpenPositions', z.array(openPositionSchema));
/** POST /mt5/getUserPendingOrders. */
export const getUserPendingOrders = accountCall('/mt5/getUserPendingOrders', z.array(pendingOrderSchema));
/** POST /mt5/getUserClosedPositions: deals that closed a position, newest first. */
export const getUserClosedPositions = accountCall(
  '/mt5/getUserClosedPositions',
  z.array(closedPositionSchema),
);
/** POST /mt5/getUserDeposit: balance deals above zero, newest first. */
export const getUserDeposit = accountCall('/mt5/getUserDeposit', z.array(balanceDealSchema));
/** POST /mt5/getUserWithdrawal: balance deals below zero, newest first. */
export const getUserWithdrawal = accountCall('/mt5/getUserWithdrawal', z.array(balanceDealSchema));

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max).optional());

/**
 * POST /mt5/createPlatform: opens the account on the platform and records it for the customer. name,
 * phone and email default to the lead's own. The MT5 passwords are answered once, never stored.
 */
export const createPlatform = defineCall({
  method: 'POST',
  path: '/mt5/createPlatform',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'customer_id',
  params: noParams,
  body: z.object({
    customer_id: recordId,
    login: loginInput,
    type: typeInput,
    whitelabel_id: optionalId,
    name: optionalText(128),
    phone: optionalText(32),
    email: optionalText(128),
  }),
  result: z.object({
    success: z.boolean(),
    msg: z.string(),
    id: z.number(),
    login: z.string(),
    password: z.string().optional(),
    investor_password: z.string().optional(),
  }),
});

/**
 * A money move on a trading account as the CRM recorded it (docs/money.md#platform-operations): the
 * platform's ticket once done, the platform's reason in Turkish (`message`) once refused or while a
 * transient failure is retried. Amounts are exact decimal text.
 */
export const platformOperationSchema = z.object({
  id: z.number(),
  login: z.string(),
  direction: z.enum(PLATFORM_OPERATION_DIRECTIONS),
  amount: decimalText,
  currency_id: z.number().nullable(),
  /** null: the account kept its own leverage. */
  leverage: z.number().nullable(),
  state: z.enum(PLATFORM_OPERATION_STATES),
  attempts: z.number(),
  message: z.string().nullable(),
  ticket: z.string().nullable(),
  /** The deposit (transaction) this operation funds, if any. */
  transaction_id: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlatformOperation = z.infer<typeof platformOperationSchema>;

/** POST /mt5/getPlatformOperations: the account's platform operations, newest first (at most 100). */
export const getPlatformOperations = accountCall(
  '/mt5/getPlatformOperations',
  z.array(platformOperationSchema),
);
export const PLATFORM_OPERATIONS_LIMIT = 100;

/** Money moves on a platform account are the risk department's (see docs/requirements.md#calls). */
const MONEY_MOVERS = departmentsOnly(['risk'], platformMessages.onlyRisk);
/**
 * A client's own key for one request (a dialog's), so a request sent twice records one operation.
 * Optional: without it every request is a new operation.
 */
const requestKeyInput = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: platformOperationMessages.requestKeyInvalid })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, platformOperationMessages.requestKeyInvalid)
    .optional(),
);
const moneyBody = accountInput.extend({
  amount: amountInput,
  leverage: leverageInput,
  idempotency_key: requestKeyInput,
});
/**
 * The spec's answer (success, msg) and the recorded operation. The move is sent to the platform by a
 * job, so the answer comes at once with the operation pending; `ticket` is there only when the
 * operation is already done (a request repeated with its key), else it is read later from the operation.
 */
const moneyResult = z.object({
  success: z.boolean(),
  msg: z.string(),
  operation: platformOperationSchema,
  ticket: z.string().optional(),
});

/** POST /mt5/createDeposit: risk only; amount free text, leverage 100 by default (see docs/requirements.md#money-importer-and-lead-input, #departments-and-permissions). */
export const createDeposit = defineCall({
  method: 'POST',
  path: '/mt5/createDeposit',
  encoding: 'form',
  auth: true,
  access: MONEY_MOVERS,
  params: noParams,
  body: moneyBody,
  result: moneyResult,
});

/** POST /mt5/createWithdrawal: risk only; refused when the balance does not cover it. */
export const createWithdrawal = defineCall({
  method: 'POST',
  path: '/mt5/createWithdrawal',
  encoding: 'form',
  auth: true,
  access: MONEY_MOVERS,
  params: noParams,
  body: moneyBody,
  result: moneyResult,
});
