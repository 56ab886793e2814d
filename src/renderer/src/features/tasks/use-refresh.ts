import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallName } from '../../../../shared/contract';

/** Invalidates every cached answer of the named calls (all inputs), after a save. */
export function useRefresh(): (...names: CallName[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (...names: CallName[]) => {
      for (const name of names) void queryClient.invalidateQueries({ queryKey: ['crm', 'call', name] });
    },
    [queryClient],
  );
}
