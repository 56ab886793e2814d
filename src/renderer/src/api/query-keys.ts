import type { CallInput, CallName, ListQuery } from '../../../shared/contract';

/**
 * Query keys in one place so invalidation (refresh icon, fieldUpdate events, saves) can target them.
 * Every key starts with 'crm' so logout can drop all server state at once.
 */
export const crmKeys = {
  all: ['crm'] as const,
  call: <N extends CallName>(name: N, input: CallInput<N>) => ['crm', 'call', name, input] as const,
  permissions: () => ['crm', 'permissions'] as const,
  fields: (table: string) => ['crm', 'fields', table] as const,
  options: (listId: number) => ['crm', 'options', listId] as const,
  /** Prefix of every page, sort and filter of one table's list. */
  tableData: (table: string) => ['crm', 'table', table] as const,
  tableQuery: (table: string, query: ListQuery) => ['crm', 'table', table, query] as const,
};
