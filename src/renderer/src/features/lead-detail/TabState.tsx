import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { uiTexts } from '../../i18n/ui-texts';

export type TabStateProps = {
  query: { isPending: boolean; isError: boolean; error: CrmError | null; refetch: () => unknown };
};

/** A tab's loading and error states, alike in every tab: a spinner, or the error with a retry. */
export function TabState({ query }: TabStateProps): ReactNode {
  if (query.isError) {
    return (
      <Callout intent="danger" icon="error" title={uiTexts.tabLoadFailed} className="lead-tab-callout">
        <p>{query.error?.message ?? messages.serverError}</p>
        <Button size="small" icon="refresh" text={messages.retry} onClick={() => void query.refetch()} />
      </Callout>
    );
  }
  if (query.isPending) {
    return (
      <div className="lead-tab-loading" role="status">
        <Spinner size={20} />
        <span>{messages.loading}</span>
      </div>
    );
  }
  return null;
}
