import { sql, type Kysely } from 'kysely';
import type { CallResult } from '../../../shared/contract';
import { operationStateLabel } from '../../../shared/domain/platform-operations';
import { TRX_STATUS, TRANSACTION_TYPES } from '../../../shared/domain/transaction-flow';
import { format } from '../../../shared/i18n/messages';
import { platformOperationMessages as m } from '../../../shared/i18n/platform-operation-messages';
import { newReference } from '../../adapters/trading/balance-reference';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import type { AfterStep, TransactionRow } from '../transactions';
import {
  insertOperation,
  journalOperationStep,
  operationViews,
  queuedText,
  type OperationRow,
} from './operation-records';

const TRANSACTIONS_TABLE = 'transactions';
const FUNDING_DEPARTMENT = 'risk';

export interface FundingService {
  /** POST /transaction/fund/{id}: risk credits a completed deposit's account in one step. */
  fund(user: EngineUser, id: number): Promise<CallResult<'transactionFund'>>;
  /** POST /transaction/fundings/{id}: the operations that funded (or tried to fund) the deposit. */
  fundings(user: EngineUser, id: number): Promise<CallResult<'transactionFundings'>>;
  /** The workflow hook of AUTO_FUND_ON_COMPLETE=1: a deposit reaching 12 is funded in the same step. */
  autoFund: AfterStep;
}

export interface FundingDeps {
  db: Kysely<Database>;
  registry: TableRegistry;
  /** After a funding was recorded by fund() (committed): tell who works the deposit. */
  onFunded?: (transactionId: number) => void;
}

/**
 * The platform amount as stored (canonical NUMERIC text, '1000.50'), as the platform takes it: above
 * zero, at most two decimals. Never read the Turkish way: stored text '1.000' is one, not a thousand.
 */
function platformAmountOf(value: string | null): string | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2 || !/[1-9]/.test(whole + fraction)) return null;
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Postgres unique_violation: a second funding raced the first past the check. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Records the funding of a locked deposit (docs/money.md#platform-operations): the account is the
 * deposit's login among the customer's Real accounts, the amount and currency those risk approved
 * (amount_platform, platform_currency_id), the account keeps its leverage. One funding per deposit that
 * has not failed; the unique index holds it against a race, this check words it.
 */
async function recordFunding(
  trx: Kysely<Database>,
  deposit: TransactionRow,
  userId: number,
): Promise<OperationRow> {
  if (deposit.type !== TRANSACTION_TYPES.deposit) throw DomainError.invalid(m.fundNotDeposit);
  if (deposit.status_id !== TRX_STATUS.depositCompleted) throw DomainError.conflict(m.fundNotCompleted);
  const amount = platformAmountOf(deposit.amount_platform);
  if (amount === null) throw DomainError.invalid(m.fundNoAmount);
  const active = await trx
    .selectFrom('platform_operations')
    .select(['id', 'state'])
    .where('transaction_id', '=', deposit.id)
    .where('state', '<>', 'failed')
    .executeTakeFirst();
  if (active) {
    throw DomainError.conflict(
      format(m.fundAlready, { id: active.id, state: operationStateLabel(active.state) }),
    );
  }
  const account = await trx
    .selectFrom('lead_platforms')
    .select(['id', 'login', 'customer_id'])
    .where('customer_id', '=', deposit.customer_id)
    .where('login', '=', deposit.login)
    .where('type', '=', 'Real')
    .orderBy('id')
    .executeTakeFirst();
  if (!account) throw DomainError.invalid(format(m.fundAccountMissing, { login: deposit.login }));
  const row = await insertOperation(trx, {
    key: newReference(),
    account,
    direction: 'deposit',
    amount,
    currencyId: deposit.platform_currency_id,
    comment: format(m.fundComment, { id: deposit.id }),
    leverage: null,
    transactionId: deposit.id,
    createdBy: userId,
  });
  await journalOperationStep(trx, row, { agentId: userId, action: 'fund', old: null, new: queuedText(row) });
  return row;
}

export function createFundingService(deps: FundingDeps): FundingService {
  const { db, registry } = deps;

  async function access(user: EngineUser): Promise<TableAccess> {
    try {
      return await resolveTableAccess(db, registry, user, TRANSACTIONS_TABLE);
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not-found') throw recordNotFound();
      throw error;
    }
  }

  /** The funding already recorded, in words, when a second one lost the race. */
  async function alreadyFunded(id: number): Promise<DomainError> {
    const active = await db
      .selectFrom('platform_operations')
      .select(['id', 'state'])
      .where('transaction_id', '=', id)
      .where('state', '<>', 'failed')
      .executeTakeFirst();
    return DomainError.conflict(
      format(m.fundAlready, {
        id: active?.id ?? '?',
        state: active ? operationStateLabel(active.state) : '',
      }),
    );
  }

  return {
    async fund(user, id) {
      if (user.department !== FUNDING_DEPARTMENT) throw DomainError.forbidden(m.fundOnlyRisk);
      const target = await access(user);
      let operationId: number;
      try {
        operationId = await db.transaction().execute(async (trx) => {
          // The lead before the row, in the order the workflow takes them (see workflow.ts).
          await sql`select 1 from leads where id = (select customer_id from transactions where id = ${id})
            for share`.execute(trx);
          const where = and([sql<boolean>`${column('id')} = ${id}`, target.scope]);
          const { rows } = await sql<TransactionRow>`select * from transactions where ${where}
            for update`.execute(trx);
          const deposit = rows[0];
          if (!deposit) throw recordNotFound();
          return (await recordFunding(trx, deposit, user.id)).id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw await alreadyFunded(id);
        throw error;
      }
      deps.onFunded?.(id);
      const [operation] = await operationViews(db, { ids: [operationId] });
      if (!operation) throw recordNotFound();
      return { success: true, msg: m.fundQueued, operation };
    },

    async fundings(user, id) {
      if (!(await selectRow(db, await access(user), id, ['id']))) throw recordNotFound();
      return { results: await operationViews(db, { transactionId: id }) };
    },

    async autoFund(trx, { user, before, after }) {
      const completed =
        after.type === TRANSACTION_TYPES.deposit &&
        after.status_id === TRX_STATUS.depositCompleted &&
        before.status_id !== TRX_STATUS.depositCompleted;
      if (completed) await recordFunding(trx, after, user.id);
    },
  };
}
