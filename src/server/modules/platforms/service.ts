import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, Contract } from '../../../shared/contract';
import type { PlatformAccountType } from '../../../shared/domain/platforms';
import { DEFAULT_LEVERAGE, OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { messages } from '../../../shared/i18n/messages';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import { platformOperationMessages } from '../../../shared/i18n/platform-operation-messages';
import type { AdapterLog } from '../../adapters/adapter-log';
import { newReference, referenceForRequest } from '../../adapters/trading/balance-reference';
import {
  isTradingPlatformError,
  TradingPlatformError,
  type BalanceDirection,
  type TradingPlatform,
} from '../../adapters/trading/trading-platform';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
import { insertOperation, journalOperationStep, operationViews, queuedText } from '../platform-operations';
import { platformFailure } from './platform-errors';

/** The lead detail tab of platform accounts (option list 130). */
export const PLATFORMS_MODULE = 'platformlar';
/** The registered table of a customer's platform accounts. */
export const PLATFORMS_TABLE = 'lead_platforms';
/** docs/requirements.md#departments-and-permissions: deposit and withdrawal on a platform account belong to risk alone. */
export const PLATFORM_MONEY_DEPARTMENT = 'risk';

/** How a call names one account (login and type as the spec sends them, id ours). */
export interface AccountQuery {
  login: string;
  type: PlatformAccountType;
  id?: number | undefined;
}

interface PlatformRow {
  id: number;
  customer_id: number;
  login: string;
  type: PlatformAccountType;
}

/** The parsed body of /mt5/createPlatform. */
export type NewPlatformInput = z.output<Contract['createPlatform']['body']>;

export type MoneyInput = AccountQuery & {
  amount: string;
  leverage: number;
  idempotency_key?: string | undefined;
};

export interface PlatformsService {
  info(user: EngineUser, account: AccountQuery): Promise<CallResult<'getPlatformInfo'>>;
  openPositions(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserOpenPositions'>>;
  pendingOrders(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserPendingOrders'>>;
  closedPositions(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserClosedPositions'>>;
  deposits(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserDeposit'>>;
  withdrawals(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserWithdrawal'>>;
  create(user: EngineUser, input: NewPlatformInput): Promise<CallResult<'createPlatform'>>;
  /** Records the move as a platform operation (sent by the job) and answers it at once. */
  moveMoney(
    user: EngineUser,
    direction: BalanceDirection,
    input: MoneyInput,
  ): Promise<CallResult<'createDeposit'>>;
  operations(user: EngineUser, account: AccountQuery): Promise<CallResult<'getPlatformOperations'>>;
}

export interface PlatformsDeps {
  db: Kysely<Database>;
  registry: TableRegistry;
  leadScope: LeadScope;
  platform: TradingPlatform;
  log: AdapterLog;
}

/** Postgres unique_violation: the login was taken between the check and the insert. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

export function createPlatformsService(deps: PlatformsDeps): PlatformsService {
  const { db, registry, leadScope, platform, log } = deps;

  /** The user's access to lead_platforms; hidden (or unregistered) answers like a missing account. */
  async function platformsAccess(user: EngineUser): Promise<TableAccess> {
    try {
      return await resolveTableAccess(db, registry, user, PLATFORMS_TABLE);
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not-found') throw recordNotFound();
      throw error;
    }
  }

  /**
   * The account if the user may see it: a row of lead_platforms inside the user's scope (its lead is
   * inside the leads scope, the engine's child rule), and the platformlar module. Else the same 404.
   */
  async function requireAccount(user: EngineUser, account: AccountQuery): Promise<PlatformRow> {
    const access = await platformsAccess(user);
    const byId = account.id === undefined ? sql<boolean>`true` : sql<boolean>`id = ${account.id}`;
    const { rows } = await sql<PlatformRow>`select id, customer_id, login, type from lead_platforms
      where login = ${account.login} and type = ${account.type} and ${byId} and ${access.scope}
      order by id limit 2`.execute(db);
    const [row] = rows;
    if (!row) throw recordNotFound();
    if (rows.length > 1) throw DomainError.invalid(platformMessages.ambiguousLogin);
    await leadScope.requireLead(user, row.customer_id, { module: PLATFORMS_MODULE });
    return row;
  }

  async function read<T>(
    user: EngineUser,
    account: AccountQuery,
    load: (login: string) => Promise<T>,
  ): Promise<{ result: T }> {
    const row = await requireAccount(user, account);
    try {
      return { result: await load(row.login) };
    } catch (error) {
      throw platformFailure(error, log, { login: row.login });
    }
  }

  async function journal(
    trx: Kysely<Database>,
    leadId: number,
    agentId: number,
    key: string,
    change: { old: string | null; new: string },
  ): Promise<void> {
    await trx
      .insertInto('lead_journal')
      .values({ lead_id: leadId, agent_id: agentId, values: JSON.stringify({ [key]: change }) })
      .execute();
  }

  async function requireWhitelabel(id: number | undefined): Promise<void> {
    if (id === undefined) return;
    const found = await db
      .selectFrom('option_values')
      .select('id')
      .where('list_id', '=', OPTION_LIST_IDS.whitelabels)
      .where('value', '=', String(id))
      .executeTakeFirst();
    if (!found) throw DomainError.invalid(platformMessages.whitelabelInvalid);
  }

  /** The answer of a recorded operation: the spec's success and msg, the operation, its ticket once done. */
  async function answerOf(id: number): Promise<CallResult<'createDeposit'>> {
    const [operation] = await operationViews(db, { ids: [id] });
    if (!operation) throw recordNotFound();
    return {
      success: true,
      msg: platformOperationMessages.queued,
      operation,
      ...(operation.ticket === null ? {} : { ticket: operation.ticket }),
    };
  }

  /**
   * A request sent again with its key answers the operation the first one recorded; the key of another
   * request (another account, direction, amount or user) is refused.
   */
  async function replayOf(request: {
    key: string;
    user: EngineUser;
    account: PlatformRow;
    direction: BalanceDirection;
    amount: string;
  }): Promise<CallResult<'createDeposit'> | null> {
    const earlier = await db
      .selectFrom('platform_operations')
      .select([
        'id',
        'lead_platform_id',
        'direction',
        'created_by',
        sql<boolean>`amount = ${request.amount}::numeric`.as('same_amount'),
      ])
      .where('idempotency_key', '=', request.key)
      .executeTakeFirst();
    if (!earlier) return null;
    const same =
      earlier.lead_platform_id === request.account.id &&
      earlier.direction === request.direction &&
      earlier.created_by === request.user.id &&
      earlier.same_amount;
    if (!same) throw DomainError.conflict(platformOperationMessages.requestKeyReused);
    return answerOf(earlier.id);
  }

  /**
   * A withdrawal the account cannot cover is refused at once: its balance less the withdrawals still on
   * their way. The platform has the last word when the job sends it; when the platform cannot be asked
   * now, the operation is recorded and the job finds out.
   */
  async function requireCovered(trx: Kysely<Database>, login: string, amount: string): Promise<void> {
    let balance: string;
    try {
      balance = (await platform.accountInfo(trx, login)).Balance;
    } catch (error) {
      if (isTradingPlatformError(error) && error.code === 'unavailable') return;
      throw error;
    }
    const { rows } = await sql<{ covered: boolean }>`select ${balance}::numeric - coalesce((
        select sum(amount) from platform_operations
        where login = ${login} and direction = 'withdrawal' and state in ('pending', 'sending')), 0)
      >= ${amount}::numeric as covered`.execute(trx);
    if (rows[0]?.covered !== true) {
      throw new TradingPlatformError('no-money', `withdrawal of ${amount} from ${login} not covered`);
    }
  }

  return {
    info: (user, account) => read(user, account, (login) => platform.accountInfo(db, login)),
    openPositions: (user, account) => read(user, account, (login) => platform.openPositions(db, login)),
    pendingOrders: (user, account) => read(user, account, (login) => platform.pendingOrders(db, login)),
    closedPositions: (user, account) => read(user, account, (login) => platform.closedPositions(db, login)),
    deposits: (user, account) => read(user, account, (login) => platform.balanceDeals(db, login, 'deposit')),
    withdrawals: (user, account) =>
      read(user, account, (login) => platform.balanceDeals(db, login, 'withdrawal')),

    async create(user, input) {
      const lead = await leadScope.requireLead(user, input.customer_id, {
        module: PLATFORMS_MODULE,
        columns: ['name', 'phone', 'email'],
      });
      const access = await platformsAccess(user);
      if (access.flags.update !== 1) throw DomainError.forbidden(messages.forbidden);
      await requireWhitelabel(input.whitelabel_id);
      const pick = (given: string | undefined, stored: unknown): string =>
        given !== undefined && given !== '' ? given : typeof stored === 'string' ? stored : '';
      try {
        // The CRM's row and the platform's account in one transaction: a refusal leaves neither.
        return await db.transaction().execute(async (trx) => {
          await sql`select id from leads where id = ${input.customer_id} for update`.execute(trx);
          const taken = await trx
            .selectFrom('lead_platforms')
            .select('id')
            .where('login', '=', input.login)
            .where(sql<number>`coalesce(whitelabel_id, 0)`, '=', input.whitelabel_id ?? 0)
            .executeTakeFirst();
          if (taken) throw DomainError.conflict(platformMessages.loginTaken);
          const { id } = await trx
            .insertInto('lead_platforms')
            .values({
              customer_id: input.customer_id,
              login: input.login,
              type: input.type,
              whitelabel_id: input.whitelabel_id ?? null,
              agent_id: user.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await journal(trx, input.customer_id, user.id, platformMessages.journalAccount, {
            old: null,
            new: `${input.login} (${input.type})`,
          });
          const created = await platform.createAccount(trx, {
            login: input.login,
            type: input.type,
            name: pick(input.name, lead.name),
            email: pick(input.email, lead.email),
            phone: pick(input.phone, lead.phone),
            leverage: DEFAULT_LEVERAGE,
          });
          return {
            success: true,
            msg: platformMessages.platformCreated,
            id,
            login: created.login,
            ...(created.password === undefined ? {} : { password: created.password }),
            ...(created.investorPassword === undefined
              ? {}
              : { investor_password: created.investorPassword }),
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw DomainError.conflict(platformMessages.loginTaken);
        throw platformFailure(error, log, { login: input.login, customer: input.customer_id });
      }
    },

    async moveMoney(user, direction, input) {
      if (user.department !== PLATFORM_MONEY_DEPARTMENT)
        throw DomainError.forbidden(platformMessages.onlyRisk);
      const account = await requireAccount(user, input);
      const key =
        input.idempotency_key === undefined
          ? newReference()
          : referenceForRequest(user.id, input.idempotency_key);
      const request = { key, user, account, direction, amount: input.amount };
      const earlier = await replayOf(request);
      if (earlier) return earlier;
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          // One money move per account at a time; an account moved to another lead meanwhile is refused
          // like a missing one.
          const locked = await trx
            .selectFrom('lead_platforms')
            .select('customer_id')
            .where('id', '=', account.id)
            .forUpdate()
            .executeTakeFirst();
          if (locked?.customer_id !== account.customer_id) throw recordNotFound();
          if (direction === 'withdrawal') await requireCovered(trx, account.login, input.amount);
          const row = await insertOperation(trx, {
            key,
            account,
            direction,
            amount: input.amount,
            currencyId: null,
            comment:
              direction === 'deposit' ? platformMessages.depositComment : platformMessages.withdrawalComment,
            leverage: input.leverage,
            transactionId: null,
            createdBy: user.id,
          });
          await journalOperationStep(trx, row, {
            agentId: user.id,
            action: 'move',
            old: null,
            new: queuedText(row),
          });
          return row.id;
        });
      } catch (error) {
        // The same request twice at once: the second answers the first's operation.
        if (isUniqueViolation(error)) {
          const raced = await replayOf(request);
          if (raced) return raced;
        }
        throw platformFailure(error, log, { login: account.login, direction });
      }
      return answerOf(id);
    },

    async operations(user, account) {
      const row = await requireAccount(user, account);
      return { result: await operationViews(db, { accountId: row.id }) };
    },
  };
}
