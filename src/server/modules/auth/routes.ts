import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Me } from '../../../shared/contract';
import type { Database } from '../../db/schema';
import { loadModules, type AuthService, type AuthUser } from './service';
import { bearerToken, registerCall } from '../../http/register-call';

export interface AuthRoutesDeps {
  db: Kysely<Database>;
  auth: AuthService;
  /** After a session was revoked by logout: drops that session's sockets. */
  onLogout?: (token: string) => void;
}

async function describeMe(db: Kysely<Database>, user: AuthUser): Promise<Me> {
  return { ...user, modules: await loadModules(db, user.user_group_id) };
}

/** POST /auth/login, /auth/validate, /auth/logout, /me and GET /user/info (see docs/requirements.md#calls). */
export function registerAuthRoutes(app: FastifyInstance, { db, auth, onLogout }: AuthRoutesDeps): void {
  registerCall(app, 'login', ({ body, request }) =>
    auth.login({
      email: body.email,
      password: body.password,
      remember: body.remember === 1,
      // Behind a proxy this is the client only when TRUST_PROXY says which proxies to believe.
      address: request.ip,
    }),
  );

  registerCall(app, 'validate', async ({ user }) => ({
    success: true,
    data: {
      userName: user.name,
      userId: user.id,
      telegram_id: user.telegram_id,
      theme: user.theme,
      dahili: user.dahili,
    },
  }));

  registerCall(app, 'logout', async ({ request }) => {
    const token = bearerToken(request);
    if (token) {
      await auth.logout(token);
      onLogout?.(token);
    }
    return { success: true };
  });

  registerCall(app, 'me', ({ user }) => describeMe(db, user));

  registerCall(app, 'userInfo', async ({ user }) => ({ user: await describeMe(db, user) }));
}
