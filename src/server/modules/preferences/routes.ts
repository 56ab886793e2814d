import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The user's stored shell preferences: layout, theme, muted keywords (see docs/requirements.md#calls). */
export function registerPreferenceRoutes(
  app: FastifyInstance,
  { preferences }: Pick<Services, 'preferences'>,
): void {
  registerCall(app, 'preferences', async ({ user }) => ({
    success: true,
    preferences: await preferences.get(user),
  }));
  registerCall(app, 'preferencesSave', async ({ user, body }) => ({
    success: true,
    preferences: await preferences.save(user, body),
  }));
}
