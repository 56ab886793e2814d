import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildServer } from '../../../../src/server/app';
import type { DatabaseHandle } from '../../../../src/server/db/database';
import type { Database } from '../../../../src/server/db/schema';
import { seedDemoData } from '../../../../src/server/seed/demo-data';
import { encodeForm } from '../../../../src/shared/contract';
import { DEMO_PASSWORD } from '../../support/demo-server';
import { login } from '../../support/http';
import { createTestDatabase } from '../../support/test-database';

/**
 * A client written from the spec alone: it sends the calls of both API tables of the specification (docs/api-conformance.md) with the bodies the spec
 * describes (PHP-style bracket forms unless the spec says JSON, only the fields it names) and reads the
 * answers by the spec's words. Nothing here comes from our contract, so the suite checks the server
 * against the spec, not against itself.
 */

export const ACCOUNTS = [
  'admin',
  'sales_manager',
  'finance',
  'risk',
  'sales',
  'sales2',
  'retention',
] as const;
export type Account = (typeof ACCOUNTS)[number];

export interface SpecUser {
  id: number;
  team_id: number;
  user_group_id: number;
  token: string;
}

export interface SpecServer {
  db: Kysely<Database>;
  app: FastifyInstance;
  users: Record<Account, SpecUser>;
  /** A form-encoded POST (the spec's default). */
  form(path: string, body?: Record<string, unknown>, as?: Account): Promise<LightMyRequestResponse>;
  /** A POST whose body the spec gives as JSON. */
  json(path: string, body: unknown, as?: Account): Promise<LightMyRequestResponse>;
  /** A POST without a body (the spec names none). */
  bare(path: string, as?: Account): Promise<LightMyRequestResponse>;
  get(path: string, as?: Account): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const API = '/api';

export async function startSpecServer(leads = 300): Promise<SpecServer> {
  const database: DatabaseHandle = await createTestDatabase();
  const { db } = database;
  await seedDemoData(db, { leads });
  const app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  const users = {} as Record<Account, SpecUser>;
  for (const account of ACCOUNTS) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'user_group_id'])
      .where('email', '=', `${account}@demo.crm`)
      .executeTakeFirstOrThrow();
    users[account] = {
      id: row.id,
      team_id: Number(row.team_id),
      user_group_id: row.user_group_id,
      token: await login(app, `${account}@demo.crm`, DEMO_PASSWORD),
    };
  }
  const auth = (as: Account): Record<string, string> => ({ authorization: `Bearer ${users[as].token}` });
  return {
    db,
    app,
    users,
    form: (path, body = {}, as = 'admin') =>
      app.inject({
        method: 'POST',
        url: `${API}${path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth(as) },
        payload: encodeForm(body),
      }),
    json: (path, body, as = 'admin') =>
      app.inject({
        method: 'POST',
        url: `${API}${path}`,
        headers: { 'content-type': 'application/json', ...auth(as) },
        payload: JSON.stringify(body),
      }),
    bare: (path, as = 'admin') => app.inject({ method: 'POST', url: `${API}${path}`, headers: auth(as) }),
    get: (path, as = 'admin') => app.inject({ method: 'GET', url: `${API}${path}`, headers: auth(as) }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The answer read by the spec's words: status 200 and the fields and shapes the spec names (a schema
 * written in the test from the spec's text; extra fields of ours are allowed).
 */
export function specAnswer<S extends z.ZodType>(response: LightMyRequestResponse, shape: S): z.output<S> {
  expect(response.statusCode, response.body.slice(0, 600)).toBe(200);
  const parsed = shape.safeParse(response.json());
  expect(
    parsed.success,
    parsed.success
      ? ''
      : `${JSON.stringify(parsed.error.issues).slice(0, 800)}\n${response.body.slice(0, 400)}`,
  ).toBe(true);
  return parsed.success ? parsed.data : (undefined as never);
}

/** A refusal in the API's shape: the status, success false and a Turkish message. */
export function specRefusal(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body.slice(0, 600)).toBe(status);
  const body = response.json<{ success: unknown; msg: unknown }>();
  expect(body.success).toBe(false);
  expect(typeof body.msg).toBe('string');
  return String(body.msg);
}
