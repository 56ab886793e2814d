import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DuplicateAnswer } from '../../../../shared/contract/records';
import { format } from '../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';

export type DuplicateDialogProps = {
  /** The matches the server answered; null: the dialog is closed. */
  duplicates: DuplicateAnswer | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

const reasonsText = (reasons: readonly ('phone' | 'email' | 'tc')[]): string =>
  reasons.map((reason) => workflowMessages.duplicateReasons[reason]).join(', ');

/**
 * The question before saving a lead whose phone, e-mail or T.C. another lead has (see
 * docs/user-guide.md#duplicates): the leads of the user's rows by name, each a link to its workspace;
 * the others only as "başka bir kayıtta var". "Yine de kaydet" saves with confirm_duplicates=1.
 */
export function DuplicateDialog({
  duplicates,
  pending,
  onConfirm,
  onCancel,
}: DuplicateDialogProps): ReactNode {
  return (
    <Dialog
      isOpen={duplicates !== null}
      onClose={pending ? undefined : onCancel}
      title={workflowMessages.duplicateConfirmTitle}
      icon="duplicate"
    >
      <DialogBody data-testid="duplicate-dialog">
        <p>{workflowMessages.duplicateConfirmText}</p>
        <ul className="duplicate-list">
          {(duplicates?.matches ?? []).map((match) => (
            <li key={match.id} data-testid="duplicate-match">
              <Link to={`/leadDetail/${match.id}`} target="_blank" data-testid="duplicate-match-link">
                {match.name}
              </Link>{' '}
              <span className="duplicate-reasons">({reasonsText(match.reasons)})</span>
            </li>
          ))}
        </ul>
        {duplicates && duplicates.outside > 0 ? (
          <Callout intent="warning" data-testid="duplicate-outside">
            {format(workflowMessages.duplicateConfirmOutside, { n: duplicates.outside })}
            {duplicates.outside_reasons.length > 0 ? ` (${reasonsText(duplicates.outside_reasons)})` : ''}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={workflowMessages.duplicateCancel}
              onClick={onCancel}
              disabled={pending}
              data-testid="duplicate-cancel"
            />
            <Button
              intent="warning"
              text={workflowMessages.duplicateSaveAnyway}
              onClick={onConfirm}
              loading={pending}
              data-testid="duplicate-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
