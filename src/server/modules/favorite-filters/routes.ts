import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Saved favourite filters of the list screen (see docs/requirements.md#shell-lists-and-chat, #filters-and-list-input, #calls). */
export function registerFavoriteFilterRoutes(
  app: FastifyInstance,
  { favoriteFilters: favorites }: Pick<Services, 'favoriteFilters'>,
): void {
  registerCall(app, 'favoriteFilters', ({ user, params, body }) =>
    favorites.listOrSave(user, params.table, body),
  );
  registerCall(app, 'favoriteFilterRemove', ({ user, params }) => favorites.remove(user, params.id));
}
