export interface ExpiringCacheOptions {
  /** Entries kept at most; the oldest goes first. */
  maxEntries: number;
  /** false: nothing is kept or served (the invalidation bus cannot vouch for entries right now). */
  isUsable: () => boolean;
  now?: () => number;
}

/** What a load found: the value, and for how long it may be served (0 or less: not kept). */
export interface Loaded<V> {
  value: V;
  ttlMs: number;
}

/**
 * A small in-process cache whose entries expire and can be dropped by an invalidation. A load that
 * started before an invalidation is never stored after it (a generation counter), so a change that
 * committed while a request was reading the old state cannot leave that old state behind in the cache.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ExpiringCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: K, load: () => Promise<Loaded<V>>): Promise<V> {
    const usable = this.options.isUsable();
    if (usable) {
      const entry = this.entries.get(key);
      if (entry && entry.until > this.now()) return entry.value;
      if (entry) this.entries.delete(key);
    }
    const generation = this.generation;
    const loaded = await load();
    if (usable && loaded.ttlMs > 0 && generation === this.generation && this.options.isUsable()) {
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value: loaded.value, until: this.now() + loaded.ttlMs });
    }
    return loaded.value;
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
