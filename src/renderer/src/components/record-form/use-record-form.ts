import { useCallback, useMemo, useState } from 'react';
import type { FieldEditorValue } from '../field-editors';
import { changedInputs, editFormValues, isEditable, type FormInputs, type FormValues } from './record-form';
import type { RowAnswer } from './RecordFields';

export type RecordForm = {
  values: FormValues;
  setValue: (name: string, value: FieldEditorValue) => void;
  /** What a save would send: only the fields changed since the record was loaded or last saved. */
  changes: FormInputs;
  /** Back to the record as loaded (or last saved). */
  reset: () => void;
  /**
   * After a successful save: the values that were sent are now the record's state. Takes the snapshot
   * from submit time, so anything typed while the save ran still counts as a change.
   */
  markSaved: (saved: FormValues) => void;
};

/**
 * The values of a record form. They live here, not in the query cache, so a failed save (or a refetch
 * of the record in the background) never touches what the person typed.
 */
export function useRecordForm(answer: RowAnswer): RecordForm {
  const editable = useMemo(() => {
    const writable = new Set(answer.write_fields);
    return answer.fields.filter((field) => isEditable(field, writable));
  }, [answer.fields, answer.write_fields]);
  const [initial, setInitial] = useState<FormValues>(() => editFormValues(answer.results, editable));
  const [values, setValues] = useState<FormValues>(initial);

  const setValue = useCallback((name: string, value: FieldEditorValue) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  const changes = useMemo(() => changedInputs(initial, values), [initial, values]);
  const reset = useCallback(() => setValues(initial), [initial]);
  const markSaved = useCallback((saved: FormValues) => setInitial(saved), []);

  return { values, setValue, changes, reset, markSaved };
}
