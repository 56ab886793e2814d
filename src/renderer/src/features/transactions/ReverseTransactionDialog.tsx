import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { format, messages } from '../../../../shared/i18n/messages';
import { transactionMessages as t } from '../../../../shared/i18n/transaction-messages';
import { useCrmMutation } from '../../api/use-crm-call';
import { transactionTexts as tt } from '../../i18n/transaction-texts';
import { useNotifier } from '../../ui/toaster';
import { invalidateTransactions } from './transaction-queries';

export type ReverseTransactionDialogProps = { id: number; onClose: () => void };

/**
 * Ters Kayıt: a completed transaction is corrected by a linked one of the opposite type, never edited
 * (docs/money.md, "Immutability and reversal"). The reason is required and goes into both journals.
 */
export function ReverseTransactionDialog({ id, onClose }: ReverseTransactionDialogProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const reverse = useCrmMutation('transactionReverse');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (): void => {
    if (reason.trim() === '') {
      setError(t.reverseReasonRequired);
      return;
    }
    reverse.mutate(
      { params: { id }, body: { comment: reason.trim() } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          invalidateTransactions(queryClient);
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Dialog
      isOpen
      onClose={reverse.isPending ? undefined : onClose}
      title={format(tt.reverseTitle, { id })}
      icon="undo"
    >
      <DialogBody>
        <p>{tt.reverseExplain}</p>
        <FormGroup label={tt.reverseReason}>
          <TextArea
            fill
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="trx-reverse-reason"
          />
        </FormGroup>
        {error ? (
          <Callout intent="danger" icon="error" data-testid="trx-reverse-error">
            {error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.cancel} onClick={onClose} disabled={reverse.isPending} />
            <Button
              intent="danger"
              text={tt.reverse}
              loading={reverse.isPending}
              onClick={submit}
              data-testid="trx-reverse-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
