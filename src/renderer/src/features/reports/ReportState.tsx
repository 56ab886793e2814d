import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { reportTexts } from '../../i18n/report-texts';

type ReportStateProps = {
  isPending: boolean;
  error: CrmError | null;
  empty: boolean;
  /** What to say, and what to try, when there is nothing to show. */
  emptyTitle?: string;
  emptyDetail: string;
  retry: () => void;
  children: ReactNode;
};

/** Loading, refusal or failure (with the server's Turkish reason), nothing to show, or the report. */
export function ReportState({
  isPending,
  error,
  empty,
  emptyTitle = reportTexts.empty,
  emptyDetail,
  retry,
  children,
}: ReportStateProps): ReactNode {
  if (isPending) {
    return (
      <div className="report-state" data-testid="report-loading">
        <Spinner size={28} />
      </div>
    );
  }
  if (error) {
    return (
      <Callout intent="danger" icon="error" title={reportTexts.loadFailed} data-testid="report-error">
        <p>{error.message}</p>
        <Button size="small" icon="refresh" text={messages.retry} onClick={retry} />
      </Callout>
    );
  }
  if (empty) {
    return (
      <div className="report-state" data-testid="report-empty">
        <NonIdealState icon="th-disconnect" title={emptyTitle} description={emptyDetail} />
      </div>
    );
  }
  return children;
}
