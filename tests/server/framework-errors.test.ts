import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { MAX_URL_LENGTH } from '../../src/server/http/framework-errors';
import { messages } from '../../src/shared/i18n/messages';
import { serverMessages } from '../../src/shared/i18n/server-texts';
import { createTestDatabase } from './support/test-database';

/**
 * docs/operations.md#security: refusals made before any route runs (Node's parser, the router, the CORS preflight, the body
 * parsers) answer in the API's own shape, { success: false, msg } in Turkish, over a real socket.
 */

let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** One HTTP/1.1 request written by hand, so nothing on the client side trims or refuses it. */
function rawRequest(head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the client still writes an over-long request; its answer is read.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      });
    });
    const length = Buffer.byteLength(body);
    socket.end(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: ${length}\r\n\r\n${body}`);
  });
}

function expectAnswer(answer: RawAnswer, status: number, msg: string): void {
  expect(answer.status, answer.headers).toBe(status);
  expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
  expect(JSON.parse(answer.body)).toEqual({ success: false, msg });
}

describe('framework refusals in the API shape', () => {
  it('a URL over the limit: 414', async () => {
    const answer = await rawRequest(`GET /api/favorites?q=${'a'.repeat(MAX_URL_LENGTH)} HTTP/1.1`);
    expectAnswer(answer, 414, serverMessages.uriTooLong);
  });

  it('headers over Node’s limit: 431', async () => {
    const answer = await rawRequest(`GET /api/favorites HTTP/1.1\r\nX-Large: ${'b'.repeat(40_000)}`);
    expectAnswer(answer, 431, serverMessages.headersTooLarge);
  });

  it('a URL beyond the header limit: 431 too', async () => {
    const answer = await rawRequest(`GET /api/favorites?q=${'a'.repeat(20_000)} HTTP/1.1`);
    expectAnswer(answer, 431, serverMessages.headersTooLarge);
  });

  it('a request line that is not HTTP: 400', async () => {
    const answer = await rawRequest('HELLO WORLD');
    expectAnswer(answer, 400, messages.invalidRequest);
  });

  it('a URL that is not valid percent-encoding: 400', async () => {
    const answer = await rawRequest('GET /api/fields/%E0%A4%A HTTP/1.1');
    expectAnswer(answer, 400, messages.invalidRequest);
  });

  it('a preflight from an origin the server does not answer: 403, no CORS headers', async () => {
    const answer = await rawRequest(
      'OPTIONS /api/favorites HTTP/1.1\r\nOrigin: https://evil.example\r\nAccess-Control-Request-Method: POST',
    );
    expectAnswer(answer, 403, serverMessages.originNotAllowed);
    expect(answer.headers.toLowerCase()).not.toContain('access-control-allow-origin');
  });

  it('a preflight without its method or origin: 400', async () => {
    const noMethod = await rawRequest('OPTIONS /api/favorites HTTP/1.1\r\nOrigin: http://localhost:5173');
    expectAnswer(noMethod, 400, serverMessages.invalidPreflight);
    const noOrigin = await rawRequest(
      'OPTIONS /api/favorites HTTP/1.1\r\nAccess-Control-Request-Method: POST',
    );
    expectAnswer(noOrigin, 400, serverMessages.invalidPreflight);
  });

  it('a preflight from an allowed origin still gets its CORS answer', async () => {
    const answer = await rawRequest(
      'OPTIONS /api/favorites HTTP/1.1\r\nOrigin: http://localhost:5173\r\nAccess-Control-Request-Method: POST',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.toLowerCase()).toContain('access-control-allow-origin: http://localhost:5173');
  });

  it('malformed JSON: 400', async () => {
    const answer = await rawRequest(
      'POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json',
      '{"email": "a@b.c", "password":',
    );
    expectAnswer(answer, 400, messages.invalidRequest);
  });

  it('an unsupported media type: 415', async () => {
    const answer = await rawRequest('POST /api/auth/login HTTP/1.1\r\nContent-Type: text/xml', '<login/>');
    expectAnswer(answer, 415, serverMessages.unsupportedMediaType);
  });

  it('a body over the limit: 413', async () => {
    const answer = await rawRequest(
      'POST /api/auth/login HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded',
      `email=a&password=${'x'.repeat(1_100_000)}`,
    );
    expectAnswer(answer, 413, serverMessages.payloadTooLarge);
  });

  it('a method the API does not have: 404 in the API shape', async () => {
    const answer = await rawRequest('PUT /api/favorites HTTP/1.1');
    expectAnswer(answer, 404, serverMessages.routeNotFound);
  });
});
