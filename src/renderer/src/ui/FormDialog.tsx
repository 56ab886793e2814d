import { Button, Callout, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/i18n/messages';
import './form-dialog.css';

export type FormDialogContentProps = {
  /** The form's id: the footer's Kaydet button submits it from outside the form element. */
  formId: string;
  formClassName?: string;
  /** data-testid of the dialog body. */
  testId?: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** While the save runs: Kaydet spins, İptal waits. */
  pending: boolean;
  submitIcon?: IconName;
  /** Default Kaydet, primary: a dialog whose action is not a save names it (Oluştur, Şifre sıfırla). */
  submitText?: string;
  submitIntent?: Intent;
  submitDisabled?: boolean;
  /** The server's refusal, shown above the fields until the user changes something. */
  problem?: string | null;
  submitTestId: string;
  children: ReactNode;
};

/**
 * A dialog's form and its İptal / Kaydet footer, for a dialog whose frame stays while its content changes
 * (the edit dialog shows a spinner until the record arrives). Most dialogs use FormDialog.
 */
export function FormDialogContent({
  formId,
  formClassName,
  testId,
  onSubmit,
  onCancel,
  pending,
  submitIcon = 'tick',
  submitText = messages.save,
  submitIntent = 'primary',
  submitDisabled = false,
  problem = null,
  submitTestId,
  children,
}: FormDialogContentProps): ReactNode {
  return (
    <>
      <DialogBody data-testid={testId}>
        {problem ? (
          <Callout
            intent="danger"
            icon="error"
            className="form-dialog-problem"
            data-testid={`${formId}-problem`}
          >
            {problem}
          </Callout>
        ) : null}
        <form
          // The server checks the values and answers in Turkish (see docs/requirements.md#messages-the-user-reads); browser bubbles would pre-empt it.
          noValidate
          id={formId}
          className={formClassName}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.cancel} onClick={onCancel} disabled={pending} />
            <Button
              type="submit"
              form={formId}
              intent={submitIntent}
              icon={submitIcon}
              text={submitText}
              loading={pending}
              disabled={submitDisabled}
              data-testid={submitTestId}
            />
          </>
        }
      />
    </>
  );
}

export type FormDialogProps = Omit<FormDialogContentProps, 'onCancel'> & {
  /** Default true: most form dialogs are mounted only while open. */
  isOpen?: boolean;
  onClose: () => void;
  title: ReactNode;
  icon: IconName;
  className?: string;
  /** Escape and the close button wait for a save in progress instead of closing over it. */
  keepOpenWhilePending?: boolean;
};

/** A dialog holding one form, saved with the footer's Kaydet (the insert, edit, bulk edit and task forms). */
export function FormDialog({
  isOpen = true,
  onClose,
  title,
  icon,
  className,
  keepOpenWhilePending = false,
  ...content
}: FormDialogProps): ReactNode {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={keepOpenWhilePending && content.pending ? undefined : onClose}
      title={title}
      icon={icon}
      className={className}
    >
      <FormDialogContent {...content} onCancel={onClose} />
    </Dialog>
  );
}
