// The record form every screen shares: the fields of one record (readable shown, writable editable), the
// whole edit form with its save bar, its state, and the helpers that turn values into the API's inputs.
export { RecordEditForm, type RecordEditFormProps } from './RecordEditForm';
export { RecordFields, type RecordFieldsProps, type RowAnswer } from './RecordFields';
export { useRecordForm, type RecordForm } from './use-record-form';
export { useRecordSave, type RecordSave } from './use-record-save';
export {
  changedInputs,
  editFormValues,
  groupByCategory,
  inlineInsertFields,
  insertFailureText,
  insertFormFields,
  insertInputs,
  isEditable,
  layoutGroups,
  type FieldGroup,
  type FormInputs,
  type LayoutSection,
  type FormValues,
} from './record-form';
