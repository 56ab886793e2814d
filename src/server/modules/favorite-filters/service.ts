import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { filterSchema, type CallResult, type contract, type FavoriteFilter } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';

type FavoriteFilterBody = z.output<(typeof contract)['favoriteFilters']['body']>;
type SavedFilter = z.output<typeof filterSchema>;

/** Favourites one user may keep per table: enough for any real use, bounded for the database's sake. */
export const FAVORITE_FILTERS_PER_TABLE = 200;

export interface FavoriteFiltersService {
  /** POST /favorite-filters/{table}: list, or save one and list. */
  listOrSave(
    user: EngineUser,
    table: string,
    body: FavoriteFilterBody,
  ): Promise<CallResult<'favoriteFilters'>>;
  /** POST /favorite-filters/remove/{id}: the user's own favourites only (404 for anyone else's). */
  remove(user: EngineUser, id: number): Promise<CallResult<'favoriteFilterRemove'>>;
}

/**
 * Stored JSON is read back through the contract's schema: a filter that no longer parses (edited by
 * hand, older format) is dropped rather than handed to a client that would choke on it.
 */
function storedFilters(value: unknown): SavedFilter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = filterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Type 10 ("between") is the only operator that takes a {start, end} range (see docs/requirements.md#filters-and-list-input). */
const BETWEEN = 10;

function isRange(value: SavedFilter['value']): value is { start?: string; end?: string } {
  return typeof value === 'object' && !Array.isArray(value);
}

/**
 * Each filter must name a field the user may list in that table: the list would refuse it anyway, and a
 * favourite should not remember a field the user is not allowed to filter by. A range belongs to type 10
 * only and must have an end (the schema drops unknown keys, so `{a: …}` arrives as `{}`). Values are not
 * compiled further, so a favourite can keep a date range the list resolves later.
 */
function checkFilters(access: TableAccess, filters: readonly SavedFilter[]): void {
  for (const filter of filters) {
    const range = isRange(filter.value);
    const emptyRange = isRange(filter.value) && !filter.value.start && !filter.value.end;
    if (!access.listableNames.has(filter.name) || range !== (filter.type === BETWEEN) || emptyRange) {
      throw DomainError.invalid(format(messages.invalidFilter, { field: filter.name }));
    }
  }
}

export function createFavoriteFiltersService(
  db: Kysely<Database>,
  registry: TableRegistry,
): FavoriteFiltersService {
  async function list(userId: number, table: string): Promise<FavoriteFilter[]> {
    const rows = await db
      .selectFrom('favorite_filters')
      .select(['id', 'name', 'table_name', 'filters', 'created_at'])
      .where('user_id', '=', userId)
      .where('table_name', '=', table)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      table: row.table_name,
      filters: storedFilters(row.filters),
      created_at: row.created_at,
    }));
  }

  async function save(
    user: EngineUser,
    access: TableAccess,
    name: string,
    filters: SavedFilter[],
  ): Promise<number> {
    checkFilters(access, filters);
    const table = access.table.name;
    return db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('favorite_filters')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id)
        .where('table_name', '=', table)
        .where('name', '<>', name)
        .executeTakeFirstOrThrow();
      if (Number(count) >= FAVORITE_FILTERS_PER_TABLE) {
        throw DomainError.invalid(format(messages.favoriteFilterLimit, { max: FAVORITE_FILTERS_PER_TABLE }));
      }
      // Saving under an existing name replaces its filters: what a person means by "save it again".
      const row = await trx
        .insertInto('favorite_filters')
        .values({ user_id: user.id, table_name: table, name, filters: JSON.stringify(filters) })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'table_name', 'name'])
            .doUpdateSet((eb) => ({ filters: eb.ref('excluded.filters') })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  return {
    async listOrSave(user, table, body) {
      // The user must see the table: favourites of a hidden list are neither listed nor saved.
      const access = await resolveTableAccess(db, registry, user, table);
      if (body?.name === undefined) {
        return { success: true, results: await list(user.id, access.table.name) };
      }
      const id = await save(user, access, body.name, body.filters ?? []);
      return {
        success: true,
        msg: messages.favoriteFilterSaved,
        id,
        results: await list(user.id, access.table.name),
      };
    },

    async remove(user, id) {
      const removed = await db
        .deleteFrom('favorite_filters')
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw recordNotFound();
      return { success: true, msg: messages.favoriteFilterRemoved };
    },
  };
}
