import { Button, Callout, FormGroup, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../../../../shared/i18n/messages';
import { useFields, useInsertOnlyFields } from '../../../api/fields';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { FieldEditor, type FieldEditorValue } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import { FormDialog } from '../../../ui/FormDialog';
import { useBridge } from '../../../bridge/bridge-context';
import { DuplicateDialog } from '../../../components/duplicates/DuplicateDialog';
import {
  isDuplicateRefusal,
  useDuplicateQuestion,
} from '../../../components/duplicates/use-duplicate-question';
import {
  insertFailureText,
  insertFormFields,
  insertInputs,
  type FormValues,
} from '../../../components/record-form';

export type InsertDialogProps = {
  table: string;
  isOpen: boolean;
  onClose: () => void;
};

/**
 * The insert modal titled Ekle (see docs/requirements.md#shell-lists-and-chat): the fields with show_insert 1, saved through /inline/save/
 * type insert. Values survive a failure and a close, so a refused form can be corrected, not retyped.
 */
export function InsertDialog({ table, isOpen, onClose }: InsertDialogProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const fieldsQuery = useFields(table);
  const insertOnly = useInsertOnlyFields(table);
  const fields = useMemo(
    () => insertFormFields([...(fieldsQuery.data ?? []), ...(insertOnly.data ?? [])]),
    [fieldsQuery.data, insertOnly.data],
  );
  const [values, setValues] = useState<FormValues>({});
  const save = useCrmMutation('inlineSave');
  const bridge = useBridge();
  const question = useDuplicateQuestion();

  const submit = (confirmed = false): void => {
    const inputs = insertInputs(values);
    save.mutate(
      { body: { table, type: 'insert', inputs, ...(confirmed ? { confirm_duplicates: 1 } : {}) } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(insertFailureText(answer.message));
            return;
          }
          notifier.success(answer.message || messages.savedSuccessfully);
          setValues({});
          question.close();
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
          onClose();
        },
        onError: (error) => {
          // Another lead has the phone, e-mail or T.C.: show the matches and ask (docs/user-guide.md#duplicates).
          if (!confirmed && isDuplicateRefusal(error)) {
            question.ask(bridge, table, inputs).then(
              (asked) => {
                if (!asked) notifier.danger(insertFailureText(error.message));
              },
              () => notifier.danger(insertFailureText(error.message)),
            );
            return;
          }
          notifier.danger(insertFailureText(error.message));
        },
      },
    );
  };

  let body: ReactNode;
  if (fieldsQuery.isPending) body = <Spinner size={24} />;
  else if (fieldsQuery.isError) body = <Callout intent="danger">{fieldsQuery.error.message}</Callout>;
  else if (fields.length === 0) body = <Callout intent="warning">{uiTexts.insertFieldsEmpty}</Callout>;
  else {
    body = fields.map((field, index) => (
      <FormGroup key={field.name} label={field.display_name} labelFor={`insert-${field.name}`}>
        <FieldEditor
          field={field}
          mode="form"
          value={values[field.name] ?? null}
          onChange={(value: FieldEditorValue) =>
            setValues((current) => ({ ...current, [field.name]: value }))
          }
          autoFocus={index === 0}
          testId={`insert-field-${field.name}`}
        />
      </FormGroup>
    ));
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={messages.add}
      icon="add"
      className="record-dialog"
      testId="insert-dialog"
      formId="insert-form"
      formClassName="record-form record-form-grid"
      onSubmit={() => submit(false)}
      pending={save.isPending}
      submitIcon="add"
      submitDisabled={fields.length === 0}
      submitTestId="insert-submit"
    >
      {body}
      <DuplicateDialog
        duplicates={question.duplicates}
        pending={save.isPending}
        onConfirm={() => submit(true)}
        onCancel={question.close}
      />
    </FormDialog>
  );
}

export type InsertButtonProps = { table: string };

/** Toolbar 'Ekle' with its modal; hidden for users who cannot write the table (the server would refuse). */
export function InsertButton({ table }: InsertButtonProps): ReactNode {
  const permissions = usePermissions();
  const [open, setOpen] = useState(false);
  const flags = permissions.data?.tables.find((entry) => entry.table === table);
  if (flags?.update !== 1) return null;
  return (
    <>
      <Button
        icon="add"
        intent="primary"
        text={messages.add}
        onClick={() => setOpen(true)}
        data-testid="insert-open"
      />
      <InsertDialog table={table} isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
