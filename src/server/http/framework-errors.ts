import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswer } from '../../shared/contract';
import { messages } from '../../shared/i18n/messages';
import { serverMessages } from '../../shared/i18n/server-texts';

/**
 * Refusals made before a route runs (by Node's HTTP parser, the router or the CORS preflight) in the
 * API's own shape, { success: false, msg } in Turkish, like every other failure (see docs/operations.md#security).
 */

/** Longer URLs answer 414; beyond Node's header limit (16 KB, the URL included) the parser answers 431. */
export const MAX_URL_LENGTH = 8 * 1024;

function answerBody(msg: string): string {
  return JSON.stringify({ success: false, msg } satisfies ErrorAnswer);
}

function connectionErrorAnswer(code: string): { status: number; msg: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, msg: serverMessages.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, msg: serverMessages.requestTimeout };
  return { status: 400, msg: messages.invalidRequest };
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse (headers too large, a broken request line)
 * never reaches Fastify, so the answer is written to the socket here, then the connection is closed.
 */
export function answerConnectionError(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, msg } = connectionErrorAnswer(error.code);
    const body = answerBody(msg);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Fastify's frameworkErrors: a URL that is not valid percent-encoding is a bad request, not a 500. */
export function answerFrameworkError(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(400).send({ success: false, msg: messages.invalidRequest } satisfies ErrorAnswer);
}

/**
 * Checks that run before the CORS plugin (so they must be installed before it): an over-long URL, and a
 * preflight that is not one (no Origin or no Access-Control-Request-Method) or comes from an origin the
 * server does not answer. The plugin's own answers to these are plain text or a 404.
 */
export function installRequestGuards(
  app: FastifyInstance,
  isAllowedOrigin: (origin: string) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) {
      return reply.status(414).send({ success: false, msg: serverMessages.uriTooLong } satisfies ErrorAnswer);
    }
    if (request.method !== 'OPTIONS') return undefined;
    const origin = request.headers.origin;
    if (!origin || !request.headers['access-control-request-method']) {
      return reply
        .status(400)
        .send({ success: false, msg: serverMessages.invalidPreflight } satisfies ErrorAnswer);
    }
    if (!isAllowedOrigin(origin)) {
      return reply
        .status(403)
        .send({ success: false, msg: serverMessages.originNotAllowed } satisfies ErrorAnswer);
    }
    return undefined;
  });
}
