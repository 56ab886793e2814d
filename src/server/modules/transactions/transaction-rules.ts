import { sql, type Kysely, type Selectable } from 'kysely';
import {
  GATEWAYS,
  DEFAULT_CURRENCY_ID,
  initialStatus,
  isTransactionType,
  isValidTrIban,
  normalizeIban,
  TRANSACTION_TYPES,
} from '../../../shared/domain/transaction-flow';
import {
  CREATION_ONLY_FIELDS,
  DEFAULT_BACKDATE_DAYS,
  LOCKED_MONEY_FIELDS,
  moneyLocked,
  isTransactionEditor,
} from '../../../shared/domain/transaction-state';
import { format } from '../../../shared/i18n/messages';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database, TransactionsTable } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { RecordDeleteContext, RecordHook, RecordWriteContext } from '../../engine/record-hooks';
import { and, column } from '../../engine/sql-helpers';
import { lockNewParent } from '../../engine/record-store';
import { requiredField, type WriteValue } from '../../engine/record-writer';
import { checkRequestedAmount } from './money-amounts';

/** The source table whose generic writes these rules guard. */
export const TRANSACTIONS_SOURCE = 'transactions';

/** Lead fields an instruction needs (see docs/requirements.md#money-importer-and-lead-input), with the labels the refusal names. */
export const REQUIRED_LEAD_FIELDS: readonly { readonly name: string; readonly label: string }[] = [
  { name: 'address', label: 'Adres' },
  { name: 'city', label: 'İl' },
  { name: 'ilce', label: 'İlçe' },
  { name: 'occupation_id', label: 'Meslek' },
  { name: 'tc', label: 'TC Kimlik No' },
];

/** Set only by the workflow actions (workflow.ts), never by a form: statuses, approvals, booked amounts. */
export const WORKFLOW_FIELDS: readonly string[] = [
  'status_id',
  'finance_approve_date',
  'finance_approve_status',
  'risk_approve_date',
  'risk_approve_status',
  'amount_platform',
  'platform_currency_id',
  'amount_bank',
  'bank_currency_id',
];
/** Set by the server from the session and the lead. */
const SERVER_FIELDS: readonly string[] = ['insert_user_id', 'agent_id', 'retention_id', 'team_id'];
/** Set by the server when the row is written; created_at only as a bounded back-date on insert. */
const ROW_FIELDS: readonly string[] = ['id', 'created_at', 'entered_at', 'locked_at', 'reverses_id'];

const VALID_GATEWAYS: ReadonlySet<number> = new Set(Object.values(GATEWAYS));

function text(value: WriteValue | undefined): string {
  if (value === null || value === undefined || Array.isArray(value)) return '';
  return String(value).trim();
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export interface LeadReadiness {
  readonly isCustomer: boolean;
  readonly missing: readonly string[];
}

/** What a lead lacks for money instructions: customer flag and the required fields (labels). */
export function leadReadiness(lead: Readonly<Record<string, unknown>>): LeadReadiness {
  return {
    isCustomer: Number(lead.is_customer) === 1,
    missing: REQUIRED_LEAD_FIELDS.filter((field) => isBlank(lead[field.name])).map((field) => field.label),
  };
}

/** The customer's REAL platform logins (see docs/requirements.md#money-importer-and-lead-input: only REAL can be picked). */
export async function realPlatformLogins(
  db: Kysely<Database>,
  customerId: number,
): Promise<{ login: string; whitelabel_id: number | null }[]> {
  return db
    .selectFrom('lead_platforms')
    .select(['login', 'whitelabel_id'])
    .where('customer_id', '=', customerId)
    .where('type', '=', 'Real')
    .orderBy('id')
    .execute();
}

/** Refuses what the lead lacks: convert first, the missing fields, no platform. */
export function requireReady(readiness: LeadReadiness, platformCount: number): void {
  if (!readiness.isCustomer) throw DomainError.invalid(t.convertFirst);
  if (readiness.missing.length > 0) {
    throw DomainError.invalid(format(t.missingLeadFields, { fields: readiness.missing.join(', ') }));
  }
  if (platformCount === 0) throw DomainError.invalid(t.noPlatformDetail);
}

async function checkInsert(
  trx: Kysely<Database>,
  values: Map<string, WriteValue>,
  userId: number,
  backDateDays: number,
): Promise<void> {
  const customerId = Number(values.get('customer_id'));
  const lead = await trx
    .selectFrom('leads')
    .select([
      'address',
      'city',
      'ilce',
      'occupation_id',
      'tc',
      'is_customer',
      'agent_id',
      'retention_id',
      'team_id',
    ])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const platforms = await realPlatformLogins(trx, customerId);
  requireReady(leadReadiness(lead), platforms.length);

  const type = text(values.get('type'));
  if (!isTransactionType(type)) throw DomainError.invalid(t.typeInvalid);
  const gateway = values.get('gateway_id');
  if (isBlank(gateway)) throw DomainError.invalid(t.gatewayRequired);
  if (!VALID_GATEWAYS.has(Number(gateway))) throw DomainError.invalid(t.gatewayInvalid);
  await checkRequestedAmount(trx, 'insert', [], values);
  const login = text(values.get('login'));
  if (login === '') throw DomainError.invalid(t.platformRequired);
  if (!platforms.some((platform) => platform.login === login)) throw DomainError.invalid(t.platformNotReal);

  if (type === TRANSACTION_TYPES.withdrawal) {
    if (text(values.get('comment')) === '') throw DomainError.invalid(t.commentRequired);
    if (Number(gateway) === GATEWAYS.bankTransfer) checkIbanAndHolder(values);
    if (Number(gateway) === GATEWAYS.cryptoWallet) {
      // A wallet withdrawal keeps its address in iban and the wallet type in iban_name.
      if (text(values.get('iban')) === '' || text(values.get('iban_name')) === '') {
        throw DomainError.invalid(t.walletRequired);
      }
    }
  }
  await checkRemitter(trx, values, customerId);

  if (isBlank(values.get('currency_id'))) values.set('currency_id', DEFAULT_CURRENCY_ID);
  await checkBackDate(trx, values, backDateDays);
  for (const name of [...WORKFLOW_FIELDS, 'entered_at', 'locked_at', 'reverses_id', 'id'])
    values.delete(name);
  values.set('status_id', initialStatus(type));
  // Who gave the instruction is the session; whose it is follows the customer, whatever the form says.
  values.set('insert_user_id', userId);
  values.set('agent_id', lead.agent_id);
  values.set('retention_id', lead.retention_id);
  values.set('team_id', lead.team_id);
}

function checkIbanAndHolder(values: Map<string, WriteValue>): void {
  const iban = text(values.get('iban'));
  if (!isValidTrIban(iban)) throw DomainError.invalid(t.invalidIban);
  values.set('iban', normalizeIban(iban));
  if (text(values.get('iban_name')) === '') throw DomainError.invalid(t.ibanNameRequired);
}

/** A remitter above 1 names a third party, who must be one of this lead's (see docs/requirements.md#lead-money-task-and-report-data). */
async function checkRemitter(
  trx: Kysely<Database>,
  values: Map<string, WriteValue>,
  customerId: number,
): Promise<void> {
  const remitter = values.get('lead_remitter_id');
  if (isBlank(remitter) || Number(remitter) <= 1) return;
  const { rows } = await sql<{ id: number }>`select id from lead_remitters
    where id = ${Number(remitter)} and lead_id = ${customerId}`.execute(trx);
  if (rows.length === 0) throw DomainError.invalid(t.remitterNotOfLead);
}

/**
 * A back-dated instruction (the form's date, kept in created_at as the spec's clients send it) may lie
 * at most `days` days back and never ahead; the real entry time stays in entered_at and the creation
 * row of the journal shows both (docs/money.md#giving-an-instruction).
 */
async function checkBackDate(
  trx: Kysely<Database>,
  values: Map<string, WriteValue>,
  days: number,
): Promise<void> {
  const raw = values.get('created_at');
  if (isBlank(raw)) {
    values.delete('created_at');
    return;
  }
  const given = text(raw);
  const iso = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.test(given)
    ? given.replace('T', ' ')
    : turkishDateTime(given);
  if (iso === null) throw DomainError.invalid(t.backDateInvalid);
  const { rows } = await sql<{ ok: boolean | null }>`select case
      when ${iso}::text !~ '^[0-9-]+( [0-9:]+)?$' then null
      else ${iso}::timestamp between localtimestamp - make_interval(days => ${days})
        and localtimestamp + interval '1 minute' end as ok`.execute(trx);
  if (rows[0]?.ok !== true) throw DomainError.invalid(format(t.backDateRange, { days }));
  values.set('created_at', iso);
}

/** `31.12.2025` or `31.12.2025 14:05` as ISO text, else null. */
function turkishDateTime(value: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, day = '', month = '', year = '', hour = '00', minute = '00'] = match;
  const pad = (part: string): string => part.padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${minute}:00`;
}

export interface TransactionHookOptions {
  /** How many days back an instruction may be dated (TRANSACTION_BACKDATE_DAYS). */
  readonly backDateDays?: number;
}

/**
 * Server rules of money instructions as a record hook, so they hold for every generic write and the
 * importer (docs/money.md): an insert is checked against its lead (in the user's scope first, so nothing
 * about a foreign lead leaks), platform, gateway, amount, IBAN and remitter, and gets its initial status,
 * owners and creation time from the server (the database journals the creation). An edit is for admin
 * and sales_manager only, never touches status, approvals, booked amounts, owners, dates, type or
 * customer, leaves the money fields alone once finance has approved, and is journaled with old and new
 * values in the same transaction. A delete is refused once finance has approved.
 */
export function createTransactionHook(
  onCommitted: (ids: readonly number[], mode: 'insert' | 'update') => void,
  options: TransactionHookOptions = {},
): RecordHook {
  const backDateDays = options.backDateDays ?? DEFAULT_BACKDATE_DAYS;
  return {
    beforeWrite: (context) => checkWrite(context, backDateDays),
    beforeDelete: checkDelete,
    afterCommit: ({ ids, mode }) => onCommitted(ids, mode),
  };
}

type LockedRow = Selectable<TransactionsTable>;

/** The rows an edit or delete touches, locked, inside the user's scope (others are the engine's 404). */
async function lockRows(
  trx: Kysely<Database>,
  access: RecordWriteContext['access'],
  ids: readonly number[],
): Promise<LockedRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<LockedRow>`select * from transactions
    where ${and([sql<boolean>`${column('id')} in (${sql.join(ids.map(Number))})`, access.scope])}
    for update`.execute(trx);
  return rows;
}

async function checkDelete({ trx, access, ids }: RecordDeleteContext): Promise<void> {
  for (const row of await lockRows(trx, access, ids)) {
    if (moneyLocked(row)) throw DomainError.conflict(t.deleteLocked);
  }
}

/** The value a row holds, as the journal and the comparison read it. */
function stored(row: LockedRow, name: string): string {
  const value = (row as unknown as Record<string, unknown>)[name];
  return value === null || value === undefined ? '' : String(value);
}

/** Equal as stored: decimals compare by value ('1000.50' and '1000.5'), everything else as text. */
function sameText(a: string, b: string): boolean {
  const decimal = /^\d+(\.\d+)?$/;
  if (decimal.test(a) && decimal.test(b)) {
    const trim = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
    return trim(a.replace(/^0+(?=\d)/, '')) === trim(b.replace(/^0+(?=\d)/, ''));
  }
  return a === b;
}

/** The rules above, for one generic write (inside its transaction). */
async function checkWrite(context: RecordWriteContext, backDateDays: number): Promise<void> {
  const { trx, user, access, mode, values } = context;
  if (mode === 'insert') {
    if (isBlank(values.get('customer_id'))) throw requiredField('Müşteri');
    await lockNewParent(trx, access, values);
    await checkInsert(trx, values, user.id, backDateDays);
    return;
  }
  if (!isTransactionEditor(user.department)) throw DomainError.forbidden(t.editorsOnly);
  if ([...WORKFLOW_FIELDS, ...SERVER_FIELDS].some((name) => values.has(name))) {
    throw DomainError.invalid(t.workflowFieldsLocked);
  }
  const serverOwned = ROW_FIELDS.find((name) => values.has(name));
  if (serverOwned !== undefined) throw DomainError.invalid(format(t.serverField, { field: serverOwned }));
  await checkRequestedAmount(trx, mode, context.ids, values);
  const rows = await lockRows(trx, access, context.ids);
  for (const row of rows) await checkEdit(trx, row, values);
  for (const row of rows) await journalEdit(trx, user.id, row, values);
}

/** One row's edit: creation-only fields, the lock after finance's approval, platform and IBAN. */
async function checkEdit(
  trx: Kysely<Database>,
  row: LockedRow,
  values: Map<string, WriteValue>,
): Promise<void> {
  const changed = (name: string): boolean =>
    values.has(name) && !sameText(text(values.get(name)), stored(row, name));
  if (changed('customer_id')) throw DomainError.invalid(t.customerLocked);
  if (CREATION_ONLY_FIELDS.some(changed)) throw DomainError.invalid(t.typeLocked);
  if (moneyLocked(row) && LOCKED_MONEY_FIELDS.some(changed)) throw DomainError.conflict(t.moneyLocked);
  if (changed('login')) {
    const platforms = await realPlatformLogins(trx, row.customer_id);
    if (!platforms.some((platform) => platform.login === text(values.get('login')))) {
      throw DomainError.invalid(t.platformNotReal);
    }
  }
  if (changed('gateway_id') && !VALID_GATEWAYS.has(Number(values.get('gateway_id')))) {
    throw DomainError.invalid(t.gatewayInvalid);
  }
  const gateway = Number(values.has('gateway_id') ? values.get('gateway_id') : row.gateway_id);
  if (row.type === TRANSACTION_TYPES.withdrawal && gateway === GATEWAYS.bankTransfer && changed('iban')) {
    checkIbanAndHolder(
      new Map([...values, ['iban_name', values.get('iban_name') ?? row.iban_name]]) as Map<
        string,
        WriteValue
      >,
    );
    values.set('iban', normalizeIban(text(values.get('iban'))));
  }
  if (row.type === TRANSACTION_TYPES.withdrawal && changed('comment') && text(values.get('comment')) === '') {
    throw DomainError.invalid(t.commentRequired);
  }
  await checkRemitter(trx, values, row.customer_id);
}

/** The edit's journal row: each changed field's old and new value, the status it kept. */
async function journalEdit(
  trx: Kysely<Database>,
  userId: number,
  row: LockedRow,
  values: Map<string, WriteValue>,
): Promise<void> {
  const changes: Record<string, { old: string | null; new: string | null }> = {};
  for (const [name, value] of values) {
    const next = value === null || value === undefined ? '' : String(value);
    const old = stored(row, name);
    if (!sameText(next, old))
      changes[name] = { old: old === '' ? null : old, new: next === '' ? null : next };
  }
  if (Object.keys(changes).length === 0) return;
  await trx
    .insertInto('transaction_journal')
    .values({
      transaction_id: row.id,
      agent_id: userId,
      action: 'edit',
      values: JSON.stringify(changes),
      status_before: row.status_id,
      status_after: row.status_id,
    })
    .execute();
}
