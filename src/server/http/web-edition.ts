import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** Client-side routes (/list/leads, /leadDetail/5) have no file extension; missing assets do. */
export function isSpaRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (isApiPath(path)) return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * Serves the built web edition from `webRoot` when it has an index.html. Returns whether it did, so the
 * not-found handler knows whether to fall back to index.html for client-side routes.
 */
export async function registerWebEdition(app: FastifyInstance, webRoot: string): Promise<boolean> {
  const root = resolve(webRoot);
  if (!existsSync(join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Vite puts content hashes in asset names, so those never change; index.html must always be fresh.
      const isAsset = path.includes(`${join(root, 'assets')}`);
      reply.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
