import type { ComponentType } from 'react';

/** docs/requirements.md#messages-the-user-reads: "Chunk load failure after 120 s: chunk load error." */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadFailure = 'failed' | 'timeout';

/** A screen's script that did not arrive: the request failed (offline, a newer build's names) or took too long. */
export class ChunkLoadError extends Error {
  readonly failure: ChunkLoadFailure;

  constructor(failure: ChunkLoadFailure, cause?: unknown) {
    super(
      failure === 'timeout'
        ? `Screen script did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`
        : 'Screen script could not be loaded',
      { cause },
    );
    this.name = 'ChunkLoadError';
    this.failure = failure;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Waits for a dynamic import at most `timeoutMs`; a rejection or the deadline becomes a ChunkLoadError,
 * so the error page can tell "reload" apart from a bug. A late arrival after the deadline is ignored.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    Promise.resolve()
      .then(load)
      .then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('failed', error));
        },
      );
  });
}

/** What react-router's `lazy` expects of a route: its component. */
export type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** One feature's screen as a react-router `lazy` route: its script is fetched on the first visit only. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

/** A route as far as prefetching is concerned: react-router's `lazy` and the children below it. */
export type PrefetchableRoute = { lazy?: unknown; children?: readonly PrefetchableRoute[] };

/** How long the browser may stay busy before the prefetch starts anyway. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

/**
 * Once the shell is up, fetches the scripts of the screens below it while the browser is idle, so a first
 * visit does not wait for the network. A prefetch that fails is dropped: the visit itself retries and, if
 * the script still does not come, shows the chunk load error.
 */
export function prefetchWhenIdle(routes: readonly PrefetchableRoute[]): void {
  const start = (): void => {
    for (const load of lazyLoaders(routes)) load().catch(() => undefined);
  };
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(start, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  } else {
    setTimeout(start, 0);
  }
}

function lazyLoaders(routes: readonly PrefetchableRoute[]): (() => Promise<unknown>)[] {
  return routes.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy as () => Promise<unknown>] : []),
    ...lazyLoaders(route.children ?? []),
  ]);
}

/** A layout route's `lazy` that, once its own script is in, prefetches the screens below it. */
export function withPrefetch(load: LazyScreen, below: readonly PrefetchableRoute[]): LazyScreen {
  return async () => {
    const route = await load();
    prefetchWhenIdle(below);
    return route;
  };
}
