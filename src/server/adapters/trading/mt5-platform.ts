import { randomInt } from 'node:crypto';
import type { BalanceDeal, ClosedPosition } from '../../../shared/contract/platforms';
import type { AdapterLog } from '../adapter-log';
import { commentWithReference, referenceOf } from './balance-reference';
import { createMt5Client, retcodeNumber, type Mt5Answer, type Mt5Client } from './mt5-client';
import type { Mt5Config } from './trading-config';
import { TradingPlatformError, type TradingErrorCode, type TradingPlatform } from './trading-types';

/** MT5 retcodes the CRM tells apart (integrations reference): the rest are "refused". */
const RETCODES: Readonly<Record<number, TradingErrorCode>> = {
  3004: 'exists',
  13: 'not-found',
  10019: 'no-money',
};
/** MT5 answers at most this many rows per page; lists stop after MAX_PAGES pages. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;
/** How many pages a deal lookup reads before it gives up (10,000 deals since the operation began). */
const LOOKUP_PAGES = 100;

type Row = Record<string, unknown>;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const int = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};
/** MT5 sends numbers as strings ("100.00"); kept as text so nothing passes through a float. */
const decimal = (value: unknown): string => {
  const raw = text(value).trim();
  return /^-?\d+(\.\d+)?$/.test(raw) ? raw : '0';
};
/** Unix seconds of the server's clock as 'YYYY-MM-DD HH:mm:ss'; 0 (never) is null. */
export function mt5Time(value: unknown): string | null {
  const seconds = int(value);
  if (seconds <= 0) return null;
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
/** MT5 volumes are in 1/10000 lot; the CRM's are thousandths (shown /1000, docs/requirements.md#constants-and-limits). */
const volume = (value: unknown): number => Math.round(int(value) / 10);

function answerOf(path: string, reply: Mt5Answer): unknown {
  const code = retcodeNumber(reply.retcode);
  if (code === 0) return reply.answer;
  const kind = (code !== null ? RETCODES[code] : undefined) ?? 'refused';
  throw new TradingPlatformError(kind, `MT5 ${path}: ${reply.retcode}`, code === null ? null : String(code));
}

function rowsOf(path: string, reply: Mt5Answer): Row[] {
  const answer = answerOf(path, reply);
  if (!Array.isArray(answer)) return [];
  return answer.filter((row): row is Row => typeof row === 'object' && row !== null);
}

function rowOf(path: string, reply: Mt5Answer): Row {
  const answer = answerOf(path, reply);
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Row) : {};
}

/** A password MT5's policy accepts: upper and lower case, a digit and a sign, 12 characters. */
export function mt5Password(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#@!$%'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)] ?? 'A');
  while (chars.length < 12) chars.push(all[randomInt(all.length)] ?? 'a');
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** The MetaTrader 5 Web API as the CRM's trading platform (one session, see mt5-client.ts). */
export function createMt5Platform(
  config: Mt5Config,
  log: AdapterLog,
  client: Mt5Client = createMt5Client(config, log),
): TradingPlatform {
  /**
   * Every page of a list, up to `limit` pages. A list that needs more is cut for the screens (MAX_PAGES)
   * but refused for a lookup (LOOKUP_PAGES): a deal missing from it would be booked again.
   */
  async function pages(
    path: string,
    query: Record<string, string | number>,
    limit = MAX_PAGES,
  ): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 0; page < limit; page += 1) {
      const batch = rowsOf(
        path,
        await client.call(path, {
          query: { ...query, offset: page * PAGE_SIZE, total: PAGE_SIZE },
          idempotent: true,
        }),
      );
      rows.push(...batch);
      if (batch.length < PAGE_SIZE) return rows;
    }
    if (limit === LOOKUP_PAGES) {
      throw new TradingPlatformError('unavailable', `MT5 ${path}: more than ${limit} pages to read`);
    }
    return rows;
  }

  async function setLeverage(login: string, leverage: number): Promise<void> {
    answerOf(
      '/api/user/update',
      await client.call('/api/user/update', { method: 'POST', query: { login, leverage }, body: {} }),
    );
  }

  async function deals(login: string): Promise<Row[]> {
    const now = Math.floor(Date.now() / 1000) + 86_400;
    const rows = await pages('/api/deal/get_page', { login, from: 0, to: now });
    return rows.sort((a, b) => int(b.Time) - int(a.Time) || int(b.Deal) - int(a.Deal));
  }

  return {
    kind: 'mt5',
    target: config.url.origin,

    async createAccount(_db, account) {
      const password = mt5Password();
      const investorPassword = mt5Password();
      const reply = await client.call('/api/user/add', {
        method: 'POST',
        query: {
          login: account.login,
          group: config.groups[account.type],
          name: account.name,
          leverage: account.leverage,
          email: account.email,
          phone: account.phone,
        },
        body: { PassMain: password, PassInvestor: investorPassword },
      });
      const created = rowOf('/api/user/add', reply);
      return { login: text(created.Login) || account.login, password, investorPassword };
    },

    async accountInfo(_db, login) {
      const user = rowOf(
        '/api/user/get',
        await client.call('/api/user/get', { query: { login }, idempotent: true }),
      );
      // Idle accounts may have no trade account record: the user's own Balance stands in (reference).
      const account = rowOf(
        '/api/user/account/get',
        await client.call('/api/user/account/get', { query: { login }, idempotent: true }),
      );
      const balance = decimal(account.Balance ?? user.Balance);
      return {
        Login: text(user.Login) || login,
        Name: text(user.Name),
        Registration: mt5Time(user.Registration),
        LastAccess: mt5Time(user.LastAccess),
        LastPassChange: mt5Time(user.LastPassChange),
        Group: text(user.Group),
        Balance: balance,
        Credit: decimal(account.Credit ?? user.Credit),
        Equity: account.Equity === undefined ? balance : decimal(account.Equity),
        Leverage: int(user.Leverage),
      };
    },

    async openPositions(_db, login) {
      return (await pages('/api/position/get_page', { login })).map((row) => ({
        Login: text(row.Login) || login,
        Position: text(row.Position),
        Symbol: text(row.Symbol),
        Action: int(row.Action),
        Volume: volume(row.Volume),
        TimeCreate: mt5Time(row.TimeCreate),
        PriceOpen: decimal(row.PriceOpen),
        PriceSL: decimal(row.PriceSL),
        PriceTP: decimal(row.PriceTP),
        PriceCurrent: decimal(row.PriceCurrent),
        Storage: decimal(row.Storage),
        Profit: decimal(row.Profit),
      }));
    },

    async pendingOrders(_db, login) {
      return (await pages('/api/order/get_page', { login })).map((row) => ({
        Order: text(row.Order),
        Symbol: text(row.Symbol),
        Type: int(row.Type),
        VolumeCurrent: volume(row.VolumeCurrent),
        TimeSetup: mt5Time(row.TimeSetup),
        PriceOrder: decimal(row.PriceOrder),
      }));
    },

    async closedPositions(_db, login) {
      return (await deals(login))
        .filter((row) => int(row.Action) <= 1 && [1, 3].includes(int(row.Entry)))
        .map((row): ClosedPosition => ({
          Deal: text(row.Deal),
          Symbol: text(row.Symbol),
          Action: int(row.Action),
          VolumeClosed: volume(row.VolumeClosed),
          Time: mt5Time(row.Time),
          Profit: decimal(row.Profit),
        }));
    },

    async balanceDeals(_db, login, direction) {
      return (await deals(login))
        .filter((row) => {
          if (int(row.Action) !== 2) return false;
          const profit = decimal(row.Profit);
          const negative = profit.startsWith('-');
          return direction === 'deposit' ? !negative && /[1-9]/.test(profit) : negative;
        })
        .map((row): BalanceDeal => ({
          Deal: text(row.Deal),
          Comment: text(row.Comment),
          Time: mt5Time(row.Time),
          Profit: decimal(row.Profit),
        }));
    },

    async balance(_db, { login, direction, amount, comment, leverage, reference }) {
      // The balance operation takes no leverage: it is the account's, set by a user update first. Read
      // first, so an unchanged leverage costs no write and a changed one can be put back.
      let previous = 0;
      let changed = false;
      if (leverage !== null) {
        const user = rowOf(
          '/api/user/get',
          await client.call('/api/user/get', { query: { login }, idempotent: true }),
        );
        previous = int(user.Leverage);
        changed = previous !== leverage;
        if (changed) await setLeverage(login, leverage);
      }
      try {
        const reply = await client.call('/api/trade/balance', {
          query: {
            login,
            type: 2,
            balance: direction === 'deposit' ? amount : `-${amount}`,
            comment: commentWithReference(comment, reference),
          },
        });
        const answer = rowOf('/api/trade/balance', reply);
        const ticket = text(answer.ticket ?? answer.Ticket);
        if (ticket === '') throw new TradingPlatformError('refused', 'MT5 balance answered no ticket');
        return { ticket };
      } catch (error) {
        // Put back only after a clear refusal: after a lost answer the deal may stand (the job looks).
        const refused = error instanceof TradingPlatformError && error.code !== 'unavailable';
        if (refused && changed && previous > 0) {
          await setLeverage(login, previous).catch((restoreError: unknown) => {
            log.warn({ err: restoreError, login, leverage: previous }, 'MT5 leverage not restored');
          });
        }
        throw error;
      }
    },

    async referencedDeals(_db, login, since) {
      const to = Math.floor(Date.now() / 1000) + 86_400;
      const rows = await pages('/api/deal/get_page', { login, from: Math.max(0, since), to }, LOOKUP_PAGES);
      return rows.flatMap((row) => {
        const reference = int(row.Action) === 2 ? referenceOf(text(row.Comment)) : null;
        return reference === null ? [] : [{ ticket: text(row.Deal), reference, amount: decimal(row.Profit) }];
      });
    },

    close: () => client.close(),
  };
}
