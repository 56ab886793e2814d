import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CrmBridge } from '../../../shared/bridge';
import type { CallInput, CallResult, FieldMeta } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm, type CrmQueryOptions } from './use-crm-call';

/** POST /row/{table}/{id} with the field lists always there. */
export type RowAnswer = Omit<CallResult<'row'>, 'fields' | 'write_fields'> & {
  fields: FieldMeta[];
  write_fields: string[];
};

/**
 * A record with the fields the user may read and write. A server of the spec alone answers only
 * `results` and `modules`: the metadata then comes from GET /fields/{table} (the fields the record
 * carries, in the table's order) and nothing is writable, so the record shows read-only
 * (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export async function callRow(bridge: CrmBridge, input: CallInput<'row'>): Promise<RowAnswer> {
  const answer = await callCrm(bridge, 'row', input);
  const { fields, write_fields: writeFields } = answer;
  if (fields !== undefined && writeFields !== undefined)
    return { ...answer, fields, write_fields: writeFields };
  const metadata =
    fields ??
    (await callCrm(bridge, 'fields', { params: { table: input.params.table } })).fields.filter(
      (field) => field.name in answer.results,
    );
  return { ...answer, fields: metadata, write_fields: writeFields ?? [] };
}

/** useQuery over callRow, under the row call's own key (what saving a record invalidates). */
export function useRecordRow<TData = RowAnswer>(
  input: CallInput<'row'>,
  options?: CrmQueryOptions<RowAnswer, TData>,
): UseQueryResult<TData, CrmError> {
  const bridge = useBridge();
  return useQuery({
    ...options,
    queryKey: crmKeys.call('row', input),
    queryFn: () => callRow(bridge, input),
  });
}
