import type { FieldMeta, ListQuery } from '../../../../../shared/contract';
import type { ComponentType } from '../../../../../shared/domain';
import { FILTER_TYPES, TRANSACTION_LIST_LIMIT } from '../../../../../shared/domain';
import type { FieldEditorValue } from '../../../components/field-editors/types';
import { remitterTexts } from '../../../i18n/remitter-texts';

/** docs/requirements.md#lead-money-task-and-report-data Lead remitter: the registered table of a lead's third parties. */
export const REMITTER_TABLE = 'lead_remitters';

type RemitterFieldSpec = { name: string; label: string; component: ComponentType };

/** The form's fields in reading order; labels and types from the registry when it has them. */
export const REMITTER_FIELDS: readonly RemitterFieldSpec[] = [
  { name: 'name', label: remitterTexts.name, component: 'name' },
  { name: 'tc', label: remitterTexts.tc, component: 'string' },
  { name: 'city', label: remitterTexts.city, component: 'string' },
  { name: 'ilce', label: remitterTexts.ilce, component: 'string' },
  { name: 'email', label: remitterTexts.email, component: 'email' },
  { name: 'description', label: remitterTexts.description, component: 'textField' },
];

export function remitterFieldMeta(
  spec: RemitterFieldSpec,
  known: readonly FieldMeta[],
  index: number,
): FieldMeta {
  const registered = known.find((field) => field.name === spec.name);
  return (
    registered ?? {
      id: -(index + 1),
      name: spec.name,
      display_name: spec.label,
      component: { name: spec.component },
      category: '',
      options: null,
      show_insert: 1,
    }
  );
}

/** docs/requirements.md#money-importer-and-lead-input: a remitter is saved only with a tc. */
export function missingRemitterTc(values: Readonly<Record<string, FieldEditorValue>>): boolean {
  const tc = values.tc;
  return tc === null || tc === undefined || (typeof tc === 'string' ? tc.trim() === '' : tc.length === 0);
}

/** The lead's remitters, newest first; a lead has a handful, the money screens' limit is plenty. */
export function remittersQuery(leadId: number): ListQuery {
  return {
    page: 1,
    limit: TRANSACTION_LIST_LIMIT,
    sort: { name: 'id', type: 'desc' },
    filters: [{ name: 'lead_id', type: FILTER_TYPES.equal, value: String(leadId) }],
  };
}
