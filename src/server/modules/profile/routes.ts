import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { bearerToken, registerCall } from '../../http/register-call';

/** The profile screen: saving extension, Telegram id, theme and password, and its dashboard (see docs/requirements.md#calls). */
export function registerProfileRoutes(app: FastifyInstance, { profile }: Pick<Services, 'profile'>): void {
  registerCall(app, 'authSave', async ({ user, body, request }) => {
    const result = await profile.save(user, bearerToken(request) ?? '', body);
    // The toast says only 'Şifreniz güncellenemedi' (see docs/requirements.md#messages-the-user-reads); why it was refused goes to the log too.
    if (!result.success) request.log.info({ userId: user.id, reason: result.msg }, 'profile save refused');
    return result;
  });
  registerCall(app, 'userDashboard', ({ user }) => profile.dashboard(user));
}
