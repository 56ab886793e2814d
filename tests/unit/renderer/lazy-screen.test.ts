import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  lazyScreen,
  loadChunk,
  withPrefetch,
} from '../../../src/renderer/src/routing/lazy-screen';

/** A dynamic import the test settles by hand. */
function pendingImport<T>(): {
  load: () => Promise<T>;
  resolve: (value: T) => void;
  reject: (e: Error) => void;
} {
  let resolve: (value: T) => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

/** Where a promise stands after the microtasks have run. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

describe('loading a screen script (see docs/requirements.md#messages-the-user-reads: chunk load failure after 120 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 120 s, then fails with a chunk load error', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const chunk = pendingImport<{ Page: string }>();
    const loading = loadChunk(chunk.load);
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(await stateOf(loading)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'ChunkLoadError', failure: 'timeout' });
    // a script that arrives after the deadline changes nothing
    chunk.resolve({ Page: 'late' });
    expect(await stateOf(loading)).toBe('rejected');
  });

  it('hands over a script that arrives in time, and leaves no timer behind', async () => {
    const chunk = pendingImport<{ Page: string }>();
    const loading = loadChunk(chunk.load);
    await vi.advanceTimersByTimeAsync(119_000);
    chunk.resolve({ Page: 'dashboard' });
    await expect(loading).resolves.toEqual({ Page: 'dashboard' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed request into a chunk load error at once, keeping the cause', async () => {
    const chunk = pendingImport<{ Page: string }>();
    const loading = loadChunk(chunk.load);
    const cause = new TypeError('Failed to fetch dynamically imported module');
    chunk.reject(cause);
    const error = await loading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ failure: 'failed', cause });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives react-router the component of the loaded module', async () => {
    const Screen = (): null => null;
    const route = lazyScreen(
      () => Promise.resolve({ Screen }),
      (module) => module.Screen,
    );
    await expect(route()).resolves.toEqual({ Component: Screen });
  });

  it('tells chunk errors from other errors', () => {
    expect(isChunkLoadError(new ChunkLoadError('failed'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('prefetching the screens below the shell', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches every screen below once the shell is in, after the page has settled', async () => {
    const Shell = (): null => null;
    const screens = { dashboard: vi.fn(), list: vi.fn(), nested: vi.fn() };
    const load = (name: keyof typeof screens) => () => {
      screens[name]();
      return Promise.resolve({ Component: Shell });
    };
    const below = [
      { lazy: load('dashboard') },
      { path: 'list/:table', lazy: load('list'), children: [{ lazy: load('nested') }] },
      { path: 'plain' },
    ];
    const shell = withPrefetch(() => Promise.resolve({ Component: Shell }), below);
    await expect(shell()).resolves.toEqual({ Component: Shell });
    // not in the middle of drawing the shell
    expect(screens.dashboard).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(screens.dashboard).toHaveBeenCalledTimes(1);
    expect(screens.list).toHaveBeenCalledTimes(1);
    expect(screens.nested).toHaveBeenCalledTimes(1);
  });

  it('drops a failed prefetch quietly: the visit itself shows the error', async () => {
    // real timers: Node reports an unhandled rejection only after a real turn of the event loop
    vi.useRealTimers();
    // a plain function: a vi.fn would itself attach handlers to the promise it returns
    let attempts = 0;
    const failed = (): Promise<never> => {
      attempts += 1;
      return Promise.reject(new ChunkLoadError('failed'));
    };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await withPrefetch(() => Promise.resolve({ Component: () => null }), [{ lazy: failed }])();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(attempts).toBe(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
