import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import type { AdapterLog } from '../adapter-log';
import { mt5ClientRand, mt5PasswordHash, mt5RandAnswer } from './mt5-auth';
import type { Mt5Config, Mt5TlsConfig } from './trading-config';
import { TradingPlatformError } from './trading-types';

/** One MT5 answer: `retcode` ("0 Done") and, for most commands, `answer`. */
export type Mt5Answer = Record<string, unknown> & { retcode: string; answer?: unknown };

export interface Mt5Request {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  body?: unknown;
  /**
   * Whether the command may be sent again when the session was lost before it reached the server (a
   * read). A balance operation is never repeated: it could book twice.
   */
  idempotent?: boolean;
}

export interface Mt5Client {
  call(path: string, request?: Mt5Request): Promise<Mt5Answer>;
  /** How many handshakes were made (tests: one session is reused). */
  readonly handshakes: number;
  close(): Promise<void>;
}

/** The leading number of "0 Done" / "3004 Account exists". */
export function retcodeNumber(retcode: unknown): number | null {
  const match = /^\s*(\d+)/.exec(String(retcode ?? ''));
  return match ? Number(match[1]) : null;
}

/**
 * The TLS checks of the MT5 connection: the usual chain and host name checks (against MT5_CA_FILE's
 * certificates when given), then the pinned fingerprints. All run before the first byte of the handshake
 * is sent, so an impostor never sees the manager login or a challenge answer.
 */
export function mt5TlsOptions(tls: Mt5TlsConfig): https.AgentOptions {
  return {
    minVersion: 'TLSv1.2',
    ...(tls.ca === null ? {} : { ca: tls.ca }),
    checkServerIdentity(host: string, cert: PeerCertificate): Error | undefined {
      const mismatch = checkServerIdentity(host, cert);
      if (mismatch) return mismatch;
      if (tls.pins.length > 0 && !tls.pins.includes(cert.fingerprint256)) {
        return new Error(`MT5 certificate ${cert.fingerprint256} is not one of MT5_CERT_SHA256`);
      }
      return undefined;
    },
  };
}

/** The session's socket went away before a command was sent: safe to send again after a new handshake. */
class SessionLost extends Error {}

const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * The MT5 Web API session: one keep-alive connection (an agent with a single socket), authenticated once
 * by the challenge handshake and reused for every command, as MT5 binds the session to the connection.
 * Commands queue on that socket. When the socket closes (server restart, idle drop) the next command
 * makes a new handshake first; a command already assigned to a new, unauthenticated socket is stopped
 * before anything is written. An idle session is kept alive with /api/test/access.
 */
export function createMt5Client(config: Mt5Config, log: AdapterLog): Mt5Client {
  const secure = config.url.protocol === 'https:';
  const transport = secure ? https : http;
  const single = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1 };
  const agent = secure
    ? new https.Agent({ ...single, ...mt5TlsOptions(config.tls) })
    : new http.Agent(single);
  const passwordHash = mt5PasswordHash(config.password);
  let sessionSocket: Socket | null = null;
  let handshake: Promise<void> | null = null;
  let handshakes = 0;
  let lastUse = 0;
  let closed = false;

  function send(
    path: string,
    request: Mt5Request,
    expected: Socket | null,
  ): Promise<{ answer: Mt5Answer; socket: Socket }> {
    const url = new URL(path, config.url);
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, String(value));
    const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
    return new Promise((resolve, reject) => {
      const req = transport.request(url, {
        method: request.method ?? 'GET',
        agent,
        headers: {
          Connection: 'keep-alive',
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {}),
        },
        timeout: config.timeoutMs,
      });
      req.on('socket', (socket: Socket) => {
        if (expected !== null && socket !== expected) {
          req.destroy(new SessionLost('MT5 session socket was replaced'));
        }
      });
      req.on('timeout', () => req.destroy(new Error(`MT5 ${url.pathname} timed out`)));
      req.on('error', reject);
      req.on('response', (res: IncomingMessage) => {
        // Taken now: once the answer has been read the agent may hand the socket to the next command.
        const socket = res.socket as Socket;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('MT5 answer too large'));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new Error(`MT5 ${url.pathname} answered HTTP ${res.statusCode ?? '?'}`));
            return;
          }
          try {
            const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (typeof parsed !== 'object' || parsed === null || !('retcode' in parsed)) {
              throw new Error('no retcode');
            }
            resolve({ answer: parsed as Mt5Answer, socket });
          } catch (error) {
            reject(new Error(`MT5 ${url.pathname} answered no JSON: ${String(error)}`));
          }
        });
      });
      req.end(body);
    });
  }

  async function authenticate(): Promise<void> {
    handshakes += 1;
    const start = await send(
      '/api/auth/start',
      {
        query: { version: config.version, agent: config.agent, login: config.managerLogin, type: 'manager' },
      },
      null,
    );
    checkRetcode('/api/auth/start', start.answer);
    const srvRand = String(start.answer.srv_rand ?? '');
    const cliRand = mt5ClientRand();
    const reply = await send(
      '/api/auth/answer',
      { query: { srv_rand_answer: mt5RandAnswer(passwordHash, srvRand), cli_rand: cliRand } },
      start.socket,
    );
    checkRetcode('/api/auth/answer', reply.answer);
    // The server proves it knows the password too: otherwise we may be talking to an impostor.
    if (String(reply.answer.cli_rand_answer ?? '').toLowerCase() !== mt5RandAnswer(passwordHash, cliRand)) {
      throw new TradingPlatformError('unavailable', 'MT5 server failed the cli_rand check');
    }
    sessionSocket = reply.socket;
    lastUse = Date.now();
    const socket = reply.socket;
    socket.once('close', () => {
      if (sessionSocket === socket) sessionSocket = null;
    });
    log.info({ url: config.url.origin, manager: config.managerLogin }, 'MT5 session started');
  }

  async function session(): Promise<Socket> {
    if (closed) throw new TradingPlatformError('unavailable', 'MT5 client closed');
    while (sessionSocket === null || sessionSocket.destroyed) {
      sessionSocket = null;
      handshake ??= authenticate().finally(() => {
        handshake = null;
      });
      await handshake;
    }
    return sessionSocket;
  }

  async function call(path: string, request: Mt5Request = {}): Promise<Mt5Answer> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const socket = await session();
        const { answer } = await send(path, request, socket);
        lastUse = Date.now();
        return answer;
      } catch (error) {
        if (error instanceof TradingPlatformError) throw error;
        if (error instanceof SessionLost && attempt === 0) continue;
        // A reset after the command went out: a read is asked once more on a new session.
        sessionSocket = null;
        if (request.idempotent === true && attempt === 0) continue;
        log.warn({ err: error, path }, 'MT5 call failed');
        throw new TradingPlatformError('unavailable', `MT5 ${path}: ${String(error)}`);
      }
    }
  }

  // Keeps an idle session alive; a failed ping only drops the session (the next command reconnects).
  const keepAlive = setInterval(
    () => {
      if (sessionSocket === null || handshake !== null || Date.now() - lastUse < config.keepAliveMs) return;
      const socket = sessionSocket;
      send('/api/test/access', {}, socket)
        .then(({ answer }) => {
          if (retcodeNumber(answer.retcode) !== 0) throw new Error(answer.retcode);
          lastUse = Date.now();
        })
        .catch((error: unknown) => {
          if (sessionSocket === socket) sessionSocket = null;
          log.warn({ err: error }, 'MT5 keep-alive failed');
        });
    },
    Math.max(100, Math.floor(config.keepAliveMs / 2)),
  );
  keepAlive.unref();

  return {
    call,
    get handshakes() {
      return handshakes;
    },
    async close() {
      closed = true;
      clearInterval(keepAlive);
      if (sessionSocket !== null && !sessionSocket.destroyed) {
        await send('/api/quit', {}, sessionSocket).catch(() => undefined);
      }
      sessionSocket = null;
      agent.destroy();
    },
  };
}

function checkRetcode(path: string, answer: Mt5Answer): void {
  const code = retcodeNumber(answer.retcode);
  if (code !== 0) {
    throw new TradingPlatformError('unavailable', `MT5 ${path} refused: ${answer.retcode}`, String(code));
  }
}
