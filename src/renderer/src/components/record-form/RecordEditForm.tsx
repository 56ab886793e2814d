import { Button, Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { format, messages } from '../../../../shared/i18n/messages';
import { useNotifier } from '../../ui/toaster';
import { EditorTableContext } from '../field-editors';
import { uiTexts } from '../../i18n/ui-texts';
import type { LayoutSection } from './record-form';
import { RecordFields, type RowAnswer } from './RecordFields';
import { useRecordForm } from './use-record-form';
import { useRecordSave } from './use-record-save';

export type RecordEditFormProps = {
  table: string;
  id: number;
  answer: RowAnswer;
  /** Shown after a save: 'Güncelleme başarılı' for a lead (see docs/requirements.md#lead-workspace-and-work-screens), else 'İşlem başarıyla kaydedildi'. */
  successMessage: string;
  /** Prefix of each field's test id, e.g. 'personal-field-'; the save button is `${testIds}save`. */
  testIds: string;
  className: string;
  autoFocus?: boolean;
  /** After a successful save, for what else the record shows (header, journal, other lists). */
  onSaved?: () => void;
  /** The user's layout of the table's fields (the generic detail page's builder). */
  sections?: readonly LayoutSection[] | null;
};

/**
 * A record's fields by category, editable where the user may write them, saved through /detail/save/
 * with only the changed fields. On failure everything typed stays in the form. The lead's personal-info
 * tab and /edit/{table}/{id} are both this form.
 */
export function RecordEditForm({
  table,
  id,
  answer,
  successMessage,
  testIds,
  className,
  autoFocus = false,
  onSaved,
  sections = null,
}: RecordEditFormProps): ReactNode {
  const notifier = useNotifier();
  const form = useRecordForm(answer);
  const save = useRecordSave(table, id);
  const changeCount = Object.keys(form.changes).length;
  const canWrite = answer.write_fields.length > 0;

  const submit = (): void => {
    if (changeCount === 0) {
      notifier.warning(uiTexts.noChanges);
      return;
    }
    const sent = form.values;
    save.save(form.changes, successMessage, () => {
      form.markSaved(sent);
      onSaved?.();
    });
  };

  return (
    <form
      noValidate
      className={className}
      data-testid={`${testIds}form`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {canWrite ? null : (
        <Callout intent="primary" icon="lock" className="record-form-callout">
          {uiTexts.noWritableFields}
        </Callout>
      )}
      <EditorTableContext value={table}>
        <RecordFields
          answer={answer}
          values={form.values}
          onChange={form.setValue}
          testIdPrefix={`${testIds}field-`}
          autoFocus={autoFocus}
          sections={sections}
        />
      </EditorTableContext>
      {canWrite ? (
        <div className="record-form-actions">
          <span className="record-form-changes" data-testid={`${testIds}changes`}>
            {changeCount > 0 ? format(uiTexts.unsavedChanges, { count: changeCount }) : ''}
          </span>
          <Button
            text={uiTexts.undoChanges}
            icon="undo"
            variant="minimal"
            disabled={changeCount === 0 || save.pending}
            onClick={form.reset}
          />
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={messages.save}
            loading={save.pending}
            data-testid={`${testIds}save`}
          />
        </div>
      ) : null}
      {save.question}
    </form>
  );
}
