import { sql, type Kysely } from 'kysely';
import {
  GATEWAYS,
  DEFAULT_CURRENCY_ID,
  initialStatus,
  isTransactionType,
  isValidTrIban,
  normalizeIban,
  parseAmount,
  TRANSACTION_TYPES,
} from '../../../shared/domain/transaction-flow';
import { format } from '../../../shared/i18n/messages';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { RecordHook, RecordWriteContext } from '../../engine/record-hooks';
import { lockNewParent } from '../../engine/record-store';
import { requiredField, type WriteValue } from '../../engine/record-writer';

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
  checkAmount(values);
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
  for (const name of WORKFLOW_FIELDS) values.delete(name);
  values.set('status_id', initialStatus(type));
  // Who gave the instruction is the session; whose it is follows the customer, whatever the form says.
  values.set('insert_user_id', userId);
  values.set('agent_id', lead.agent_id);
  values.set('retention_id', lead.retention_id);
  values.set('team_id', lead.team_id);
}

function checkAmount(values: Map<string, WriteValue>): void {
  const raw = values.get('amount');
  if (isBlank(raw)) throw DomainError.invalid(t.amountRequired);
  const amount = parseAmount(text(raw));
  if (amount === null) throw DomainError.invalid(t.amountInvalid);
  values.set('amount', amount);
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
 * Server rules of money instructions (see docs/requirements.md#money-importer-and-lead-input) as a record hook, so they hold for every generic write:
 * an insert (POST /inline/save/, table transactions, type insert) is checked against its lead (in the
 * user's scope first, so nothing about a foreign lead leaks), platform, gateway, amount, IBAN and
 * remitter, and gets its initial status and owners from the server. An edit (admin and sales_manager's
 * Detay form) may correct the instruction's data but never its status, approvals, booked amounts or
 * customer: those change only through the workflow actions.
 */
export function createTransactionHook(
  onCommitted: (ids: readonly number[], mode: 'insert' | 'update') => void,
): RecordHook {
  return {
    beforeWrite: checkWrite,
    afterCommit: ({ ids, mode }) => onCommitted(ids, mode),
  };
}

/** The rules above, for one generic write (inside its transaction). */
async function checkWrite({ trx, user, access, mode, values }: RecordWriteContext): Promise<void> {
  if (mode === 'insert') {
    if (isBlank(values.get('customer_id'))) throw requiredField('Müşteri');
    await lockNewParent(trx, access, values);
    await checkInsert(trx, values, user.id);
    return;
  }
  if (values.has('customer_id')) throw DomainError.invalid(t.customerLocked);
  if ([...WORKFLOW_FIELDS, ...SERVER_FIELDS].some((name) => values.has(name))) {
    throw DomainError.invalid(t.workflowFieldsLocked);
  }
  if (values.has('amount')) checkAmount(values);
  if (values.has('type') && !isTransactionType(text(values.get('type')))) {
    throw DomainError.invalid(t.typeInvalid);
  }
  const iban = text(values.get('iban'));
  if (values.has('iban') && iban !== '' && /^TR/i.test(iban)) {
    if (!isValidTrIban(iban)) throw DomainError.invalid(t.invalidIban);
    values.set('iban', normalizeIban(iban));
  }
}
