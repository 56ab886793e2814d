import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverMessages } from '../../../src/shared/i18n/server-texts';
import { SPEC_ANSWERS, specShaped } from '../../server/spec-conformance/spec-answers';
import { SPEC_CALLS } from '../../server/spec-conformance/spec-calls';

/**
 * A server of the specification's API and nothing more, for our desktop client to run against
 * (docs/api-conformance.md#our-client-against-a-spec-only-server). It answers only the calls of the
 * spec's call tables (SPEC_CALLS), by asking the real e2e server and cutting its answer down to the
 * fields the spec names (SPEC_ANSWERS); every other call (our additions, the realtime socket) answers
 * 404 with the spec's error body. Pages and assets come from the real server, as a web host would serve
 * them.
 */
export interface SpecStandIn {
  origin: string;
  /** The calls it refused as not the spec's ("POST /auth/logout"), oldest first. */
  refused(): readonly string[];
  close(): Promise<void>;
}

interface Route {
  call: string;
  method: string;
  pattern: RegExp;
}

/** The spec's `{x}` parts match one path segment; everything else is matched as written. */
function routeOf(call: string): Route | null {
  const match = /^(GET|POST) (\/\S*)$/.exec(call);
  if (match === null) return null; // "Transactions of a customer" is POST /table/transactions
  const [, method = '', path = ''] = match;
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { call, method, pattern: new RegExp(`^${source}$`) };
}

const ROUTES = SPEC_CALLS.map((entry) => routeOf(entry.call)).filter((route) => route !== null);

/** The spec's own call for a request, or null when the spec has no such call. */
export function specCallOf(method: string, path: string): string | null {
  return ROUTES.find((route) => route.method === method && route.pattern.test(path))?.call ?? null;
}

const NOT_FOUND = { success: false, msg: serverMessages.routeNotFound };

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const FORWARDED_HEADERS = ['authorization', 'content-type', 'accept'] as const;

async function forward(
  target: string,
  request: IncomingMessage,
): Promise<{ status: number; type: string; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const body = request.method === 'POST' ? new Uint8Array(await readBody(request)) : undefined;
  const answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? '',
    body: Buffer.from(await answer.arrayBuffer()),
  };
}

/** One API request: the spec's call answered in the spec's shape, anything else 404. */
async function answerApi(
  upstream: string,
  request: IncomingMessage,
  response: ServerResponse,
  refused: string[],
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const path = url.pathname.replace(/^\/api/, '');
  const method = request.method ?? 'GET';
  const call = specCallOf(method, path);
  if (call === null) {
    refused.push(`${method} ${path}`);
    sendJson(response, 404, NOT_FOUND);
    return;
  }
  const answer = await forward(`${upstream}/api${path}${url.search}`, request);
  if (!answer.type.includes('application/json')) {
    // A file (an export): the spec names no shape for its bytes.
    response.writeHead(answer.status, { 'Content-Type': answer.type });
    response.end(answer.body);
    return;
  }
  const json: unknown = JSON.parse(answer.body.toString('utf8'));
  if (answer.status >= 400) {
    const msg = (json as { msg?: unknown }).msg;
    sendJson(response, answer.status, { success: false, msg: typeof msg === 'string' ? msg : NOT_FOUND.msg });
    return;
  }
  const shape = SPEC_ANSWERS[call];
  sendJson(response, answer.status, shape === undefined ? json : specShaped(json, shape));
}

/** Pages and assets of the web edition, as the real server serves them. */
async function answerPage(
  upstream: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const answer = await fetch(`${upstream}${request.url ?? '/'}`, { redirect: 'manual' });
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') {
      headers[name] = value;
    }
  });
  response.writeHead(answer.status, headers);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/** Starts the stand-in on `port` in front of the real server at `upstream` (http://127.0.0.1:8181). */
export async function startSpecStandIn(upstream: string, port: number): Promise<SpecStandIn> {
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const handled =
      path === '/api' || path.startsWith('/api/')
        ? answerApi(upstream, request, response, refused)
        : request.method === 'GET' && !path.startsWith('/socket.io')
          ? answerPage(upstream, request, response)
          : Promise.resolve().then(() => {
              refused.push(`${request.method ?? 'GET'} ${path}`);
              sendJson(response, 404, NOT_FOUND);
            });
    handled.catch(() => {
      if (!response.headersSent) sendJson(response, 502, { success: false, msg: 'Sunucuya ulaşılamadı.' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    refused: () => [...refused],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
