import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallResult } from '../../../../shared/contract';
import type { CrmError } from '../../api/crm-error';
import { crmKeys } from '../../api/query-keys';
import { callCrm } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { searchKind } from './search-keyword';

export type LeadSearchAnswer = CallResult<'search'>;

/**
 * POST /search/ for names, POST /searchPhone/ when the keyword looks like a phone number. Folding
 * (ışık = IŞIK = isik) and phone normalisation happen on the server; the keyword goes as typed.
 */
export function useLeadSearch(keyword: string): UseQueryResult<LeadSearchAnswer, CrmError> {
  const bridge = useBridge();
  const kind = searchKind(keyword);
  const input = { body: { keyword } };
  return useQuery({
    queryKey: crmKeys.call(kind === 'phone' ? 'searchPhone' : 'search', input),
    queryFn: () =>
      kind === 'phone' ? callCrm(bridge, 'searchPhone', input) : callCrm(bridge, 'search', input),
    enabled: keyword !== '',
    // The previous hits stay while the next keyword is on its way, so the overlay does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
