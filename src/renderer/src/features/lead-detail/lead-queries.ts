import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallInput, CallName } from '../../../../shared/contract';
import { LEAD_DETAIL_PAGE_DEFAULT } from '../../../../shared/contract/lead-detail';

/** The lead detail always reads the leads table; customers are leads with is_customer 1. */
export const LEAD_TABLE = 'leads';

/**
 * The inputs of the page's calls in one place: the query key is the call name plus its input, so a save
 * elsewhere on the page can refresh exactly these.
 */
export const leadCallInputs = {
  row: (id: number, trx?: number): CallInput<'row'> => ({
    params: trx === undefined ? { table: LEAD_TABLE, id } : { table: LEAD_TABLE, id, trx },
  }),
  notes: (id: number, limit = LEAD_DETAIL_PAGE_DEFAULT): CallInput<'notes'> => ({
    params: { table: 'lead_notes' },
    body: { field: 'lead_id', id, page: 1, limit },
  }),
  notifications: (id: number): CallInput<'leadNotifications'> => ({
    body: { field: 'lead_id', id, page: 1, limit: LEAD_DETAIL_PAGE_DEFAULT },
  }),
  journal: (id: number): CallInput<'journal'> => ({
    params: { table: LEAD_TABLE, id },
    body: { page: 1, limit: LEAD_DETAIL_PAGE_DEFAULT },
  }),
  tasks: (id: number, parentId = 0): CallInput<'leadTasks'> => ({
    params: { table: LEAD_TABLE, id },
    body: { parent_id: parentId },
  }),
  duplicates: (id: number): CallInput<'duplicatedLeads'> => ({ body: { id } }),
  files: (id: number): CallInput<'files'> => ({ params: { leadId: id } }),
  surveys: (id: number): CallInput<'questions'> => ({ params: { x: id } }),
  emails: (id: number): CallInput<'leadEmails'> => ({ params: { leadId: id } }),
  calls: (id: number): CallInput<'callHistory'> => ({ params: { leadId: id } }),
};

/** Key prefix of every query of one call, whatever its input. */
export function callPrefix(name: CallName): readonly ['crm', 'call', CallName] {
  return ['crm', 'call', name];
}

/**
 * Refreshes the named calls after a save. Only calls of this page are named, and they are all about one
 * lead at a time, so refreshing every query of a call is the same as refreshing this lead's.
 */
export function useRefreshCalls(): (...names: CallName[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (...names: CallName[]) => {
      for (const name of names) void queryClient.invalidateQueries({ queryKey: callPrefix(name) });
    },
    [queryClient],
  );
}
