import { sql, type Kysely } from 'kysely';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '../../../shared/contract';
import type { Database } from '../../db/schema';
import type { Invalidate } from '../../cache/invalidation-bus';
import type { AuthUser } from '../auth';

export interface PreferencesService {
  get(user: AuthUser): Promise<Preferences>;
  /** Merges `changes` over what is stored; `theme` is kept in users.theme (the profile's theme). */
  save(user: AuthUser, changes: Partial<Preferences>): Promise<Preferences>;
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

export function createPreferencesService(db: Kysely<Database>, invalidate: Invalidate): PreferencesService {
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
      // The theme travels with the session (validate answers it).
      if (theme !== undefined) await invalidate({ kind: 'user', userId: user.id });
      return get(user);
    },
  };
}
