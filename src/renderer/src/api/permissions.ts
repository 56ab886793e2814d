import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallResult } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

export type PermissionsAnswer = CallResult<'permissions'>;

/** GET /permissions: the menu tables with the user's flags, and `me`. Changes only when an admin edits groups. */
export function usePermissions(): UseQueryResult<PermissionsAnswer, CrmError> {
  const bridge = useBridge();
  return useQuery({
    queryKey: crmKeys.permissions(),
    queryFn: () => callCrm(bridge, 'permissions', { params: {} }),
    staleTime: 5 * 60_000,
  });
}
