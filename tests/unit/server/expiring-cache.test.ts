import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../../src/server/cache/expiring-cache';
import { createLocalInvalidationBus } from '../../../src/server/cache/invalidation-bus';
import { invalidationsForSource } from '../../../src/server/http/write-invalidations';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function cacheAt(clock: { now: number }, usable = { value: true }) {
  return new ExpiringCache<string, number>({
    maxEntries: 3,
    isUsable: () => usable.value,
    now: () => clock.now,
  });
}

describe('ExpiringCache', () => {
  it('serves a loaded value until it expires, then loads again', async () => {
    const clock = { now: 1_000 };
    const cache = cacheAt(clock);
    let loads = 0;
    const load = async () => ({ value: ++loads, ttlMs: 100 });
    expect(await cache.get('a', load)).toBe(1);
    clock.now += 99;
    expect(await cache.get('a', load)).toBe(1);
    clock.now += 1;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('never keeps a value loaded with ttl 0 (a refused session)', async () => {
    const cache = cacheAt({ now: 0 });
    let loads = 0;
    const load = async () => ({ value: ++loads, ttlMs: 0 });
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not store a load that started before an invalidation', async () => {
    const cache = cacheAt({ now: 0 });
    const slow = deferred<{ value: number; ttlMs: number }>();
    const pending = cache.get('a', () => slow.promise);
    // The change commits and is announced while the old state is still being read.
    cache.delete('a');
    slow.resolve({ value: 1, ttlMs: 1_000 });
    expect(await pending).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => ({ value: 2, ttlMs: 1_000 }))).toBe(2);
  });

  it('serves and keeps nothing while the bus cannot vouch for its entries', async () => {
    const usable = { value: true };
    const cache = cacheAt({ now: 0 }, usable);
    await cache.get('a', async () => ({ value: 1, ttlMs: 1_000 }));
    usable.value = false;
    expect(await cache.get('a', async () => ({ value: 2, ttlMs: 1_000 }))).toBe(2);
    expect(await cache.get('b', async () => ({ value: 3, ttlMs: 1_000 }))).toBe(3);
    usable.value = true;
    expect(await cache.get('b', async () => ({ value: 4, ttlMs: 1_000 }))).toBe(4);
  });

  it('drops entries by predicate and the oldest one past its size', async () => {
    const cache = cacheAt({ now: 0 });
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const) {
      await cache.get(key, async () => ({ value, ttlMs: 1_000 }));
    }
    expect(cache.size).toBe(3);
    expect(await cache.get('a', async () => ({ value: 10, ttlMs: 1_000 }))).toBe(10);
    cache.deleteWhere((value) => value >= 3);
    expect(await cache.get('c', async () => ({ value: 30, ttlMs: 1_000 }))).toBe(30);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('the in-process invalidation bus', () => {
  it('applies a change to every listener before publish returns, despite a throwing one', async () => {
    const errors: unknown[] = [];
    const bus = createLocalInvalidationBus((error) => errors.push(error));
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('listener failed');
    });
    const stop = bus.subscribe((change) => seen.push(change.kind));
    const published = bus.publish({ kind: 'permissions' });
    expect(seen).toEqual(['permissions']);
    await published;
    stop();
    await bus.publish({ kind: 'all' });
    expect(seen).toEqual(['permissions']);
    expect(errors).toHaveLength(2);
    expect(bus.isLive()).toBe(true);
  });
});

describe('what a generic write makes stale', () => {
  it('names the caches behind accounts, permissions, option lists and the registry', () => {
    expect(invalidationsForSource('users')).toEqual([{ kind: 'users' }, { kind: 'options' }]);
    expect(invalidationsForSource('permissions')).toEqual([{ kind: 'permissions' }]);
    expect(invalidationsForSource('user_groups')).toContainEqual({ kind: 'permissions' });
    expect(invalidationsForSource('option_values')).toEqual([{ kind: 'options' }]);
    expect(invalidationsForSource('crm_fields')).toEqual([{ kind: 'registry' }]);
    expect(invalidationsForSource('leads')).toEqual([]);
  });
});
