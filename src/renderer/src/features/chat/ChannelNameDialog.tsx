import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CHAT_CHANNEL_NAME_MAX } from '../../../../shared/contract';
import { chatTexts } from '../../i18n/chat-texts';

export type ChannelNameDialogProps = {
  title: string;
  submitText: string;
  initialName: string;
  pending: boolean;
  /** The server's refusal (a taken name...), shown under the field; the typed name stays. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** Adding or renaming a channel: one name field. */
export function ChannelNameDialog({
  title,
  submitText,
  initialName,
  pending,
  error,
  onSubmit,
  onClose,
}: ChannelNameDialogProps): ReactNode {
  const [name, setName] = useState(initialName);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (name.trim() !== '') onSubmit(name.trim());
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} canOutsideClickClose={!pending}>
      <form onSubmit={submit} data-testid="chat-channel-form">
        <DialogBody>
          <FormGroup
            label={chatTexts.channelName}
            labelFor="chat-channel-name"
            intent={error ? 'danger' : 'none'}
            helperText={error ?? undefined}
          >
            <InputGroup
              id="chat-channel-name"
              autoFocus
              value={name}
              maxLength={CHAT_CHANNEL_NAME_MAX}
              intent={error ? 'danger' : 'none'}
              onChange={(event) => setName(event.target.value)}
              data-testid="chat-channel-name"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={chatTexts.cancel} onClick={onClose} disabled={pending} />
              <Button
                type="submit"
                intent="primary"
                text={submitText}
                loading={pending}
                disabled={name.trim() === ''}
                data-testid="chat-channel-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
