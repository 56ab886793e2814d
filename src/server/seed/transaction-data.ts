import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { MENU_LOCATIONS, OPTION_LIST_IDS, type Department } from '../../shared/domain/constants';
import {
  APPROVAL,
  DEFAULT_STATUS_FLOWS,
  TRX_STATUS as S,
  TRANSACTION_TYPES,
} from '../../shared/domain/transaction-flow';
import type { CrmFieldsTable, Database, PermissionsTable } from '../db/schema';
import { demoTc } from './agent-workspace';

interface TableSeed {
  readonly table_name: string;
  readonly source_table: string;
  readonly base_filter: string | null;
  readonly name: string;
  readonly icon: string;
  readonly location: number;
  readonly url: string | null;
}
type FieldSeed = Omit<Insertable<CrmFieldsTable>, 'table_name' | 'sort' | 'id'>;
type PermissionSeed = Omit<Insertable<PermissionsTable>, 'id' | 'user_group_id' | 'table_name'>;

/**
 * Registry, permissions, flows and demo data of money instructions (see docs/requirements.md#lead-workspace-and-work-screens /transactions, #lead-money-task-and-report-data, #departments-and-permissions).
 * reference-data.ts appends these to its lists; demo-data.ts runs seedDemoTransactions.
 */
export const TRANSACTIONS_TABLE = 'transactions';
/** The /transactions workspace as a menu entry (a url entry names a screen, never a table). */
export const TRANSACTION_WORKSPACE = 'transaction_workspace';
/** Option list 146 as data admins edit (labels and flows), in the sales-process admin section. */
export const TRANSACTION_STATUSES_TABLE = 'transaction_statuses';

export const TRANSACTION_TABLES: readonly TableSeed[] = [
  {
    table_name: TRANSACTION_WORKSPACE,
    source_table: TRANSACTIONS_TABLE,
    base_filter: null,
    name: 'Para İşlemleri',
    icon: 'bank-account',
    location: MENU_LOCATIONS.main,
    url: 'transactions',
  },
  {
    table_name: TRANSACTIONS_TABLE,
    source_table: TRANSACTIONS_TABLE,
    base_filter: null,
    name: 'İşlem Kayıtları',
    icon: 'dollar',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
  {
    table_name: TRANSACTION_STATUSES_TABLE,
    source_table: 'option_values',
    base_filter: `list_id = ${OPTION_LIST_IDS.transactionStatuses}`,
    name: 'İşlem Durumları ve Akışlar',
    icon: 'flows',
    location: MENU_LOCATIONS.salesProcess,
    url: null,
  },
];
export const TRANSACTION_TABLE_NAMES = TRANSACTION_TABLES.map((table) => table.table_name);

const f = (
  name: string,
  display_name: string,
  component: string,
  extra: Partial<Pick<FieldSeed, 'option_list_id' | 'show_insert'>> = {},
): FieldSeed => ({ name, display_name, component, category: 'Para İşlemleri', ...extra });
const insert = { show_insert: 1 } as const;

const TRANSACTION_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id'),
  f('customer_id', 'Müşteri', 'leadDetailModal', insert),
  f('type', 'İşlem Türü', 'string', insert),
  f('status_id', 'Durum', 'selectbox', { option_list_id: OPTION_LIST_IDS.transactionStatuses }),
  f('gateway_id', 'Ödeme Yöntemi', 'selectbox', { option_list_id: OPTION_LIST_IDS.gateways, ...insert }),
  f('amount', 'Tutar', 'double', insert),
  f('currency_id', 'Para Birimi', 'selectbox', { option_list_id: OPTION_LIST_IDS.currencies, ...insert }),
  f('login', 'Platform Hesabı', 'string', insert),
  f('amount_bank', 'Banka Tutarı', 'double'),
  f('bank_currency_id', 'Banka Para Birimi', 'selectbox', { option_list_id: OPTION_LIST_IDS.currencies }),
  f('amount_platform', 'Platform Tutarı', 'double'),
  f('platform_currency_id', 'Platform Para Birimi', 'selectbox', {
    option_list_id: OPTION_LIST_IDS.currencies,
  }),
  f('iban', 'IBAN / Cüzdan Adresi', 'string', insert),
  f('iban_name', 'Hesap Sahibi / Cüzdan Türü', 'string', insert),
  f('delivery_iban', 'Yatırım Hesabı Bilgisi', 'textField', insert),
  f('comment', 'Açıklama', 'textField', insert),
  f('lead_remitter_id', '3. Şahıs', 'integer', insert),
  f('agent_id', 'Temsilci', 'selectbox', { option_list_id: OPTION_LIST_IDS.agents }),
  f('retention_id', 'Retention Temsilcisi', 'selectbox', { option_list_id: OPTION_LIST_IDS.agents }),
  f('team_id', 'Takım', 'selectbox', { option_list_id: OPTION_LIST_IDS.teams }),
  f('insert_user_id', 'Oluşturan', 'selectbox', { option_list_id: OPTION_LIST_IDS.agents }),
  f('finance_approve_status', 'Finans Onayı', 'integer'),
  f('finance_approve_date', 'Finans Onay Tarihi', 'date'),
  f('risk_approve_status', 'Risk Onayı', 'integer'),
  f('risk_approve_date', 'Risk Onay Tarihi', 'date'),
  // Back-dating (see docs/requirements.md#money-importer-and-lead-input): the create form may set the date.
  f('created_at', 'Kayıt Tarihi', 'date', insert),
  // Set by the server only (docs/money.md): the real entry time, the money lock, the reversed transaction.
  f('entered_at', 'Giriş Zamanı', 'date'),
  f('locked_at', 'Tutar Kilidi', 'date'),
  f('reverses_id', 'Düzelttiği İşlem', 'integer'),
];

const STATUS_FIELDS: readonly FieldSeed[] = [
  f('id', 'ID', 'id'),
  f('value', 'Durum No', 'string', insert),
  f('label', 'Durum Adı', 'string', insert),
  f('flow', 'Akış (departman: sonraki durumlar)', 'json', insert),
  f('sort', 'Sıra', 'integer'),
];

export const TRANSACTION_FIELDS_BY_TABLE: Readonly<Record<string, readonly FieldSeed[]>> = {
  [TRANSACTIONS_TABLE]: TRANSACTION_FIELDS,
  [TRANSACTION_STATUSES_TABLE]: STATUS_FIELDS,
};

const NONE: PermissionSeed = {
  show: 0,
  delete: 0,
  update: 0,
  excel_import: 0,
  excel_export: 0,
  list_fields: null,
  read_fields: null,
  write_fields: null,
  extra_sql: null,
  modules: [],
};
/** Rows that belong to a lead follow the lead's scope (engine/lead-children.ts); no extra restriction. */
const READ: PermissionSeed = { ...NONE, show: 1, excel_export: 1, write_fields: [] };

/**
 * Who works money instructions (see docs/requirements.md#departments-and-permissions). Nobody deletes one: a money trail is never lost. Admin and
 * sales_manager see every column and edit the instruction's data (Detay); finance and risk read and act
 * through the workflow; agents give instructions for their own customers (insert through the form's
 * fields only, no edits). Only admins edit the statuses and flows.
 */
export function transactionPermission(department: Department, table: string): PermissionSeed {
  const managers = department === 'admin' || department === 'sales_manager';
  if (table === TRANSACTION_STATUSES_TABLE) {
    return department === 'admin' ? { ...NONE, show: 1, update: 1, excel_export: 1 } : NONE;
  }
  if (table === TRANSACTION_WORKSPACE) {
    return managers || department === 'finance' || department === 'risk' ? { ...NONE, show: 1 } : NONE;
  }
  if (managers) return { ...NONE, show: 1, update: 1, excel_export: 1 };
  if (department === 'finance' || department === 'risk') return READ;
  return { ...NONE, show: 1, update: 1, write_fields: [] };
}

/**
 * Writes the default flow of each status of option list 146 that has none yet, so a fresh database and
 * one seeded before migration 011 both get them, and an admin's edited flow is never overwritten.
 */
export async function seedTransactionFlows(trx: Transaction<Database>): Promise<number> {
  let written = 0;
  for (const [status, flow] of Object.entries(DEFAULT_STATUS_FLOWS)) {
    const result = await trx
      .updateTable('option_values')
      .set({ flow: JSON.stringify(flow) })
      .where('list_id', '=', OPTION_LIST_IDS.transactionStatuses)
      .where('value', '=', status)
      .where('flow', 'is', null)
      .executeTakeFirst();
    written += Number(result.numUpdatedRows);
  }
  return written;
}

interface DemoStep {
  readonly type: string;
  readonly gateway: number;
  readonly amount: string;
  readonly status: number;
  readonly finance?: number;
  readonly risk?: number;
  readonly bank?: string;
  readonly platform?: string;
  readonly comment?: string;
  readonly daysAgo: number;
}

const D = TRANSACTION_TYPES.deposit;
const W = TRANSACTION_TYPES.withdrawal;
/** A lived-in mix: new, finance-approved, completed, cancelled and rejected, deposits and withdrawals. */
const DEMO_STEPS: readonly DemoStep[] = [
  { type: D, gateway: 1, amount: '25000', status: S.depositRequested, daysAgo: 0 },
  { type: D, gateway: 2, amount: '1500.50', status: S.depositRequested, daysAgo: 1 },
  { type: W, gateway: 1, amount: '3200', status: S.withdrawalRequested, comment: 'Kar çekimi', daysAgo: 0 },
  {
    type: D,
    gateway: 5,
    amount: '0.35',
    status: S.financeApproved,
    finance: APPROVAL.approved,
    bank: '0.35',
    daysAgo: 2,
  },
  {
    type: W,
    gateway: 1,
    amount: '12000',
    status: S.financeApproved,
    finance: APPROVAL.approved,
    bank: '12000',
    comment: 'Hesap kapatma',
    daysAgo: 3,
  },
  {
    type: D,
    gateway: 1,
    amount: '50000',
    status: S.depositCompleted,
    finance: APPROVAL.approved,
    risk: APPROVAL.approved,
    bank: '50000',
    platform: '1562.5',
    daysAgo: 6,
  },
  {
    type: W,
    gateway: 1,
    amount: '7500.75',
    status: S.riskApproved,
    finance: APPROVAL.approved,
    risk: APPROVAL.approved,
    bank: '7500.75',
    platform: '234.4',
    comment: 'Kısmi çekim',
    daysAgo: 8,
  },
  {
    type: D,
    gateway: 1,
    amount: '10000',
    status: S.financeRejected,
    finance: APPROVAL.rejected,
    comment: 'Dekont gönderen müşteri değil',
    daysAgo: 10,
  },
  {
    type: D,
    gateway: 2,
    amount: '2000',
    status: S.financeCancelled,
    finance: APPROVAL.cancelled,
    comment: 'Müşteri kartı değiştirecek',
    daysAgo: 12,
  },
  {
    type: W,
    gateway: 5,
    amount: '0.125',
    status: S.riskRejected,
    finance: APPROVAL.approved,
    risk: APPROVAL.rejected,
    bank: '0.125',
    comment: 'Açık pozisyon teminatı yetersiz',
    daysAgo: 14,
  },
];

/** A valid Turkish IBAN (ISO 13616 check digits) from a bank code and account number. */
export function demoIban(bank: string, account: string): string {
  const bban = `${bank.padStart(5, '0')}0${account.padStart(16, '0')}`;
  const numeric = `${bban}2927${'00'}`; // T=29, R=27
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `TR${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** First demo login of this module's platforms (the platforms module uses its own range). */
const DEMO_LOGIN_BASE = 7_000_001;

/**
 * Demo customers with everything an instruction needs (address, city, ilce, occupation, tc, a REAL and a
 * DEMO platform) and a set of transactions in several states with their journal, for the first customers
 * of every sales team (so sales@demo.crm and sales2@demo.crm each have their own). Only when the table
 * is empty: a rerun or a used database is left alone.
 */
export async function seedDemoTransactions(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm-seed-transactions'))`.execute(trx);
    const existing = await trx.selectFrom('transactions').select('id').limit(1).execute();
    if (existing.length > 0) return 0;
    const finance = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'finance@demo.crm')
      .executeTakeFirst();
    const risk = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'risk@demo.crm')
      .executeTakeFirst();
    const teams = await trx
      .selectFrom('users')
      .select(['team_id', 'id'])
      .where('email', 'in', ['sales@demo.crm', 'sales2@demo.crm'])
      .orderBy('id')
      .execute();
    let login = DEMO_LOGIN_BASE;
    let written = 0;
    for (const team of teams) {
      if (team.team_id === null) continue;
      const customers = await trx
        .selectFrom('leads')
        .select([
          'id',
          'agent_id',
          'retention_id',
          'team_id',
          'name',
          'city',
          'ilce',
          'address',
          'occupation_id',
          'tc',
        ])
        .where('team_id', '=', team.team_id)
        .where('is_customer', '=', 1)
        .orderBy('id')
        .limit(3)
        .execute();
      for (const [index, customer] of customers.entries()) {
        await trx
          .updateTable('leads')
          .set({
            address: customer.address ?? 'Bağdat Caddesi No: 12 D: 4',
            city: customer.city ?? 'İstanbul',
            ilce: customer.ilce ?? 'Kadıköy',
            occupation_id: customer.occupation_id ?? 1,
            tc: customer.tc ?? demoTc(customer.id),
          })
          .where('id', '=', customer.id)
          .execute();
        const real = String(login);
        await trx
          .insertInto('lead_platforms')
          .values([
            {
              customer_id: customer.id,
              login: real,
              type: 'Real',
              whitelabel_id: 1,
              agent_id: customer.agent_id,
            },
            {
              customer_id: customer.id,
              login: String(login + 1),
              type: 'Demo',
              whitelabel_id: 1,
              agent_id: customer.agent_id,
            },
          ])
          .onConflict((oc) => oc.doNothing())
          .execute();
        login += 2;
        // The first customer of each team keeps a clean slate for trying the form; the others get history.
        if (index === 0) continue;
        for (const step of DEMO_STEPS) {
          const wallet = step.gateway === 5;
          // Created at its initial status (the database journals the creation), then moved to the
          // step's state the way the workflow would have, so the demo journal reads true.
          const first = step.type === D ? S.depositRequested : S.withdrawalRequested;
          const created = await trx
            .insertInto('transactions')
            .values({
              customer_id: customer.id,
              status_id: first,
              insert_user_id: customer.agent_id,
              agent_id: customer.agent_id,
              retention_id: customer.retention_id,
              team_id: customer.team_id,
              created_at:
                sql<string>`localtimestamp(0) - make_interval(days => ${step.daysAgo})` as unknown as string,
              type: step.type,
              gateway_id: step.gateway,
              amount: step.amount,
              currency_id: wallet ? 5 : 6,
              login: real,
              iban:
                step.type === W
                  ? wallet
                    ? 'TQ7n3YkU2pZ8cRbC1xWm9vLd4eFh6gJs5a'
                    : demoIban('00062', String(customer.id))
                  : null,
              iban_name: step.type === W ? (wallet ? 'USDT (TRC20)' : customer.name) : null,
              delivery_iban:
                step.type === D && step.gateway === 1 ? `Ziraat Bankası ${demoIban('00010', '9001')}` : null,
              comment: step.comment ?? null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const row = await trx
            .updateTable('transactions')
            .where('id', '=', created.id)
            .set({
              status_id: step.status,
              amount_bank: step.bank ?? null,
              bank_currency_id: step.bank ? (wallet ? 5 : 6) : null,
              amount_platform: step.platform ?? null,
              platform_currency_id: step.platform ? 1 : null,
              finance_approve_status: step.finance ?? null,
              finance_approve_date: step.finance
                ? (sql<string>`localtimestamp(0) - make_interval(days => ${step.daysAgo}) + interval '2 hours'` as unknown as string)
                : null,
              locked_at:
                step.finance === APPROVAL.approved
                  ? (sql<string>`localtimestamp(0) - make_interval(days => ${step.daysAgo}) + interval '2 hours'` as unknown as string)
                  : null,
              risk_approve_status: step.risk ?? null,
              risk_approve_date: step.risk
                ? (sql<string>`localtimestamp(0) - make_interval(days => ${step.daysAgo}) + interval '5 hours'` as unknown as string)
                : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          written += 1;
          const journal: {
            transaction_id: number;
            agent_id: number | null;
            action: string;
            values: string;
            status_before: number;
            status_after: number;
          }[] = [];
          if (step.finance !== undefined && finance) {
            const to = step.finance === APPROVAL.approved ? S.financeApproved : step.status;
            journal.push({
              transaction_id: row.id,
              agent_id: finance.id,
              action:
                step.finance === APPROVAL.approved
                  ? step.type === D
                    ? 'depositOk'
                    : 'finansOkWithdrawal'
                  : step.finance === APPROVAL.cancelled
                    ? 'depositCanceled'
                    : 'depositBlocked',
              values: JSON.stringify({
                status_id: { old: String(first), new: String(to) },
                finance_approve_status: { old: null, new: String(step.finance) },
              }),
              status_before: first,
              status_after: to,
            });
          }
          if (step.risk !== undefined && risk) {
            journal.push({
              transaction_id: row.id,
              agent_id: risk.id,
              action:
                step.risk === APPROVAL.approved
                  ? step.type === D
                    ? 'riskOk'
                    : 'riskOkWithdrawal'
                  : 'riskBlocked',
              values: JSON.stringify({
                status_id: { old: String(S.financeApproved), new: String(step.status) },
                risk_approve_status: { old: null, new: String(step.risk) },
              }),
              status_before: S.financeApproved,
              status_after: step.status,
            });
          }
          if (journal.length > 0) await trx.insertInto('transaction_journal').values(journal).execute();
        }
      }
    }
    return written;
  });
}
