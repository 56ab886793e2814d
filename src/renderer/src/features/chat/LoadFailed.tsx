import { Button, Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';

export type LoadFailedProps = { title: string; message: string; onRetry: () => void };

/** What could not be loaded, the server's reason, and a retry. */
export function LoadFailed({ title, message, onRetry }: LoadFailedProps): ReactNode {
  return (
    <Callout intent="danger" icon="error" title={title}>
      <span>{message}</span> <Button size="small" icon="refresh" text={messages.retry} onClick={onRetry} />
    </Callout>
  );
}
