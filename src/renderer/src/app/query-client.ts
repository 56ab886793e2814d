import { QueryClient } from '@tanstack/react-query';
import type { CrmError } from '../api/crm-error';

/** Only trouble that can pass by itself is retried; a 4xx or a foreign server will answer the same again. */
function shouldRetry(failureCount: number, error: CrmError): boolean {
  return failureCount < 2 && (error.kind === 'network' || error.kind === 'server');
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Agents switch windows all day (softphone, trading platform); refetching on every focus would
        // reshuffle the list they are working through.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
