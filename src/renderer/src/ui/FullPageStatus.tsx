import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export type FullPageStatusProps = { text: string; testId?: string };

/** A centred spinner with a Turkish line, for the moments before a screen has anything to show. */
export function FullPageStatus({ text, testId }: FullPageStatusProps): ReactNode {
  return (
    <div className="full-page-status" role="status" data-testid={testId}>
      <Spinner size={32} />
      <span>{text}</span>
    </div>
  );
}
