import type { Kysely } from 'kysely';
import type {
  BalanceDeal,
  ClosedPosition,
  OpenPosition,
  PendingOrder,
  PlatformInfo,
} from '../../../shared/contract/platforms';
import type { PlatformAccountType } from '../../../shared/domain/platforms';
import type { Database } from '../../db/schema';

export type TradingPlatformKind = 'ledger' | 'mt5';

export interface NewTradingAccount {
  login: string;
  type: PlatformAccountType;
  name: string;
  email: string;
  phone: string;
  leverage: number;
}

/** The MT5 passwords of a new account: shown to the user once, never stored by the CRM. */
export interface CreatedTradingAccount {
  login: string;
  password?: string;
  investorPassword?: string;
}

export type BalanceDirection = 'deposit' | 'withdrawal';

export interface BalanceOperation {
  login: string;
  direction: BalanceDirection;
  /** Exact decimal text above zero ('0.30'); the sign comes from the direction. */
  amount: string;
  /** The readable part of the deal's comment; cut so that it and the reference fit MT5's 32 characters. */
  comment: string;
  /**
   * The account's leverage (1:N) the deposit or withdrawal is made with (see docs/requirements.md#calls, default 100): set on
   * the account first when it differs, and put back if the balance operation is then refused. null: the
   * account keeps its own (the funding of a completed deposit).
   */
  leverage: number | null;
  /**
   * The operation's idempotency key (balance-reference.ts): carried in the deal's comment, and the
   * platform books one reference at most once where it can tell (the ledger); see referencedDeals.
   */
  reference: string;
}

/** A balance deal that carries a CRM reference: what the platform booked for one operation. */
export interface ReferencedDeal {
  ticket: string;
  reference: string;
  /** Signed exact decimal text: above zero a deposit, below a withdrawal. */
  amount: string;
}

/**
 * Why a platform refused or failed. `exists`: the login is taken; `not-found`: no such account;
 * `no-money`: the balance does not cover a withdrawal; `refused`: any other platform answer;
 * `unavailable`: the platform could not be reached or answered nonsense.
 */
export type TradingErrorCode = 'exists' | 'not-found' | 'no-money' | 'refused' | 'unavailable';

/** A platform's refusal; `detail` is technical (for the log), never shown to users. */
export class TradingPlatformError extends Error {
  readonly code: TradingErrorCode;
  /** The platform's own code (MT5 retcode) where there is one. */
  readonly platformCode: string | null;

  constructor(code: TradingErrorCode, detail: string, platformCode: string | null = null) {
    super(detail);
    this.name = 'TradingPlatformError';
    this.code = code;
    this.platformCode = platformCode;
  }
}

export function isTradingPlatformError(error: unknown): error is TradingPlatformError {
  return error instanceof TradingPlatformError;
}

/**
 * A trading platform as the CRM uses it: open an account, read it, move money on it. Each call gets a
 * database handle: the built-in ledger works in it (its own transaction when it is not one already), MT5
 * ignores it. Money moves are sent by the platform operations job, never inside the CRM's transaction.
 */
export interface TradingPlatform {
  readonly kind: TradingPlatformKind;
  /** Where it is (MT5's address), for the start-up banner; null for the ledger. */
  readonly target: string | null;
  createAccount(db: Kysely<Database>, account: NewTradingAccount): Promise<CreatedTradingAccount>;
  accountInfo(db: Kysely<Database>, login: string): Promise<PlatformInfo>;
  openPositions(db: Kysely<Database>, login: string): Promise<OpenPosition[]>;
  pendingOrders(db: Kysely<Database>, login: string): Promise<PendingOrder[]>;
  closedPositions(db: Kysely<Database>, login: string): Promise<ClosedPosition[]>;
  balanceDeals(db: Kysely<Database>, login: string, direction: BalanceDirection): Promise<BalanceDeal[]>;
  /** Deposits or withdraws; answers the platform's ticket of the balance deal. */
  balance(db: Kysely<Database>, operation: BalanceOperation): Promise<{ ticket: string }>;
  /**
   * The balance deals of an account that carry a CRM reference, booked at or after `since` (unix
   * seconds). Throws `unavailable` rather than answer a list it could not read whole: a deal missing
   * from it would be sent again.
   */
  referencedDeals(db: Kysely<Database>, login: string, since: number): Promise<ReferencedDeal[]>;
  close(): Promise<void>;
}
