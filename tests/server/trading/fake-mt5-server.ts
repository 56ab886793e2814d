import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A protocol-level stand-in for the MetaTrader 5 Web API (integrations reference): the challenge
 * handshake bound to the TCP connection, keep-alive, and the user, position, order, deal and balance
 * commands over an in-memory book. Numbers are answered as strings, as MT5 does. Written from the
 * protocol, independently of the adapter's code.
 */
export interface FakeMt5Account {
  Login: string;
  Name: string;
  Group: string;
  Leverage: string;
  Balance: string;
  /** Balance in cents, for exact sums. */
  cents: number;
  Registration: string;
  positions: Record<string, string>[];
  orders: Record<string, string>[];
  deals: Record<string, string>[];
}

export interface FakeMt5Options {
  managerLogin: string;
  password: string;
  /** A fixed server challenge (the test vector); random when absent. */
  srvRand?: string;
  /** Answer user/account/get empty, as MT5 does for idle accounts. */
  emptyTradeAccount?: boolean;
  /** Serve HTTPS with this PEM key and certificate, as a real MT5 server does. */
  tls?: { key: string; cert: string };
}

/**
 * What the next balance command meets instead of a plain answer: the connection dropped before the
 * deal is booked (`drop-before`) or after it is booked and before the answer is sent (`drop-after`: the
 * client cannot know), or a refusal with this retcode.
 */
export type FakeMt5BalanceFault = 'drop-before' | 'drop-after' | { retcode: string };

export interface FakeMt5Server {
  url: string;
  /** Faults for the next balance commands, taken one per command in order. */
  balanceFaults: FakeMt5BalanceFault[];
  accounts: Map<string, FakeMt5Account>;
  /** Connections that completed a TLS handshake (https only). */
  tlsSessions: number;
  /** Every request: path, the connection it came on, the query. */
  requests: { path: string; socket: number; query: URLSearchParams; body: string }[];
  handshakes: number;
  pings: number;
  /** The last client challenge and the answer the server gave. */
  lastCliRand: string | null;
  lastCliRandAnswer: string | null;
  lastSrvRandAnswer: string | null;
  /** Closes every open connection (a server restart or an idle drop). */
  dropConnections(): void;
  close(): Promise<void>;
}

const md5 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function toCents(text: string): number | null {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

export async function startFakeMt5(options: FakeMt5Options): Promise<FakeMt5Server> {
  const pwHash = md5(md5(Buffer.from(options.password, 'utf16le')), Buffer.from('WebAPI', 'ascii'));
  const sessions = new WeakMap<Socket, { srvRand?: string; authenticated: boolean; id: number }>();
  const sockets = new Set<Socket>();
  let socketCount = 0;
  let ticket = 900_000;
  const state: FakeMt5Server = {
    url: '',
    balanceFaults: [],
    accounts: new Map(),
    requests: [],
    handshakes: 0,
    tlsSessions: 0,
    pings: 0,
    lastCliRand: null,
    lastCliRandAnswer: null,
    lastSrvRandAnswer: null,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => Promise.resolve(),
  };

  function answer(res: ServerResponse, body: Record<string, unknown>): void {
    res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'keep-alive' });
    res.end(JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://mt5');
    const query = url.searchParams;
    const socket = req.socket;
    const session = sessions.get(socket) ?? { authenticated: false, id: 0 };
    state.requests.push({ path: url.pathname, socket: session.id, query, body });
    const done = (value: unknown) => answer(res, { retcode: '0 Done', answer: value });

    if (url.pathname === '/api/auth/start') {
      if (query.get('login') !== options.managerLogin || query.get('type') !== 'manager') {
        answer(res, { retcode: '3 Invalid parameters' });
        return;
      }
      session.srvRand = options.srvRand ?? randomBytes(16).toString('hex');
      session.authenticated = false;
      answer(res, { retcode: '0 Done', version_access: '484', srv_rand: session.srvRand });
      return;
    }
    if (url.pathname === '/api/auth/answer') {
      const expected = md5(pwHash, Buffer.from(session.srvRand ?? '', 'hex')).toString('hex');
      const given = query.get('srv_rand_answer') ?? '';
      state.lastSrvRandAnswer = given;
      if (session.srvRand === undefined || given !== expected) {
        answer(res, { retcode: '1001 Invalid account or password' });
        return;
      }
      const cliRand = query.get('cli_rand') ?? '';
      session.authenticated = true;
      state.handshakes += 1;
      state.lastCliRand = cliRand;
      state.lastCliRandAnswer = md5(pwHash, Buffer.from(cliRand, 'hex')).toString('hex');
      answer(res, { retcode: '0 Done', cli_rand_answer: state.lastCliRandAnswer });
      return;
    }
    // Every other command needs the session of this very connection.
    if (!session.authenticated) {
      answer(res, { retcode: '8 Not authorized' });
      return;
    }
    if (url.pathname === '/api/test/access') {
      state.pings += 1;
      done(null);
      return;
    }
    if (url.pathname === '/api/quit') {
      session.authenticated = false;
      done(null);
      return;
    }
    const login = query.get('login') ?? '';
    const account = state.accounts.get(login);
    switch (url.pathname) {
      case '/api/user/add': {
        const passwords = JSON.parse(body || '{}') as { PassMain?: string; PassInvestor?: string };
        if (!passwords.PassMain || passwords.PassMain.length < 8 || !/\d/.test(passwords.PassMain)) {
          answer(res, { retcode: '3006 Invalid password' });
          return;
        }
        if (state.accounts.has(login)) {
          answer(res, { retcode: '3004 Account exists' });
          return;
        }
        if ((query.get('name') ?? '') === 'Kilitli') {
          answer(res, { retcode: '8 No permission' });
          return;
        }
        state.accounts.set(login, {
          Login: login,
          Name: query.get('name') ?? '',
          Group: query.get('group') ?? '',
          Leverage: query.get('leverage') ?? '100',
          Balance: '0.00',
          cents: 0,
          Registration: String(Math.floor(Date.now() / 1000)),
          positions: [],
          orders: [],
          deals: [],
        });
        done({ Login: login });
        return;
      }
      case '/api/user/update': {
        // Fields of the user record as query parameters; only those given change.
        if (!account) {
          answer(res, { retcode: '13 Not found' });
          return;
        }
        const leverage = query.get('leverage');
        if (leverage !== null) {
          if (!/^[1-9]\d*$/.test(leverage)) {
            answer(res, { retcode: '3 Invalid parameters' });
            return;
          }
          account.Leverage = leverage;
        }
        const name = query.get('name');
        if (name !== null) account.Name = name;
        done({ Login: account.Login, Name: account.Name, Group: account.Group, Leverage: account.Leverage });
        return;
      }
      case '/api/user/get':
        if (!account) answer(res, { retcode: '13 Not found' });
        else
          done({
            Login: account.Login,
            Name: account.Name,
            Group: account.Group,
            Leverage: account.Leverage,
            Balance: centsText(account.cents),
            Credit: '0.00',
            Registration: account.Registration,
            LastAccess: '0',
            LastPassChange: account.Registration,
          });
        return;
      case '/api/user/account/get':
        if (!account) answer(res, { retcode: '13 Not found' });
        else if (options.emptyTradeAccount) done({});
        else
          done({
            Login: login,
            Balance: centsText(account.cents),
            Credit: '0.00',
            Equity: centsText(account.cents),
          });
        return;
      case '/api/position/get_page':
      case '/api/order/get_page':
      case '/api/deal/get_page': {
        const list =
          url.pathname === '/api/position/get_page'
            ? account?.positions
            : url.pathname === '/api/order/get_page'
              ? account?.orders
              : account?.deals;
        const offset = Number(query.get('offset') ?? 0);
        const total = Math.min(100, Number(query.get('total') ?? 100));
        // Deals are asked for a time range (from, to: unix seconds), oldest first.
        const from = Number(query.get('from') ?? 0);
        const to = Number(query.get('to') ?? Number.MAX_SAFE_INTEGER);
        const rows =
          url.pathname === '/api/deal/get_page'
            ? (list ?? []).filter((deal) => Number(deal.Time ?? 0) >= from && Number(deal.Time ?? 0) <= to)
            : (list ?? []);
        done(rows.slice(offset, offset + total));
        return;
      }
      case '/api/trade/balance': {
        const fault = state.balanceFaults.shift();
        if (fault === 'drop-before') {
          socket.destroy();
          return;
        }
        if (typeof fault === 'object') {
          answer(res, { retcode: fault.retcode });
          return;
        }
        const cents = toCents(query.get('balance') ?? '');
        if (!account || cents === null || query.get('type') !== '2') {
          answer(res, { retcode: '3 Invalid parameters' });
          return;
        }
        if (account.cents + cents < 0) {
          answer(res, { retcode: '10019 No money' });
          return;
        }
        account.cents += cents;
        ticket += 1;
        account.deals.push({
          Deal: String(ticket),
          Action: '2',
          Entry: '0',
          Profit: centsText(cents),
          Comment: query.get('comment') ?? '',
          Time: String(Math.floor(Date.now() / 1000)),
        });
        if (fault === 'drop-after') {
          socket.destroy();
          return;
        }
        done({ ticket: String(ticket) });
        return;
      }
      default:
        answer(res, { retcode: '3 Invalid parameters' });
    }
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, onRequest)
    : http.createServer(onRequest);
  server.keepAliveTimeout = 180_000;
  const track = (socket: Socket, session: boolean): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (!session) return;
    socketCount += 1;
    sessions.set(socket, { authenticated: false, id: socketCount });
  };
  // A session belongs to the socket its requests arrive on: the TLS socket for https, which is known
  // only once the TLS handshake is done (the TCP socket under it is tracked to be dropped).
  server.on('connection', (socket: Socket) => track(socket, !options.tls));
  server.on('secureConnection', (socket: Socket) => {
    state.tlsSessions += 1;
    track(socket, true);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  state.close = async () => {
    state.dropConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
