import { z } from 'zod';
import { MONTHLY_REPORT_YEARS } from '../domain/report-months';
import { TRANSACTION_TYPES } from '../domain/constants';
import { periodicReportMessages as p } from '../i18n/periodic-report-messages';
import { blankToUndefined } from './blank';
import { defineCall, noParams, SIGNED_IN } from './define';
import { excelFileSchema } from './export';
import { integerInput } from './number-inputs';

/** Which transactions the money measures count: every instruction, or only completed ones (12, 14). */
export const MONTHLY_TRX_SCOPES = ['all', 'completed'] as const;
export type MonthlyTrxScope = (typeof MONTHLY_TRX_SCOPES)[number];

const year = integerInput(
  z
    .number({ message: p.yearInvalid })
    .int(p.yearInvalid)
    .min(MONTHLY_REPORT_YEARS.min, p.yearInvalid)
    .max(MONTHLY_REPORT_YEARS.max, p.yearInvalid),
);

export const monthlyReportBody = z
  .object({
    /** Default: the current year of the server. */
    year: z.preprocess(blankToUndefined, year.optional()),
    trx: z.preprocess(blankToUndefined, z.enum(MONTHLY_TRX_SCOPES).default('all')),
  })
  .default({ trx: 'all' });
export type MonthlyReportBody = z.output<typeof monthlyReportBody>;

/** Count and exact sums (decimal text, per currency id) of one kind of transaction in one month. */
export const moneyMeasureSchema = z.object({
  count: z.number(),
  sums: z.record(z.string(), z.string()),
});
export type MoneyMeasure = z.infer<typeof moneyMeasureSchema>;

/**
 * The measures of one month. A measure is null when the user may not read what it counts (the field on
 * leads, or the transactions table): hidden, never zero.
 */
export const monthlyMeasuresSchema = z.object({
  /** Leads created in the month. */
  leads: z.number().nullable(),
  /** Leads that became customers in the month (customer_set_date). */
  conversions: z.number().nullable(),
  /** Leads whose first fund fell in the month (first_fund_date). */
  first_funds: z.number().nullable(),
  deposits: moneyMeasureSchema.nullable(),
  withdrawals: moneyMeasureSchema.nullable(),
});
export type MonthlyMeasures = z.infer<typeof monthlyMeasuresSchema>;

export const monthlyRowSchema = monthlyMeasuresSchema.extend({
  /** 'YYYY-MM', the month below 10 zero-prefixed. */
  month: z.string(),
});
export type MonthlyRow = z.infer<typeof monthlyRowSchema>;

/**
 * POST /report/monthly (see docs/requirements.md#lead-workspace-and-work-screens): the twelve months of a year by the report's measures, counted in the
 * database inside the user's scope (leads, and transactions whose lead is in it).
 */
export const reportMonthly = defineCall({
  method: 'POST',
  path: '/report/monthly',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: monthlyReportBody,
  result: z.object({
    success: z.boolean(),
    year: z.number(),
    trx: z.enum(MONTHLY_TRX_SCOPES),
    months: z.array(monthlyRowSchema),
    totals: monthlyMeasuresSchema,
    /** The currencies the sums are in, with their labels (option list 148). */
    currencies: z.array(z.object({ id: z.string(), label: z.string() })),
  }),
});

const monthKeyText = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, p.monthInvalid);

/** One transaction of the drill-down with its lead (see docs/requirements.md#lead-money-task-and-report-data "Lead info per transaction"). */
export const monthlyTransactionSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  type: z.string(),
  amount: z.string(),
  currency_id: z.number(),
  currency: z.string(),
  status_id: z.number(),
  status: z.string(),
  created_at: z.string(),
  lead: z.object({
    id: z.number(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    tc: z.string().nullable(),
    address: z.string().nullable(),
    ilce: z.string().nullable(),
    city: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type MonthlyTransaction = z.infer<typeof monthlyTransactionSchema>;

/**
 * POST /report/monthly/transactions: the transactions behind a cell (month 'YYYY-MM', type), newest first,
 * at most DRILL_DOWN_LIMIT (see docs/requirements.md#constants-and-limits), with how many there are in all.
 */
export const reportMonthlyTransactions = defineCall({
  method: 'POST',
  path: '/report/monthly/transactions',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    month: monthKeyText,
    type: z.enum([TRANSACTION_TYPES.deposit, TRANSACTION_TYPES.withdrawal]),
    trx: z.preprocess(blankToUndefined, z.enum(MONTHLY_TRX_SCOPES).default('all')),
  }),
  result: z.object({
    success: z.boolean(),
    month: z.string(),
    total: z.number(),
    results: z.array(monthlyTransactionSchema),
  }),
});

/** POST /report/monthly/export: the monthly report as an xlsx, downloaded like a list export. */
export const reportMonthlyExport = defineCall({
  method: 'POST',
  path: '/report/monthly/export',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: monthlyReportBody,
  result: z.object({
    success: z.boolean(),
    excelFiles: z.array(excelFileSchema),
    msg: z.string().optional(),
  }),
});
