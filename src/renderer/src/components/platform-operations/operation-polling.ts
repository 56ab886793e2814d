import type { PlatformOperation } from '../../../../shared/contract';
import { isOperationSettled } from '../../../../shared/domain/platform-operations';

/** While an operation is on its way the list is read again this often (the job sends within seconds). */
export const OPERATIONS_REFRESH_MS = 2000;

/** react-query's refetchInterval: every OPERATIONS_REFRESH_MS while any operation is unsettled. */
export function refreshWhileUnsettled(operations: readonly PlatformOperation[] | undefined): number | false {
  return operations?.some((operation) => !isOperationSettled(operation.state)) === true
    ? OPERATIONS_REFRESH_MS
    : false;
}

/** How many operations are still on their way (a drop means one settled: the balances changed). */
export function unsettledCount(operations: readonly PlatformOperation[] | undefined): number {
  return operations?.filter((operation) => !isOperationSettled(operation.state)).length ?? 0;
}
