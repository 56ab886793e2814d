/** The persistence the main process needs; electron-store satisfies it, tests pass a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** An in-memory store, for tests and for the e2e harness that runs the main services in Node. */
export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore & {
  entries(): Record<string, unknown>;
} {
  const data = new Map<string, unknown>(Object.entries(initial));
  return {
    get: (key) => data.get(key),
    set: (key, value) => {
      data.set(key, value);
    },
    delete: (key) => {
      data.delete(key);
    },
    entries: () => Object.fromEntries(data),
  };
}
