import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { TelephonyEnv } from '../../../src/server/adapters/telephony/telephony';
import { buildServer } from '../../../src/server/app';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/schema';
import { seedDemoData } from '../../../src/server/seed/demo-data';
import { login } from './http';
import { createTestDatabase } from './test-database';

export const DEMO_PASSWORD = 'Demo.2026';

export type DemoAccount = 'admin' | 'sales' | 'sales2';

export interface DemoUser {
  id: number;
  team_id: number;
  user_group_id: number;
  token: string;
}

export interface DemoServer {
  database: DatabaseHandle;
  db: Kysely<Database>;
  app: FastifyInstance;
  users: Record<DemoAccount, DemoUser>;
  close(): Promise<void>;
}

/**
 * A server over a fresh database with the demo data set (300 leads) and the three demo accounts the
 * permission tests need, logged in. Telephony is log-only unless `telephonyEnv` says otherwise.
 */
export async function startDemoServer(telephonyEnv: TelephonyEnv = {}): Promise<DemoServer> {
  const database = await createTestDatabase();
  const { db } = database;
  await seedDemoData(db, { leads: 300 });
  const app = await buildServer({ database, webRoot: '/nonexistent-web-root', telephonyEnv });
  const demoUser = async (account: DemoAccount): Promise<DemoUser> => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'user_group_id'])
      .where('email', '=', `${account}@demo.crm`)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      team_id: Number(row.team_id),
      user_group_id: row.user_group_id,
      token: await login(app, `${account}@demo.crm`, DEMO_PASSWORD),
    };
  };
  const users = {
    admin: await demoUser('admin'),
    sales: await demoUser('sales'),
    sales2: await demoUser('sales2'),
  };
  return {
    database,
    db,
    app,
    users,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The answer of a successful call (200), parsed. */
export function okAnswer<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The Turkish message of a failed call, after checking its status and `success: false`. */
export function failureMessage(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ success: boolean; msg: string }>();
  expect(body.success).toBe(false);
  return body.msg;
}
