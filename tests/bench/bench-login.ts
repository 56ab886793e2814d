import type { FastifyInstance } from 'fastify';
import { contract, encodeForm } from '../../src/shared/contract';

/** Every demo account's password (src/server/seed). */
const DEMO_PASSWORD = 'Demo.2026';

/** Logs a demo user in through the API (inject) and answers the session token. */
export async function benchLogin(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api${contract.login.path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: encodeForm({ email, password: DEMO_PASSWORD }),
  });
  const token = response.json<{ token?: string }>().token;
  if (!token) throw new Error(`login failed for ${email}: ${response.body}`);
  return token;
}
