import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/i18n/messages';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The user's favourite pages in the side panel (see docs/requirements.md#calls). */
export function registerFavoriteRoutes(
  app: FastifyInstance,
  { favorites }: Pick<Services, 'favorites'>,
): void {
  registerCall(app, 'favorites', async ({ user }) => ({
    success: true,
    results: await favorites.list(user.id),
  }));
  registerCall(app, 'favoriteAdd', async ({ user, body }) => {
    const id = await favorites.add(user.id, body.title, body.url);
    return { success: true, msg: messages.favoriteAdded, id, results: await favorites.list(user.id) };
  });
  registerCall(app, 'favoriteRemove', async ({ user, params }) => {
    await favorites.remove(user.id, params.id);
    return { success: true, msg: messages.favoriteRemoved, results: await favorites.list(user.id) };
  });
}
