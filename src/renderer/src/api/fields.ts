import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { FieldMeta } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

/** GET /fields/{table}: field metadata (display names, component types, option lists). */
export function useFields(table: string): UseQueryResult<FieldMeta[], CrmError> {
  const bridge = useBridge();
  return useQuery({
    queryKey: crmKeys.fields(table),
    queryFn: async () => (await callCrm(bridge, 'fields', { params: { table } })).fields,
    staleTime: 10 * 60_000,
  });
}
