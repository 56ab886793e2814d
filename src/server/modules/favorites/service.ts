import type { Kysely } from 'kysely';
import type { Favorite } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';

/** Favourite pages per user: a sidebar list, not a bookmark store. */
export const FAVORITES_MAX = 50;

export interface FavoritesService {
  list(userId: number): Promise<Favorite[]>;
  /** Adds a page, or renames it when its url is already a favourite. Returns its id. */
  add(userId: number, title: string, url: string): Promise<number>;
  /** 404 when the favourite is not the user's (or does not exist). */
  remove(userId: number, id: number): Promise<void>;
}

export function createFavoritesService(db: Kysely<Database>): FavoritesService {
  return {
    async list(userId) {
      return db
        .selectFrom('favorites')
        .select(['id', 'title', 'url', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async add(userId, title, url) {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('favorites')
          .select('id')
          .where('user_id', '=', userId)
          .where('url', '=', url)
          .executeTakeFirst();
        if (existing) {
          await trx.updateTable('favorites').set({ title }).where('id', '=', existing.id).execute();
          return existing.id;
        }
        const { count } = await trx
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= FAVORITES_MAX) {
          throw DomainError.invalid(format(messages.favoriteLimit, { max: FAVORITES_MAX }));
        }
        const inserted = await trx
          .insertInto('favorites')
          .values({ user_id: userId, title, url })
          .onConflict((conflict) => conflict.columns(['user_id', 'url']).doUpdateSet({ title }))
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
    },

    async remove(userId, id) {
      const removed = await db
        .deleteFrom('favorites')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw DomainError.notFound();
    },
  };
}
