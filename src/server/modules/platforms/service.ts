import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, Contract } from '../../../shared/contract';
import type { PlatformAccountType } from '../../../shared/domain/platforms';
import { DEFAULT_LEVERAGE, OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { formatDecimalTr } from '../../../shared/domain/decimal';
import { format, messages } from '../../../shared/i18n/messages';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import type { AdapterLog } from '../../adapters/adapter-log';
import type { BalanceDirection, TradingPlatform } from '../../adapters/trading/trading-platform';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
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

export type MoneyInput = AccountQuery & { amount: string; leverage: number };

export interface PlatformsService {
  info(user: EngineUser, account: AccountQuery): Promise<CallResult<'getPlatformInfo'>>;
  openPositions(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserOpenPositions'>>;
  pendingOrders(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserPendingOrders'>>;
  closedPositions(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserClosedPositions'>>;
  deposits(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserDeposit'>>;
  withdrawals(user: EngineUser, account: AccountQuery): Promise<CallResult<'getUserWithdrawal'>>;
  create(user: EngineUser, input: NewPlatformInput): Promise<CallResult<'createPlatform'>>;
  moveMoney(
    user: EngineUser,
    direction: BalanceDirection,
    input: MoneyInput,
  ): Promise<CallResult<'createDeposit'>>;
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

  /**
   * The lead's agent and retention agent learn of money moved on their customer's account: a notification
   * due now, which the reminder job pushes over socket.io (and the bell lists), written with the move.
   */
  async function notifyFollowers(
    trx: Kysely<Database>,
    user: EngineUser,
    account: PlatformRow,
    direction: BalanceDirection,
    amount: string,
  ): Promise<void> {
    const lead = await trx
      .selectFrom('leads')
      .select(['name', 'agent_id', 'retention_id'])
      .where('id', '=', account.customer_id)
      .executeTakeFirst();
    if (!lead) return;
    const actor = await trx.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirst();
    const recipients = [...new Set([lead.agent_id, lead.retention_id])].filter(
      (id): id is number => id !== null && id !== user.id,
    );
    if (recipients.length === 0) return;
    const deposit = direction === 'deposit';
    const body = format(
      deposit ? platformMessages.noticeDepositBody : platformMessages.noticeWithdrawalBody,
      {
        login: account.login,
        amount: formatDecimalTr(amount) ?? amount,
        agent: actor?.name ?? '',
      },
    );
    await trx
      .insertInto('notifications')
      .values(
        recipients.map((userId) => ({
          user_id: userId,
          lead_id: account.customer_id,
          lead_name: lead.name,
          title: deposit ? platformMessages.noticeDepositTitle : platformMessages.noticeWithdrawalTitle,
          body,
          start: null,
          completed_agent_name: null,
          note_id: null,
        })),
      )
      .execute();
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
      const template =
        direction === 'deposit' ? platformMessages.journalDeposit : platformMessages.journalWithdrawal;
      try {
        const { ticket } = await db.transaction().execute(async (trx) => {
          // One money move per account at a time (the ledger also locks its balance row); an account moved
          // to another lead meanwhile is refused like a missing one.
          const locked = await trx
            .selectFrom('lead_platforms')
            .select('customer_id')
            .where('id', '=', account.id)
            .forUpdate()
            .executeTakeFirst();
          if (locked?.customer_id !== account.customer_id) throw recordNotFound();
          const moved = await platform.balance(trx, {
            login: account.login,
            direction,
            amount: input.amount,
            comment:
              direction === 'deposit' ? platformMessages.depositComment : platformMessages.withdrawalComment,
            leverage: input.leverage,
          });
          await journal(trx, account.customer_id, user.id, format(template, { login: account.login }), {
            old: null,
            new: `${direction === 'deposit' ? '' : '-'}${input.amount} (#${moved.ticket}, ${input.leverage})`,
          });
          await notifyFollowers(trx, user, account, direction, input.amount);
          return moved;
        });
        return { success: true, msg: platformMessages.success, ticket };
      } catch (error) {
        throw platformFailure(error, log, { login: account.login, direction });
      }
    },
  };
}
