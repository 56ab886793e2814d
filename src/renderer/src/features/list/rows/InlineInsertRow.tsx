import { Button } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../../../../shared/i18n/messages';
import { useFields } from '../../../api/fields';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { FieldEditor, type FieldEditorValue } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import {
  inlineInsertFields,
  insertFailureText,
  insertInputs,
  type FormValues,
} from '../../../components/record-form';

export type InlineInsertRowProps = { table: string };

/**
 * Inline insert (see docs/requirements.md#shell-lists-and-chat): one quick row above the table for the name and the next insert fields;
 * Enter saves. Values stay after a failure; after a success the row empties for the next record.
 */
export function InlineInsertRow({ table }: InlineInsertRowProps): ReactNode {
  const permissions = usePermissions();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const fieldsQuery = useFields(table);
  const fields = useMemo(() => inlineInsertFields(fieldsQuery.data ?? []), [fieldsQuery.data]);
  const [values, setValues] = useState<FormValues>({});
  // Remounts the editors after a save so focus and any half-typed tag input start clean.
  const [round, setRound] = useState(0);
  const save = useCrmMutation('inlineSave');

  const flags = permissions.data?.tables.find((entry) => entry.table === table);
  if (flags?.update !== 1 || fields.length === 0) return null;

  const inputs = insertInputs(values);
  const empty = Object.keys(inputs).length === 0;

  const submit = (): void => {
    if (empty) return;
    save.mutate(
      { body: { table, type: 'insert', inputs } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(insertFailureText(answer.message));
            return;
          }
          notifier.success(answer.message || messages.savedSuccessfully);
          setValues({});
          setRound((value) => value + 1);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
        },
        onError: (error) => notifier.danger(insertFailureText(error.message)),
      },
    );
  };

  return (
    <form
      noValidate
      className="inline-insert"
      data-testid="inline-insert"
      aria-label={uiTexts.inlineInsert}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <span className="inline-insert-label">{uiTexts.inlineInsert}</span>
      {fields.map((field) => (
        <div key={`${field.name}-${round}`} className="inline-insert-field">
          <FieldEditor
            field={field}
            mode="form"
            value={values[field.name] ?? null}
            onChange={(value: FieldEditorValue) =>
              setValues((current) => ({ ...current, [field.name]: value }))
            }
            placeholder={field.display_name}
            testId={`inline-insert-${field.name}`}
          />
        </div>
      ))}
      <Button
        type="submit"
        icon="add"
        text={messages.add}
        disabled={empty}
        loading={save.isPending}
        data-testid="inline-insert-submit"
      />
    </form>
  );
}
