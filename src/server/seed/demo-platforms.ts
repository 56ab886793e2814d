import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { LEDGER_GROUPS } from '../adapters/trading/ledger-platform';
import { platformMessages } from '../../shared/i18n/platform-messages';

/**
 * Demo logins start here. The transactions' own demo data uses 7000001 and up; keep the ranges apart so
 * both can be seeded into one database.
 */
export const DEMO_PLATFORM_LOGIN_START = 5_000_001;
/** Customers per team that get an account, so every sales team has customers with platforms. */
const CUSTOMERS_PER_TEAM = 8;

interface Instrument {
  symbol: string;
  /** Price in 1/100000 units and how far it moves. */
  price: number;
  spread: number;
  /** Profit in cents per price unit and lot thousandth (rough, for believable figures). */
  digits: number;
}

const INSTRUMENTS: readonly Instrument[] = [
  { symbol: 'EURUSD', price: 108_345, spread: 900, digits: 5 },
  { symbol: 'GBPUSD', price: 126_710, spread: 1_100, digits: 5 },
  { symbol: 'USDTRY', price: 3_412_500, spread: 25_000, digits: 5 },
  { symbol: 'XAUUSD', price: 263_215_000, spread: 900_000, digits: 2 },
  { symbol: 'BTCUSD', price: 9_412_000_000, spread: 90_000_000, digits: 2 },
  { symbol: 'US30', price: 440_150_000, spread: 1_500_000, digits: 2 },
];

/** A small deterministic generator, so reruns on empty databases give the same accounts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Whole units of 10^-scale as exact decimal text (never a float). */
function fixed(units: number, scale: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(units))).padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A price of the instrument with its decimals (stored with 5). */
function price(instrument: Instrument, units: number): string {
  const step = 10 ** (5 - instrument.digits);
  return fixed(Math.round(units / step) * step, 5);
}

const at = (daysAgo: number, minutes: number) =>
  sql<string>`date_trunc('second', localtimestamp) - make_interval(days => ${daysAgo}, mins => ${minutes})`;

export interface DemoPlatformsResult {
  readonly accounts: number;
}

/**
 * Real customers of each team get a trading account in the built-in ledger with deposits, a withdrawal
 * now and then, closed trades, open positions and pending orders; every third also a demo account.
 * Balances are the sum of the account's deals, computed in NUMERIC. Only into a database without demo
 * accounts (idempotent).
 */
export async function seedDemoPlatforms(db: Kysely<Database>): Promise<DemoPlatformsResult> {
  return db.transaction().execute(async (trx) => {
    const seeded = await trx
      .selectFrom('trading_accounts')
      .select('login')
      .where('login', '=', String(DEMO_PLATFORM_LOGIN_START))
      .executeTakeFirst();
    if (seeded) return { accounts: 0 };
    const { rows: customers } = await sql<{
      id: number;
      name: string;
      email: string | null;
      phone: string | null;
      agent_id: number | null;
    }>`select id, name, email, phone, agent_id from (
        select id, name, email, phone, agent_id,
          row_number() over (partition by team_id order by id) as n
        from leads where is_customer = 1
      ) ranked where n <= ${CUSTOMERS_PER_TEAM} order by id`.execute(trx);

    let login = DEMO_PLATFORM_LOGIN_START;
    let accounts = 0;
    for (const [index, customer] of customers.entries()) {
      const next = random(index + 1);
      const pick = (n: number): number => Math.floor(next() * n);
      const types = index % 3 === 0 ? (['Real', 'Demo'] as const) : (['Real'] as const);
      for (const type of types) {
        const accountLogin = String(login);
        login += 1;
        accounts += 1;
        const registeredDaysAgo = 30 + pick(300);
        await trx
          .insertInto('lead_platforms')
          .values({
            customer_id: customer.id,
            login: accountLogin,
            type,
            whitelabel_id: 1 + (index % 3),
            agent_id: customer.agent_id,
            created_at: at(registeredDaysAgo, 0),
          })
          .execute();
        await trx
          .insertInto('trading_accounts')
          .values({
            login: accountLogin,
            name: customer.name,
            email: customer.email,
            phone: customer.phone,
            group_name: LEDGER_GROUPS[type],
            leverage: 100,
            balance: '0',
            credit: '0',
            registration: at(registeredDaysAgo, 0),
            last_access: at(pick(5), pick(600)),
            last_pass_change: at(registeredDaysAgo, -5),
          })
          .execute();

        type DealSeed = {
          action: number;
          entry: number;
          symbol: string;
          volume_closed: number;
          price: string;
          profit: string;
          comment: string;
          days: number;
        };
        const deals: DealSeed[] = [];
        const balanceDeal = (cents: number, comment: string, days: number) =>
          deals.push({
            action: 2,
            entry: 0,
            symbol: '',
            volume_closed: 0,
            price: '0',
            profit: fixed(cents, 2),
            comment,
            days,
          });
        // Deposits first (oldest), then trades, now and then a withdrawal.
        let cash = 0;
        for (let d = 0, n = 1 + pick(3); d < n; d += 1) {
          const cents = (1_000 + pick(19_000)) * 100;
          cash += cents;
          balanceDeal(cents, platformMessages.depositComment, registeredDaysAgo - 1 - d * 7);
        }
        for (let t = 0, n = 3 + pick(4); t < n; t += 1) {
          const instrument = INSTRUMENTS[pick(INSTRUMENTS.length)] ?? INSTRUMENTS[0];
          if (!instrument) continue;
          const profit = pick(40_000) - 16_000;
          cash += profit;
          deals.push({
            action: pick(2),
            entry: 1,
            symbol: instrument.symbol,
            volume_closed: (1 + pick(20)) * 10,
            price: price(instrument, instrument.price + (pick(2 * instrument.spread) - instrument.spread)),
            profit: fixed(profit, 2),
            comment: '',
            days: Math.max(0, registeredDaysAgo - 20 - t * 9),
          });
        }
        if (pick(3) === 0 && cash > 200_000) {
          const cents = Math.floor(cash / 4 / 100) * 100;
          balanceDeal(-cents, platformMessages.withdrawalComment, Math.max(0, pick(15)));
        }
        await trx
          .insertInto('trading_deals')
          .values(
            deals.map((deal) => ({
              login: accountLogin,
              action: deal.action,
              entry: deal.entry,
              symbol: deal.symbol,
              volume_closed: deal.volume_closed,
              price: deal.price,
              profit: deal.profit,
              comment: deal.comment,
              time: at(deal.days, pick(1_000)),
            })),
          )
          .execute();

        const positions = Array.from({ length: 1 + pick(3) }, () => {
          const instrument = INSTRUMENTS[pick(INSTRUMENTS.length)] ?? INSTRUMENTS[0];
          const open = (instrument?.price ?? 100_000) + pick(instrument?.spread ?? 1000);
          const current = open + pick(2 * (instrument?.spread ?? 1000)) - (instrument?.spread ?? 1000);
          const action = pick(2);
          return { instrument: instrument ?? INSTRUMENTS[0], open, current, action };
        });
        await trx
          .insertInto('trading_positions')
          .values(
            positions.map(({ instrument, open, current, action }) => ({
              login: accountLogin,
              symbol: instrument?.symbol ?? 'EURUSD',
              action,
              volume: (1 + pick(10)) * 10,
              price_open: instrument ? price(instrument, open) : '1.00000',
              price_current: instrument ? price(instrument, current) : '1.00000',
              price_sl: '0',
              price_tp: '0',
              storage: fixed(-pick(500), 2),
              profit: fixed((action === 0 ? 1 : -1) * (current - open) * 3, 2),
              time_create: at(pick(10), pick(1_000)),
            })),
          )
          .execute();
        const orders = pick(3);
        if (orders > 0) {
          await trx
            .insertInto('trading_orders')
            .values(
              Array.from({ length: orders }, () => {
                const instrument = INSTRUMENTS[pick(INSTRUMENTS.length)] ?? INSTRUMENTS[0];
                const type = 2 + pick(2);
                const offset = (instrument?.spread ?? 1000) * (type === 2 ? -3 : 3);
                return {
                  login: accountLogin,
                  symbol: instrument?.symbol ?? 'EURUSD',
                  type,
                  volume_current: (1 + pick(10)) * 10,
                  price_order: instrument ? price(instrument, instrument.price + offset) : '1.00000',
                  time_setup: at(pick(5), pick(1_000)),
                };
              }),
            )
            .execute();
        }
        // The balance is what the deals add up to, summed in NUMERIC.
        await sql`update trading_accounts set balance = coalesce((select sum(profit) from trading_deals
          where login = ${accountLogin}), 0) where login = ${accountLogin}`.execute(trx);
      }
    }
    // Platform rows other demo data opened (the transactions' customers, 7000001 and up) get their ledger
    // account too, empty, so every login the CRM lists answers on the Platformlar tab.
    const { rows: unopened } = await sql<{ login: string; type: 'Real' | 'Demo'; name: string }>`
      select p.login, p.type, l.name from lead_platforms p join leads l on l.id = p.customer_id
      where not exists (select 1 from trading_accounts t where t.login = p.login)`.execute(trx);
    for (const row of unopened) {
      await trx
        .insertInto('trading_accounts')
        .values({
          login: row.login,
          name: row.name,
          email: null,
          phone: null,
          group_name: LEDGER_GROUPS[row.type],
          leverage: 100,
          balance: '0',
          credit: '0',
          registration: at(30, 0),
          last_access: at(1, 0),
          last_pass_change: at(30, 0),
        })
        .execute();
      accounts += 1;
    }
    return { accounts };
  });
}
