import { MutationCache, QueryClient } from '@tanstack/react-query';
import { CrmError } from '../api/crm-error';
import { createConnectionMonitor, type ConnectionMonitor } from '../api/connection-monitor';

/** A lost connection is retried at most this far apart, so screens refresh soon after it returns. */
export const RETRY_DELAY_MAX_MS = 5_000;

/**
 * Only trouble that can pass by itself is retried; a 4xx or a foreign server will answer the same again.
 * Once the server has answered, a network failure is retried until it passes: the screen keeps its last
 * data under the connection banner instead of turning into an error (docs/user-guide.md#connection).
 */
export function shouldRetry(failureCount: number, error: CrmError, monitor: ConnectionMonitor): boolean {
  if (error.kind === 'network' && monitor.everOnline()) return true;
  return failureCount < 2 && (error.kind === 'network' || error.kind === 'server');
}

export const retryDelay = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, RETRY_DELAY_MAX_MS);

const isNetworkError = (error: unknown): boolean =>
  error instanceof CrmError ? error.kind === 'network' : false;

export function createAppQueryClient(monitor: ConnectionMonitor = createConnectionMonitor()): QueryClient {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isNetworkError(error)) monitor.requestFailed();
      },
      onSuccess: () => monitor.requestAnswered(),
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error: CrmError) => shouldRetry(failureCount, error, monitor),
        retryDelay,
        staleTime: 30_000,
        // Agents switch windows all day (softphone, trading platform); refetching on every focus would
        // reshuffle the list they are working through.
        refetchOnWindowFocus: false,
        // The bridge is the network: react-query's own online detection would pause instead of failing.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Every failed attempt (retries included) and every answer tells the monitor.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'failed' && isNetworkError(event.action.error)) monitor.requestFailed();
    if (event.action.type === 'success') monitor.requestAnswered();
  });
  return client;
}
