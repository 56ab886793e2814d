import type { AuthUser } from '../kernel/session';
import { ExpiringCache } from './expiring-cache';
import type { InvalidationBus } from './invalidation-bus';

export interface SessionCacheOptions {
  bus: InvalidationBus;
  /** Longest a session is served from memory; the bus drops it earlier on any change. */
  ttlMs: number;
  maxEntries?: number;
}

/** A session as the database answered it, with how long it is still valid there. */
export interface LoadedSession {
  user: AuthUser;
  remainingMs: number;
}

export interface SessionCache {
  /** The user of a token hash: from memory, else `load` (null: no valid session, never kept). */
  get(tokenHash: string, load: () => Promise<LoadedSession | null>): Promise<AuthUser | null>;
}

const DEFAULT_MAX_ENTRIES = 20_000;

/**
 * Sessions by token hash, so an authenticated call costs no query. A logout, a deactivated or changed
 * account, and a renamed team or group reach every node over the bus and drop the entries at once; an
 * entry never outlives its session's expiry.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const cache = new ExpiringCache<string, AuthUser | null>({
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    isUsable: () => options.bus.isLive(),
  });
  options.bus.subscribe((change) => {
    switch (change.kind) {
      case 'session':
        cache.delete(change.tokenHash);
        return;
      case 'user':
        cache.deleteWhere((user) => user?.id === change.userId);
        return;
      case 'users':
      case 'all':
        cache.clear();
        return;
      default:
        return;
    }
  });
  return {
    get: (tokenHash, load) =>
      cache.get(tokenHash, async () => {
        const found = await load();
        if (!found) return { value: null, ttlMs: 0 };
        return { value: found.user, ttlMs: Math.min(options.ttlMs, found.remainingMs) };
      }),
  };
}
