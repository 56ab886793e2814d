import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AppSettings, CrmBridge } from '../../../shared/bridge';
import { useBridge } from '../bridge/bridge-context';
import { CrmError } from './crm-error';

/** Not under 'crm': the server choice outlives a logout, which drops all server state. */
export const appSettingsKey = ['bridge', 'settings'] as const;

/** Settings change only through settings.setServer, which writes the new value into this cache itself. */
export function appSettingsQuery(bridge: CrmBridge) {
  return queryOptions({
    queryKey: appSettingsKey,
    queryFn: async (): Promise<AppSettings> => {
      try {
        return await bridge.settings.get();
      } catch (reason) {
        throw CrmError.from(reason);
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppSettings(): UseQueryResult<AppSettings, CrmError> {
  const bridge = useBridge();
  return useQuery(appSettingsQuery(bridge));
}
