import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { CrmBridge } from '../../../shared/bridge';
import type { CallInput, CallName, CallResult } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import { CrmError } from './crm-error';
import { crmKeys } from './query-keys';

/** One bridge call with the CallOutcome unwrapped: data on success, a thrown CrmError otherwise. */
export async function callCrm<N extends CallName>(
  bridge: CrmBridge,
  name: N,
  input: CallInput<N>,
): Promise<CallResult<N>> {
  let outcome;
  try {
    outcome = await bridge.call(name, input);
  } catch (reason) {
    throw CrmError.from(reason);
  }
  if (!outcome.ok) throw new CrmError(outcome.error);
  return outcome.data;
}

export type CrmQueryOptions<TQueryFnData, TData = TQueryFnData> = Omit<
  UseQueryOptions<TQueryFnData, CrmError, TData, QueryKey>,
  'queryKey' | 'queryFn'
>;

/** useQuery over one contract call, keyed by call name and input. */
export function useCrmQuery<N extends CallName, TData = CallResult<N>>(
  name: N,
  input: CallInput<N>,
  options?: CrmQueryOptions<CallResult<N>, TData>,
): UseQueryResult<TData, CrmError> {
  const bridge = useBridge();
  return useQuery({
    ...options,
    queryKey: crmKeys.call(name, input),
    queryFn: () => callCrm(bridge, name, input),
  });
}

/** useMutation over one contract call; the variables are the call's input. */
export function useCrmMutation<N extends CallName>(
  name: N,
  options?: Omit<UseMutationOptions<CallResult<N>, CrmError, CallInput<N>>, 'mutationFn'>,
): UseMutationResult<CallResult<N>, CrmError, CallInput<N>> {
  const bridge = useBridge();
  return useMutation({ ...options, mutationFn: (input: CallInput<N>) => callCrm(bridge, name, input) });
}
