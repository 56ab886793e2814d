import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  SOCKET_PASSWORD_CHANGE_REQUIRED,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  userRoom,
} from '../../shared/contract';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { hashToken } from '../modules/auth/service';
import type { Authenticator, AuthUser } from '../kernel/session';
import { createRealtime, sessionRoom, type Realtime, type RealtimeIo, type SocketData } from './realtime';

export interface SocketServerOptions {
  authenticate: Authenticator;
  /** The session's user by its token hash (what a socket keeps); null once it ended. */
  sessionUser: (tokenHash: string) => Promise<AuthUser | null>;
  /** Sessions and accounts changed anywhere: the sockets concerned are checked again at once. */
  invalidation?: InvalidationBus;
  /** How often every socket's session is checked again (expiry, edits outside the CRM); default 60 s. */
  recheckMs?: number;
  /** Same rule as the HTTP CORS of buildServer. */
  isAllowedOrigin: (origin: string | undefined) => boolean;
  /** Same rule as buildServer's loopbackHostsOnly (DNS rebinding); null: every host. */
  isAllowedHost: ((host: string | undefined) => boolean) | null;
  /** The embedded server's per-launch secret (headers of the handshake request); absent: every request. */
  isAllowedRequest?: (headers: IncomingHttpHeaders) => boolean;
  /** redis://… : share rooms between server nodes; omitted: rooms live in this process only. */
  redisUrl?: string;
  onError: (error: unknown, context: string) => void;
}

export interface SocketServer {
  io: RealtimeIo;
  realtime: Realtime;
}

const TOKEN_MAX = 512;
export const SOCKET_RECHECK_MS = 60_000;

/** Why a session may not hold a socket (null: it may). */
function refusal(user: AuthUser | null): string | null {
  if (!user) return SOCKET_UNAUTHORIZED;
  if (user.must_change_password === true) return SOCKET_PASSWORD_CHANGE_REQUIRED;
  return null;
}

function tokenOf(auth: unknown): string | null {
  if (typeof auth !== 'object' || auth === null || !('token' in auth)) return null;
  const { token } = auth;
  return typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX ? token : null;
}

async function useRedis(
  io: RealtimeIo,
  url: string,
  onError: SocketServerOptions['onError'],
): Promise<() => Promise<void>> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Without a listener a lost Redis connection would crash the process; the client reconnects itself.
  pub.on('error', (error: unknown) => onError(error, 'redis pub'));
  sub.on('error', (error: unknown) => onError(error, 'redis sub'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}

/**
 * socket.io on the Fastify server's own HTTP server (same port, path /socket.io). The handshake carries
 * the session token as `auth: { token }`; an unknown, revoked or expired token is refused with
 * 'unauthorized'. Each socket joins `user:{id}` and its session's room.
 *
 * On close the transports are closed rather than the sockets disconnected by the server: clients see a
 * transport close and reconnect on their own (to this node once it is back, or to another node),
 * whereas a server-side disconnect would tell them to stay away.
 */
export async function attachSocketServer(
  app: FastifyInstance,
  options: SocketServerOptions,
): Promise<SocketServer> {
  const io: RealtimeIo = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: {
      origin: (origin, callback) => callback(null, options.isAllowedOrigin(origin)),
      methods: ['GET', 'POST'],
    },
    allowRequest: (request, callback) => {
      const allowed =
        (options.isAllowedHost === null || options.isAllowedHost(request.headers.host)) &&
        (options.isAllowedRequest?.(request.headers) ?? true);
      callback(allowed ? null : 'forbidden host', allowed);
    },
    // Pushes are small; a big client message is an attack, not a feature.
    maxHttpBufferSize: 16 * 1024,
  });

  io.use((socket, next) => {
    const token = tokenOf(socket.handshake.auth);
    if (!token) {
      next(new Error(SOCKET_UNAUTHORIZED));
      return;
    }
    options.authenticate(token).then(
      (user) => {
        const refused = refusal(user);
        if (refused !== null || !user) {
          next(new Error(refused ?? SOCKET_UNAUTHORIZED));
          return;
        }
        socket.data.userId = user.id;
        socket.data.tokenHash = hashToken(token);
        next();
      },
      (error: unknown) => {
        options.onError(error, 'socket handshake');
        next(new Error(SOCKET_UNAUTHORIZED));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.tokenHash)]);
  });

  /**
   * This node's sockets whose session has ended or must change its password are dropped: a push never
   * reaches a session that could not make a call. Other nodes check their own sockets on the same news.
   */
  const recheck = async (which: (data: SocketData) => boolean): Promise<void> => {
    for (const socket of io.of('/').sockets.values()) {
      if (!socket.connected || !which(socket.data)) continue;
      const user = await options.sessionUser(socket.data.tokenHash);
      if (refusal(user) !== null || user?.id !== socket.data.userId) socket.disconnect(true);
    }
  };
  const recheckLater = (which: (data: SocketData) => boolean): void => {
    recheck(which).catch((error: unknown) => options.onError(error, 'socket session check'));
  };
  const unsubscribe = options.invalidation?.subscribe((change) => {
    if (change.kind === 'session') recheckLater((data) => data.tokenHash === change.tokenHash);
    else if (change.kind === 'user') recheckLater((data) => data.userId === change.userId);
    else if (change.kind === 'users' || change.kind === 'all') recheckLater(() => true);
  });
  const sweep = setInterval(() => recheckLater(() => true), options.recheckMs ?? SOCKET_RECHECK_MS);
  sweep.unref();

  let closeRedis: (() => Promise<void>) | null = null;
  if (options.redisUrl) {
    try {
      closeRedis = await useRedis(io, options.redisUrl, options.onError);
    } catch (error) {
      io.engine.close();
      throw error;
    }
  }

  // preClose: before Fastify closes the HTTP server, which waits for every open connection.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    unsubscribe?.();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await closeRedis?.();
  });

  return { io, realtime: createRealtime(io) };
}
