import type { BulkSaveBody, FieldMeta, MenuTable } from '../../../../../shared/contract';
import { BULK_TYPES, type ComponentType } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
// The module, not the folder's index: this file stays free of React so Node unit tests can load it.
import type { FieldEditorValue } from '../../../components/field-editors/types';

/** The bulk form of docs/requirements.md#records-notes-and-settings as the dialog holds it. */
export type BulkFormState = {
  fieldName: string | null;
  fieldValue: FieldEditorValue;
  doubleUpdate: boolean;
  fieldName2: string | null;
  fieldValue2: FieldEditorValue;
};

export const EMPTY_BULK_FORM: BulkFormState = {
  fieldName: null,
  fieldValue: null,
  doubleUpdate: false,
  fieldName2: null,
  fieldValue2: null,
};

export type BulkFormBody = Omit<BulkSaveBody, 'ids' | 'table'>;

export type BulkFormCheck =
  { ok: true; body: BulkFormBody } | { ok: false; field: 'fieldName' | 'fieldName2'; message: string };

/** An empty editor clears the field: the API takes '' as NULL, as detail save does. */
export function toBulkValue(value: FieldEditorValue): string | string[] {
  return value ?? '';
}

/**
 * docs/requirements.md#filters-and-list-input: a field must be chosen; with double update a second one too, and the two must differ
 * ('Güncellenecek alanların ikiside aynı olmamalı'). The server checks the same, this only saves a trip.
 */
export function validateBulkForm(form: BulkFormState): BulkFormCheck {
  if (!form.fieldName) return { ok: false, field: 'fieldName', message: messages.bulkFieldRequired };
  const body: BulkFormBody = {
    type: BULK_TYPES.edit,
    fieldName: form.fieldName,
    fieldValue: toBulkValue(form.fieldValue),
  };
  if (!form.doubleUpdate) return { ok: true, body };
  if (!form.fieldName2) return { ok: false, field: 'fieldName2', message: messages.bulkFieldRequired };
  if (form.fieldName2 === form.fieldName) {
    return { ok: false, field: 'fieldName2', message: messages.bulkSameFields };
  }
  return {
    ok: true,
    body: {
      ...body,
      doubleUpdate: 1,
      fieldName2: form.fieldName2,
      fieldValue2: toBulkValue(form.fieldValue2),
    },
  };
}

/** Types a bulk edit cannot sensibly set: keys, secrets and the server-filled display types. */
const NOT_BULK_EDITABLE: ReadonlySet<ComponentType> = new Set<ComponentType>([
  'id',
  'password',
  'modal',
  'clickShow',
  'permissionModal',
  'leadDetailModal',
]);

/** The fields the bulk form offers: writable for this user, in the table's own field order. */
export function bulkEditableFields(
  fields: readonly FieldMeta[],
  writeFields: readonly string[],
): FieldMeta[] {
  const writable = new Set(writeFields);
  return fields.filter(
    (field) =>
      writable.has(field.name) && field.name !== 'id' && !NOT_BULK_EDITABLE.has(field.component.name),
  );
}

export type BulkActions = { edit: boolean; delete: boolean; deleteNotes: boolean };

/** Lists whose rows are leads, so "delete notes" means something there (the server checks the same). */
const LISTS_WITH_NOTES: ReadonlySet<string> = new Set(['leads', 'customers']);
const NOTES_TABLE = 'lead_notes';

/**
 * docs/requirements.md#departments-and-permissions: update enables Düzenle, delete enables Sil. Deleting notes deletes lead_notes rows, so it
 * follows the delete flag of that table, in lists of leads only.
 */
export function bulkActionsFor(tables: readonly MenuTable[], table: string): BulkActions {
  const flags = tables.find((entry) => entry.table === table);
  const notes = tables.find((entry) => entry.table === NOTES_TABLE);
  return {
    edit: flags?.update === 1,
    delete: flags?.delete === 1,
    deleteNotes: flags !== undefined && LISTS_WITH_NOTES.has(table) && notes?.delete === 1,
  };
}
