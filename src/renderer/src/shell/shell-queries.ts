import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallInput, CallName } from '../../../shared/contract';
import { crmKeys } from '../api/query-keys';

/** The shell's calls take no input; one constant each keeps their query keys identical everywhere. */
export const shellInputs = {
  notifications: {} satisfies CallInput<'notifications'>,
  sidebarNotes: {} satisfies CallInput<'sidebarNotes'>,
  favorites: {} satisfies CallInput<'favorites'>,
  preferences: {} satisfies CallInput<'preferences'>,
  userDashboard: {} satisfies CallInput<'userDashboard'>,
};

/** Notifications change by time (a reminder falls due) even without a push; this is the safety net. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** Key prefix of every query of one call, whatever its input. */
export function callKeyPrefix(name: CallName): readonly ['crm', 'call', CallName] {
  return ['crm', 'call', name];
}

/** Everything a new or completed reminder changes: the drawer, the bell, the side panel, the calendar. */
export function invalidateReminders(queryClient: QueryClient): void {
  for (const name of ['notifications', 'sidebarNotes', 'calendar', 'leadNotifications'] as const) {
    void queryClient.invalidateQueries({ queryKey: callKeyPrefix(name) });
  }
}

/**
 * A fieldUpdate push (see docs/requirements.md#calls: "reloads option lists"): the one list named, or all of them, and the
 * field metadata of the table named (it carries the options of its select fields).
 */
export function invalidateOptionLists(
  queryClient: QueryClient,
  event: { table?: string; optionListId?: number },
): void {
  if (event.optionListId !== undefined) {
    void queryClient.invalidateQueries({ queryKey: crmKeys.options(event.optionListId) });
  } else {
    void queryClient.invalidateQueries({ queryKey: ['crm', 'options'] });
  }
  // Neither named: an admin saved permissions or reset the caches (see docs/admin-guide.md). Menus, field lists and the
  // open lists reload too, so a column taken away disappears without a restart.
  if (event.optionListId === undefined && event.table === undefined) {
    void queryClient.invalidateQueries({ queryKey: crmKeys.permissions() });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'fields'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'table'] });
  }
  void queryClient.invalidateQueries({ queryKey: callKeyPrefix('getOptionList') });
  if (event.table !== undefined)
    void queryClient.invalidateQueries({ queryKey: crmKeys.fields(event.table) });
}

export function useInvalidateReminders(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateReminders(queryClient), [queryClient]);
}
