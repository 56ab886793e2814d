import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { CallInput, ListQuery, RecordRow, TransactionStatus } from '../../../../shared/contract';
import { FILTER_TYPES } from '../../../../shared/domain';
import { TRANSACTION_COLUMNS, TRANSACTION_LIST_LIMIT } from '../../../../shared/domain/transaction-flow';
import { crmKeys } from '../../api/query-keys';
import { callCrm, useCrmQuery } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';

export const TRANSACTIONS_TABLE = 'transactions';

/** One page of a workspace tab: the statuses of the tab (null: all), newest first. */
export function workspaceQuery(statuses: readonly number[] | null, page: number, limit: number): ListQuery {
  return {
    page,
    limit,
    sort: { name: 'id', type: 'desc' },
    fields: [...TRANSACTION_COLUMNS],
    filters:
      statuses === null
        ? []
        : [{ name: 'status_id', type: FILTER_TYPES.multipleChoice, value: statuses.map(String) }],
  };
}

/** A customer's transactions (see docs/requirements.md#calls: table data filtered on customer_id, limit 500). */
export function customerQuery(customerId: number): ListQuery {
  return {
    page: 1,
    limit: TRANSACTION_LIST_LIMIT,
    sort: { name: 'id', type: 'desc' },
    fields: [...TRANSACTION_COLUMNS],
    filters: [{ name: 'customer_id', type: FILTER_TYPES.equal, value: String(customerId) }],
  };
}

const LEADS_TABLE = 'leads';

/** The leads of some ids, their id and name only (the workspace's customer column). */
function namesQuery(ids: readonly number[]): ListQuery {
  return {
    page: 1,
    limit: Math.max(1, ids.length),
    sort: { name: 'id', type: 'desc' },
    fields: ['id', 'name'],
    filters: [{ name: 'id', type: FILTER_TYPES.multipleChoice, value: ids.map(String) }],
  };
}

/**
 * The customers' names of a page of transactions, read as the user's own lead list reads them (one
 * POST /table/leads for the page's ids, so the row restriction and field rights apply). Empty while
 * loading and where the user may not read leads or their names: the column then shows the lead's number.
 */
export function useCustomerNames(ids: readonly number[]): ReadonlyMap<number, string> {
  const bridge = useBridge();
  const wanted = useMemo(() => [...new Set(ids)].sort((a, b) => a - b), [ids]);
  const query = namesQuery(wanted);
  const names = useQuery({
    queryKey: crmKeys.tableQuery(LEADS_TABLE, query),
    queryFn: () =>
      callCrm(bridge, 'table', { params: { table: LEADS_TABLE }, body: { ...query, table: LEADS_TABLE } }),
    enabled: wanted.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  return useMemo(() => {
    const byId = new Map<number, string>();
    for (const row of names.data?.results ?? []) {
      const id = numberCell(row, 'id');
      const name = row.name;
      if (id !== null && typeof name === 'string' && name !== '') byId.set(id, name);
    }
    return byId;
  }, [names.data]);
}

export interface StatusIndex {
  readonly list: readonly TransactionStatus[];
  readonly byId: ReadonlyMap<number, TransactionStatus>;
}

const NO_BODY: CallInput<'transactionStatuses'> = {};

/** Option list 146 with flows (GET /transaction/statuses). */
export function useTransactionStatuses(): { data: StatusIndex | undefined; isError: boolean } {
  const query = useCrmQuery('transactionStatuses', NO_BODY, { staleTime: 5 * 60_000 });
  const data = useMemo(
    () =>
      query.data
        ? { list: query.data.results, byId: new Map(query.data.results.map((status) => [status.id, status])) }
        : undefined,
    [query.data],
  );
  return { data, isError: query.isError };
}

/** After a step or a push: every list, search and journal of transactions reloads. */
export function invalidateTransactions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(TRANSACTIONS_TABLE) });
  for (const name of ['searchTrx', 'transactionJournal', 'transactionEligibility'] as const) {
    void queryClient.invalidateQueries({ queryKey: ['crm', 'call', name] });
  }
}

/** Live updates: a change made by someone else (finance, risk) shows without a reload. */
export function useTransactionUpdates(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () => bridge.on('transactionUpdate', () => invalidateTransactions(queryClient)),
    [bridge, queryClient],
  );
}

export function numberCell(row: RecordRow, name: string): number | null {
  const value = row[name];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

export function textCell(row: RecordRow, name: string): string {
  const value = row[name];
  return value === null || value === undefined ? '' : String(value);
}
