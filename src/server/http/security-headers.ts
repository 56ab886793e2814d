import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from '../modules/api-docs/api-docs-paths';
import { API_PREFIX } from './web-edition';

/**
 * The web edition is a Vite build: scripts and styles from our origin; Blueprint and React set inline
 * style attributes; exports and PDFs are blob: URLs; socket.io and the API are same-origin.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never a page: nothing may run or embed them. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The API reference page (/api/docs, Swagger UI): its scripts and styles from this server only, and
 * calls ("Try it out") to this server only. Swagger UI sets inline style attributes and data: images.
 */
const API_DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function policyFor(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (path === `${API_PREFIX}${API_DOCS_PATH}` || path.startsWith(`${API_PREFIX}${API_DOCS_PATH}/`))
    return API_DOCS_POLICY;
  return url.startsWith('/api/') ? DATA_POLICY : PAGE_POLICY;
}

/** A few headers by hand instead of a helmet dependency; the set is small and stable. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // The page policy goes on everything outside /api: a 304 revalidation of index.html has no
    // content-type, and the browser keeps the headers of the cached page it revalidates.
    reply.header('Content-Security-Policy', policyFor(request.url));
    // Answers carry personal data: no shared or browser cache keeps them.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
