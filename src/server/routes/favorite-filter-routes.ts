import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createFavoriteFiltersService } from '../services/favorite-filters-service';
import { registerCall } from './register-call';

export interface FavoriteFilterRoutesDeps {
  db: Kysely<Database>;
}

/** Saved favourite filters of the list screen (spec 1 §2, §5, §7). */
export function registerFavoriteFilterRoutes(app: FastifyInstance, { db }: FavoriteFilterRoutesDeps): void {
  const favorites = createFavoriteFiltersService(db, getTableRegistry(db));

  registerCall(app, 'favoriteFilters', ({ user, params, body }) =>
    favorites.listOrSave(user, params.table, body),
  );
  registerCall(app, 'favoriteFilterRemove', ({ user, params }) => favorites.remove(user, params.id));
}
