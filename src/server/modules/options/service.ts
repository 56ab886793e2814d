import type { Kysely } from 'kysely';
import type { OptionItem } from '../../../shared/contract';
import { ExpiringCache } from '../../cache/expiring-cache';
import type { InvalidationBus } from '../../cache/invalidation-bus';
import type { Database } from '../../db/schema';
import { DomainError, serverMessages } from '../../domain-errors';

export interface OptionsService {
  /** The items of option list `id` (see docs/requirements.md#calls GET /getOption/{id}); 404 when there is no such list. */
  getOption(id: number): Promise<OptionItem[]>;
  /** Every option list as {label: name, value: id}. */
  listOptionLists(): Promise<OptionItem[]>;
}

/**
 * Values are stored as text; ids of other tables are written as plain integers and must compare equal to
 * the integer cells of the lists (status_id 3 vs '3'), so canonical integers travel as numbers. Anything
 * else ('0532', '1.5', 'EUR') stays a string.
 */
export function optionValue(stored: string): number | string {
  return /^(0|-?[1-9]\d{0,14})$/.test(stored) ? Number(stored) : stored;
}

const MAX_LIST_ID = 2_147_483_647;

export interface OptionsCacheOptions {
  bus: InvalidationBus;
  ttlMs: number;
}

/** Option lists are a few dozen; the limit only guards against a runaway. */
const MAX_CACHED_LISTS = 1_000;

export function createOptionsService(
  db: Kysely<Database>,
  cacheOptions?: OptionsCacheOptions,
): OptionsService {
  async function load(id: number): Promise<OptionItem[]> {
    // option_lists.id is an integer column: a bigger id names no list (and would fail the query).
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_LIST_ID) {
      throw DomainError.notFound(serverMessages.optionListNotFound);
    }
    const list = await db.selectFrom('option_lists').select('source').where('id', '=', id).executeTakeFirst();
    if (!list) throw DomainError.notFound(serverMessages.optionListNotFound);
    switch (list.source) {
      case 'values': {
        const rows = await db
          .selectFrom('option_values')
          .select(['label', 'value'])
          .where('list_id', '=', id)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ label: row.label, value: optionValue(row.value) }));
      }
      case 'users': {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'name'])
          .where('active', '=', 1)
          .orderBy('name')
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ label: row.name, value: row.id }));
      }
      case 'teams':
      case 'user_groups':
      case 'email_templates': {
        const rows = await db
          .selectFrom(list.source)
          .select(['id', 'name'])
          .orderBy('name')
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ label: row.name, value: row.id }));
      }
      case 'lead_statuses': {
        const rows = await db
          .selectFrom('lead_statuses')
          .select(['id', 'label', 'background', 'color'])
          .orderBy('sort')
          .orderBy('id')
          .execute();
        return rows.map((row) => ({
          label: row.label,
          value: row.id,
          background: row.background,
          color: row.color,
        }));
      }
    }
  }

  /*
   * A list screen asks for several lists at once and many agents open the same screens: identical
   * requests in flight share one query, and with a cache a list is kept until a write to one of the
   * tables behind option lists (users, teams, statuses, values, ...) drops it on every node.
   */
  const inFlight = new Map<number, Promise<OptionItem[]>>();
  const cache =
    cacheOptions && cacheOptions.ttlMs > 0
      ? new ExpiringCache<number, OptionItem[]>({
          maxEntries: MAX_CACHED_LISTS,
          isUsable: () => cacheOptions.bus.isLive(),
        })
      : null;
  cacheOptions?.bus.subscribe((change) => {
    if (change.kind === 'options' || change.kind === 'users' || change.kind === 'all') cache?.clear();
  });
  function loadShared(id: number): Promise<OptionItem[]> {
    const pending = inFlight.get(id);
    if (pending) return pending;
    const started = load(id).finally(() => inFlight.delete(id));
    inFlight.set(id, started);
    return started;
  }
  async function getOption(id: number): Promise<OptionItem[]> {
    if (!cache || !cacheOptions) return loadShared(id);
    const items = await cache.get(id, async () => ({
      value: await loadShared(id),
      ttlMs: cacheOptions.ttlMs,
    }));
    // A copy: callers may build on the answer, the cached list stays as loaded.
    return items.map((item) => ({ ...item }));
  }

  async function listOptionLists(): Promise<OptionItem[]> {
    const rows = await db.selectFrom('option_lists').select(['id', 'name']).orderBy('id').execute();
    return rows.map((row) => ({ label: row.name, value: row.id }));
  }

  return { getOption, listOptionLists };
}
