import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { SOCKET_PATH, SOCKET_UNAUTHORIZED, userRoom } from '../../shared/contract';
import { hashToken } from '../modules/auth/service';
import type { Authenticator } from '../http/register-call';
import { createRealtime, sessionRoom, type Realtime, type RealtimeIo } from './realtime';

export interface SocketServerOptions {
  authenticate: Authenticator;
  /** Same rule as the HTTP CORS of buildServer. */
  isAllowedOrigin: (origin: string | undefined) => boolean;
  /** Same rule as buildServer's loopbackHostsOnly (DNS rebinding); null: every host. */
  isAllowedHost: ((host: string | undefined) => boolean) | null;
  /** redis://… : share rooms between server nodes; omitted: rooms live in this process only. */
  redisUrl?: string;
  onError: (error: unknown, context: string) => void;
}

export interface SocketServer {
  io: RealtimeIo;
  realtime: Realtime;
}

const TOKEN_MAX = 512;

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
      const allowed = options.isAllowedHost === null || options.isAllowedHost(request.headers.host);
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
        if (!user) {
          next(new Error(SOCKET_UNAUTHORIZED));
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
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await closeRedis?.();
  });

  return { io, realtime: createRealtime(io) };
}
