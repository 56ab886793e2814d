import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { CallInput, ListQuery, RecordRow, TransactionStatus } from '../../../../shared/contract';
import { FILTER_TYPES } from '../../../../shared/domain';
import { TRANSACTION_COLUMNS, TRANSACTION_LIST_LIMIT } from '../../../../shared/domain/transaction-flow';
import { crmKeys } from '../../api/query-keys';
import { useCrmQuery } from '../../api/use-crm-call';
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

/** A customer's transactions (spec 2 §7: table data filtered on customer_id, limit 500). */
export function customerQuery(customerId: number): ListQuery {
  return {
    page: 1,
    limit: TRANSACTION_LIST_LIMIT,
    sort: { name: 'id', type: 'desc' },
    fields: [...TRANSACTION_COLUMNS],
    filters: [{ name: 'customer_id', type: FILTER_TYPES.equal, value: String(customerId) }],
  };
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
