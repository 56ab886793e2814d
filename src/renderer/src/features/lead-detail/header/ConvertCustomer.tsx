import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldMeta, RecordRow } from '../../../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import {
  FieldEditor,
  cellToEditorValue,
  singleValue,
  type FieldEditorValue,
} from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';

/** After the success toast has been seen, the page reloads (see docs/requirements.md#task-customer-and-money-states). */
const RELOAD_AFTER_MS = 1_200;

type ConvertFieldName = 'retention_id' | 'retention_md_id' | 'tc' | 'occupation_id' | 'city' | 'ilce';

/** The convert form of docs/requirements.md#task-customer-and-money-states, with the option lists the spec names (15 agents, 141 occupations). */
const CONVERT_FIELDS: readonly { name: ConvertFieldName; label: string; options: number | null }[] = [
  { name: 'retention_id', label: uiTexts.convertRetention, options: OPTION_LIST_IDS.agents },
  { name: 'retention_md_id', label: uiTexts.convertRetentionMd, options: OPTION_LIST_IDS.agents },
  { name: 'tc', label: uiTexts.convertTc, options: null },
  { name: 'occupation_id', label: uiTexts.convertOccupation, options: OPTION_LIST_IDS.occupations },
  { name: 'city', label: uiTexts.convertCity, options: null },
  { name: 'ilce', label: uiTexts.convertIlce, options: null },
];

/** The registry's label when the user may read the field, ours otherwise; the editor type is fixed here. */
function convertFieldMeta(
  spec: (typeof CONVERT_FIELDS)[number],
  known: ReadonlyMap<string, FieldMeta>,
  index: number,
): FieldMeta {
  return {
    id: known.get(spec.name)?.id ?? -(index + 1),
    name: spec.name,
    display_name: known.get(spec.name)?.display_name ?? spec.label,
    component: { name: spec.options === null ? 'string' : 'selectbox' },
    category: '',
    options: spec.options,
    show_insert: 1,
  };
}

type Step = 'closed' | 'confirm' | 'form';

export type ConvertCustomerProps = {
  leadId: number;
  row: RecordRow;
  fields: readonly FieldMeta[];
};

/**
 * 'Müşteriye Dönüştür' (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states): a confirmation that it cannot be undone, then the form, then
 * POST /convertCustomer/{id} and a reload. What was typed stays in the form when the server refuses it.
 */
export function ConvertCustomer({ leadId, row, fields }: ConvertCustomerProps): ReactNode {
  const notifier = useNotifier();
  const [step, setStep] = useState<Step>('closed');
  const known = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);
  const metas = useMemo(
    () => CONVERT_FIELDS.map((spec, index) => convertFieldMeta(spec, known, index)),
    [known],
  );
  const [values, setValues] = useState<Record<ConvertFieldName, FieldEditorValue>>(() => ({
    retention_id: cellToEditorValue(row.retention_id),
    retention_md_id: cellToEditorValue(row.retention_md_id),
    tc: cellToEditorValue(row.tc),
    occupation_id: cellToEditorValue(row.occupation_id),
    city: cellToEditorValue(row.city),
    ilce: cellToEditorValue(row.ilce),
  }));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const convert = useCrmMutation('convertCustomer');

  const submit = (): void => {
    setError(null);
    const text = (name: ConvertFieldName): string => singleValue(values[name]).trim();
    convert.mutate(
      {
        params: { id: leadId },
        body: {
          retention_id: text('retention_id'),
          retention_md_id: text('retention_md_id'),
          tc: text('tc'),
          occupation_id: text('occupation_id'),
          city: text('city'),
          ilce: text('ilce'),
        },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setError(answer.msg || messages.operationFailed);
            return;
          }
          setDone(true);
          notifier.success(messages.convertSuccess);
          window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <>
      <Button
        intent="success"
        icon="new-person"
        text={uiTexts.convertToCustomer}
        onClick={() => setStep('confirm')}
        data-testid="convert-open"
      />
      <Dialog
        isOpen={step === 'confirm'}
        onClose={() => setStep('closed')}
        title={uiTexts.convertToCustomer}
        icon="warning-sign"
      >
        <DialogBody>
          <p className="confirm-message" data-testid="convert-confirm-message">
            {messages.convertConfirm}
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={messages.cancel} onClick={() => setStep('closed')} />
              <Button
                intent="primary"
                text={uiTexts.confirmYes}
                autoFocus
                onClick={() => setStep('form')}
                data-testid="convert-confirm"
              />
            </>
          }
        />
      </Dialog>
      <Dialog
        isOpen={step === 'form'}
        onClose={convert.isPending || done ? undefined : () => setStep('closed')}
        title={uiTexts.convertToCustomer}
        icon="new-person"
        className="record-dialog"
      >
        <DialogBody data-testid="convert-dialog">
          <form
            id="convert-form"
            noValidate
            className="lead-form-grid"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <p className="lead-form-intro">{uiTexts.convertFormIntro}</p>
            {metas.map((field, index) => (
              <FormGroup key={field.name} label={field.display_name} labelFor={`convert-${field.name}`}>
                <FieldEditor
                  field={field}
                  mode="form"
                  value={values[field.name as ConvertFieldName]}
                  onChange={(value) => {
                    setValues((current) => ({ ...current, [field.name]: value }));
                    setError(null);
                  }}
                  autoFocus={index === 0}
                  disabled={done}
                  testId={`convert-field-${field.name}`}
                />
              </FormGroup>
            ))}
          </form>
          {error ? (
            <Callout intent="danger" icon="error" data-testid="convert-error">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={messages.cancel}
                onClick={() => setStep('closed')}
                disabled={convert.isPending || done}
              />
              <Button
                type="submit"
                form="convert-form"
                intent="success"
                icon="tick"
                text={uiTexts.convertToCustomer}
                loading={convert.isPending}
                disabled={done}
                data-testid="convert-submit"
              />
            </>
          }
        />
      </Dialog>
    </>
  );
}
