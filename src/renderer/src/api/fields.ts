import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallResult, FieldMeta } from '../../../shared/contract';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

type FieldsAnswer = CallResult<'fields'>;

/** One GET /fields/{table} per table, shared by the hooks below (each picks its part of the answer). */
function useFieldsAnswer<T>(table: string, select: (answer: FieldsAnswer) => T): UseQueryResult<T, CrmError> {
  const bridge = useBridge();
  return useQuery({
    queryKey: crmKeys.fields(table),
    queryFn: () => callCrm(bridge, 'fields', { params: { table } }),
    select,
    staleTime: 10 * 60_000,
  });
}

const listed = (answer: FieldsAnswer): FieldMeta[] => answer.fields;
const insertOnly = (answer: FieldsAnswer): FieldMeta[] => answer.insert_fields ?? [];

/** GET /fields/{table}: field metadata (display names, component types, option lists). */
export function useFields(table: string): UseQueryResult<FieldMeta[], CrmError> {
  return useFieldsAnswer(table, listed);
}

/** Fields only the insert form asks for, never listed (a new user's password). */
export function useInsertOnlyFields(table: string): UseQueryResult<FieldMeta[], CrmError> {
  return useFieldsAnswer(table, insertOnly);
}
