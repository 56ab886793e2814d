import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_PREFERENCES,
  preferencesSchema,
  type Favorite,
  type Preferences,
} from '../../shared/contract';
import { format, messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { HttpError } from '../http-error';
import type { AuthUser } from './auth-service';

/** Favourite pages per user: a sidebar list, not a bookmark store. */
export const FAVORITES_MAX = 50;

export interface PreferencesService {
  get(user: AuthUser): Promise<Preferences>;
  /** Merges `changes` over what is stored; `theme` is kept in users.theme (the profile's theme). */
  save(user: AuthUser, changes: Partial<Preferences>): Promise<Preferences>;
  favorites(userId: number): Promise<Favorite[]>;
  /** Adds a page, or renames it when its url is already a favourite. Returns its id. */
  addFavorite(userId: number, title: string, url: string): Promise<number>;
  /** 404 when the favourite is not the user's (or does not exist). */
  removeFavorite(userId: number, id: number): Promise<void>;
}

const storedShape = preferencesSchema.omit({ theme: true }).partial();

/** Stored data that no longer fits the schema (an older version, a manual edit) falls back to defaults. */
function readStored(data: unknown): Partial<Preferences> {
  if (typeof data !== 'object' || data === null) return {};
  const picked: Partial<Preferences> = {};
  for (const [key, schema] of Object.entries(storedShape.shape)) {
    const parsed = schema.safeParse((data as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) Object.assign(picked, { [key]: parsed.data });
  }
  return picked;
}

export function createPreferencesService(db: Kysely<Database>): PreferencesService {
  async function stored(userId: number): Promise<Partial<Preferences>> {
    const row = await db
      .selectFrom('user_preferences')
      .select('data')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return readStored(row?.data);
  }

  async function get(user: AuthUser): Promise<Preferences> {
    const theme = (await db.selectFrom('users').select('theme').where('id', '=', user.id).executeTakeFirst())
      ?.theme;
    return { ...DEFAULT_PREFERENCES, ...(await stored(user.id)), theme: theme || DEFAULT_PREFERENCES.theme };
  }

  return {
    get,

    async save(user, changes) {
      const { theme, ...rest } = changes;
      await db.transaction().execute(async (trx) => {
        if (theme !== undefined) {
          await trx.updateTable('users').set({ theme }).where('id', '=', user.id).execute();
        }
        if (Object.keys(rest).length > 0) {
          // jsonb || merges top-level keys, so two tabs saving different keys do not undo each other.
          await trx
            .insertInto('user_preferences')
            .values({ user_id: user.id, data: JSON.stringify(rest) })
            .onConflict((conflict) =>
              conflict.column('user_id').doUpdateSet({
                data: sql<string>`user_preferences.data || excluded.data`,
                updated_at: sql<string>`date_trunc('second', localtimestamp)`,
              }),
            )
            .execute();
        }
      });
      return get(user);
    },

    async favorites(userId) {
      return db
        .selectFrom('favorites')
        .select(['id', 'title', 'url', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async addFavorite(userId, title, url) {
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
          throw HttpError.badRequest(format(messages.favoriteLimit, { max: FAVORITES_MAX }));
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

    async removeFavorite(userId, id) {
      const removed = await db
        .deleteFrom('favorites')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw HttpError.notFound();
    },
  };
}
