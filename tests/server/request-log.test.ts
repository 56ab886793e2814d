import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { logLevelFrom } from '../../src/server/http/request-log';
import { get } from './support/http';
import { createTestDatabase } from './support/test-database';

interface LogLine {
  level: number;
  msg: string;
  path?: string;
  url?: string;
  statusCode?: number;
}

// pino's numeric levels
const DEBUG = 20;
const WARN = 40;

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

/** A server logging at `level` into an array, as `npm run serve` logs to stdout. */
async function serverAt(level: string | undefined): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  vi.stubEnv('LOG_LEVEL', level);
  const lines: LogLine[] = [];
  const app = await buildServer({
    database,
    webRoot: '/nonexistent-web-root',
    logger: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
  });
  apps.push(app);
  return { app, lines };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('the HTTP log', () => {
  it('writes nothing for a successful request at the default level (info)', async () => {
    const { app, lines } = await serverAt(undefined);
    expect((await get(app, '/api/health')).statusCode).toBe(200);
    expect(lines.filter((line) => line.level < WARN)).toEqual([]);
  });

  it('writes one warn line for a 4xx, with the path and not the query', async () => {
    const { app, lines } = await serverAt(undefined);
    expect((await get(app, '/api/does-not-exist?search=Ay%C5%9Fe')).statusCode).toBe(404);
    const requestLines = lines.filter((line) => line.statusCode !== undefined);
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: 'request failed',
        path: '/api/does-not-exist',
        statusCode: 404,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('search=');
  });

  it('writes one debug line per request with LOG_LEVEL=debug', async () => {
    const { app, lines } = await serverAt('debug');
    await get(app, '/api/health?probe=1');
    expect(lines.filter((line) => line.statusCode !== undefined)).toEqual([
      expect.objectContaining({
        level: DEBUG,
        msg: 'request completed',
        url: '/api/health?probe=1',
        statusCode: 200,
      }),
    ]);
  });
});

describe('logLevelFrom', () => {
  it('defaults to info, accepts pino levels in any case and refuses others clearly', () => {
    expect(logLevelFrom({})).toBe('info');
    expect(logLevelFrom({ LOG_LEVEL: ' DEBUG ' })).toBe('debug');
    expect(() => logLevelFrom({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL geçersiz: verbose');
  });
});
