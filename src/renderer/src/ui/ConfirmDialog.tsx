import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/i18n/messages';
import { uiTexts } from '../i18n/ui-texts';

export type ConfirmDialogProps = {
  isOpen: boolean;
  message: string;
  /** While the confirmed action runs: the buttons wait, the dialog stays. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before something that cannot be undone (see docs/requirements.md#filters-and-list-input confirmations). */
export function ConfirmDialog({
  isOpen,
  message,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactNode {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={pending ? undefined : onCancel}
      title={uiTexts.confirmTitle}
      icon="warning-sign"
      className="confirm-dialog"
    >
      <DialogBody data-testid="confirm-dialog">
        <p className="confirm-message" data-testid="confirm-message">
          {message}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.cancel} onClick={onCancel} disabled={pending} data-testid="confirm-no" />
            <Button
              intent="danger"
              text={uiTexts.confirmYes}
              onClick={onConfirm}
              loading={pending}
              autoFocus
              data-testid="confirm-yes"
            />
          </>
        }
      />
    </Dialog>
  );
}
