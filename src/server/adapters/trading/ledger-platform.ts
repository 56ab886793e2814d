import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { commentWithReference } from './balance-reference';
import { TradingPlatformError, type BalanceOperation, type TradingPlatform } from './trading-types';

/** Account groups of the ledger, named like MT5 groups. */
export const LEDGER_GROUPS = { Real: 'real\\crm-usd', Demo: 'demo\\crm-usd' } as const;

/** Most rows one list answers (an account's whole history is for the platform's own terminal). */
export const LEDGER_LIST_LIMIT = 500;

const time = (name: string) => sql<string>`to_char(${sql.ref(name)}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The embedded default platform: accounts, positions, orders and deals in the CRM's own database
 * (migrations 012, 026). Every call runs in the handle it is given; amounts stay NUMERIC from the request
 * to the row (never a JS number), and a withdrawal locks the account row and checks its balance first, so
 * two at once never take the same money twice.
 */
export function createLedgerPlatform(): TradingPlatform {
  async function requireAccount(db: Kysely<Database>, login: string, lock = false): Promise<string> {
    const query = db.selectFrom('trading_accounts').select('balance').where('login', '=', login);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    if (!row) throw new TradingPlatformError('not-found', `ledger: no account ${login}`);
    return row.balance;
  }

  /**
   * One balance deal. The account row is locked first, so two operations on one account (or the same one
   * twice) queue; a reference already booked answers its deal again and moves nothing.
   */
  async function book(
    db: Kysely<Database>,
    { login, direction, amount, comment, leverage, reference }: BalanceOperation,
  ): Promise<{ ticket: string }> {
    const balance = await requireAccount(db, login, true);
    const booked = await db
      .selectFrom('trading_deals')
      .select(sql<string>`deal::text`.as('deal'))
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (booked) return { ticket: booked.deal };
    if (leverage !== null) {
      await db.updateTable('trading_accounts').set({ leverage }).where('login', '=', login).execute();
    }
    if (direction === 'withdrawal') {
      const { rows } = await sql<{ covered: boolean }>`select ${balance}::numeric >= ${amount}::numeric
        as covered`.execute(db);
      if (!rows[0]?.covered) throw new TradingPlatformError('no-money', `ledger: ${login} lacks ${amount}`);
    }
    const signed = direction === 'deposit' ? sql`${amount}::numeric` : sql`-(${amount}::numeric)`;
    await db
      .updateTable('trading_accounts')
      .set({ balance: sql<string>`balance + ${signed}` })
      .where('login', '=', login)
      .execute();
    const deal = await db
      .insertInto('trading_deals')
      .values({
        login,
        action: 2,
        profit: sql<string>`${signed}`,
        comment: commentWithReference(comment, reference),
        reference,
      })
      .returning(sql<string>`deal::text`.as('deal'))
      .executeTakeFirstOrThrow();
    return { ticket: deal.deal };
  }

  return {
    kind: 'ledger',
    target: null,

    async createAccount(db, account) {
      const created = await db
        .insertInto('trading_accounts')
        .values({
          login: account.login,
          name: account.name,
          email: account.email || null,
          phone: account.phone || null,
          group_name: LEDGER_GROUPS[account.type],
          leverage: account.leverage,
          balance: '0',
          credit: '0',
        })
        .onConflict((oc) => oc.column('login').doNothing())
        .returning('login')
        .executeTakeFirst();
      if (!created) throw new TradingPlatformError('exists', `ledger: login ${account.login} exists`);
      return { login: created.login };
    },

    async accountInfo(db, login) {
      const row = await db
        .selectFrom('trading_accounts as a')
        .select([
          'a.login',
          'a.name',
          'a.group_name',
          'a.leverage',
          sql<string>`a.balance::text`.as('balance'),
          sql<string>`a.credit::text`.as('credit'),
          // Equity as MT5 reports it: balance, credit and the floating result of the open positions.
          sql<string>`(a.balance + a.credit + coalesce((select sum(p.profit + p.storage)
            from trading_positions p where p.login = a.login), 0))::numeric(18,2)::text`.as('equity'),
          time('a.registration').as('registration'),
          time('a.last_access').as('last_access'),
          time('a.last_pass_change').as('last_pass_change'),
        ])
        .where('a.login', '=', login)
        .executeTakeFirst();
      if (!row) throw new TradingPlatformError('not-found', `ledger: no account ${login}`);
      return {
        Login: row.login,
        Name: row.name,
        Registration: row.registration,
        LastAccess: row.last_access,
        LastPassChange: row.last_pass_change,
        Group: row.group_name,
        Balance: row.balance,
        Credit: row.credit,
        Equity: row.equity,
        Leverage: row.leverage,
      };
    },

    async openPositions(db, login) {
      await requireAccount(db, login);
      const rows = await db
        .selectFrom('trading_positions')
        .select([
          'login',
          sql<string>`position::text`.as('position'),
          'symbol',
          'action',
          'volume',
          time('time_create').as('time_create'),
          sql<string>`price_open::text`.as('price_open'),
          sql<string>`price_sl::text`.as('price_sl'),
          sql<string>`price_tp::text`.as('price_tp'),
          sql<string>`price_current::text`.as('price_current'),
          sql<string>`storage::text`.as('storage'),
          sql<string>`profit::text`.as('profit'),
        ])
        .where('login', '=', login)
        .orderBy('position', 'desc')
        .limit(LEDGER_LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        Login: row.login,
        Position: row.position,
        Symbol: row.symbol,
        Action: row.action,
        Volume: row.volume,
        TimeCreate: row.time_create,
        PriceOpen: row.price_open,
        PriceSL: row.price_sl,
        PriceTP: row.price_tp,
        PriceCurrent: row.price_current,
        Storage: row.storage,
        Profit: row.profit,
      }));
    },

    async pendingOrders(db, login) {
      await requireAccount(db, login);
      const rows = await db
        .selectFrom('trading_orders')
        .select([
          sql<string>`order_id::text`.as('order_id'),
          'symbol',
          'type',
          'volume_current',
          time('time_setup').as('time_setup'),
          sql<string>`price_order::text`.as('price_order'),
        ])
        .where('login', '=', login)
        .orderBy('order_id', 'desc')
        .limit(LEDGER_LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        Order: row.order_id,
        Symbol: row.symbol,
        Type: row.type,
        VolumeCurrent: row.volume_current,
        TimeSetup: row.time_setup,
        PriceOrder: row.price_order,
      }));
    },

    async closedPositions(db, login) {
      await requireAccount(db, login);
      const rows = await db
        .selectFrom('trading_deals')
        .select([
          sql<string>`deal::text`.as('deal'),
          'symbol',
          'action',
          'volume_closed',
          time('time').as('time'),
          sql<string>`profit::text`.as('profit'),
        ])
        .where('login', '=', login)
        .where('action', 'in', [0, 1])
        .where('entry', '=', 1)
        .orderBy('time', 'desc')
        .orderBy('deal', 'desc')
        .limit(LEDGER_LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        Deal: row.deal,
        Symbol: row.symbol,
        Action: row.action,
        VolumeClosed: row.volume_closed,
        Time: row.time,
        Profit: row.profit,
      }));
    },

    async balanceDeals(db, login, direction) {
      await requireAccount(db, login);
      const rows = await db
        .selectFrom('trading_deals')
        .select([
          sql<string>`deal::text`.as('deal'),
          'comment',
          time('time').as('time'),
          sql<string>`profit::text`.as('profit'),
        ])
        .where('login', '=', login)
        .where('action', '=', 2)
        .where('profit', direction === 'deposit' ? '>' : '<', '0')
        .orderBy('time', 'desc')
        .orderBy('deal', 'desc')
        .limit(LEDGER_LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        Deal: row.deal,
        Comment: row.comment,
        Time: row.time,
        Profit: row.profit,
      }));
    },

    async balance(db, operation) {
      // Atomic on its own: a refused withdrawal takes the new leverage back with it.
      return db.isTransaction ? book(db, operation) : db.transaction().execute((trx) => book(trx, operation));
    },

    async referencedDeals(db, login, since) {
      await requireAccount(db, login);
      const rows = await db
        .selectFrom('trading_deals')
        .select([sql<string>`deal::text`.as('deal'), 'reference', sql<string>`profit::text`.as('profit')])
        .where('login', '=', login)
        .where('action', '=', 2)
        .where('reference', 'is not', null)
        .where('time', '>=', sql<string>`to_timestamp(${since})::timestamp`)
        .orderBy('deal')
        .execute();
      return rows.map((row) => ({ ticket: row.deal, reference: row.reference ?? '', amount: row.profit }));
    },

    close: () => Promise.resolve(),
  };
}
