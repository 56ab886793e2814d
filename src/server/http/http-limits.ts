import type { FastifyServerOptions } from 'fastify';

/**
 * How long the HTTP server waits for a slow or idle client (docs/security.md#http-timeouts). A client
 * that trickles its headers, never finishes its request or sits idle on a connection holds a socket and
 * memory; past these it is closed.
 */
export interface HttpLimits {
  /** All request headers must have arrived within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** The whole request, body included (a 1 MB import chunk on a slow line fits). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between two calls is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves in either direction for this long is closed. */
  connectionTimeoutMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 10_000,
  // Longer than the longest call (a 2-minute import chunk) and than socket.io's 25 s ping.
  connectionTimeoutMs: 150_000,
};

/**
 * Connections the kernel holds for the server before it accepts them: 2,000 calls opened at once by one
 * client wait here instead of being dropped (Node's default is 511; the kernel caps it at somaxconn).
 */
export const LISTEN_BACKLOG = 4096;

/** The limits as Fastify's server options. */
export function httpServerOptions(limits: HttpLimits): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // How often Node looks for connections past headersTimeout/requestTimeout (default 30 s).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}
