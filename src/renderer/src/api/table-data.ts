import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallResult, ListQuery } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import { uiTexts } from '../i18n/ui-texts';
import { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

export type TableAnswer = CallResult<'table'>;

/**
 * POST /table/{table}. The previous page stays on screen while the next one loads, but only for the same
 * table: docs/requirements.md#shell-lists-and-chat discards table data returned for a different table than requested.
 */
export function useTableData(table: string, query: ListQuery): UseQueryResult<TableAnswer, CrmError> {
  const bridge = useBridge();
  return useQuery({
    queryKey: crmKeys.tableQuery(table, query),
    queryFn: async () => {
      const answer = await callCrm(bridge, 'table', { params: { table }, body: { ...query, table } });
      if (answer.table !== table) {
        throw new CrmError({ kind: 'protocol', status: 200, message: uiTexts.tableMismatch });
      }
      return answer;
    },
    placeholderData: (previous) => (previous?.table === table ? previous : undefined),
  });
}
