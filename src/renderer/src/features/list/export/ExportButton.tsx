import { Button, Spinner } from '@blueprintjs/core';
import type { CSSProperties, ReactNode } from 'react';
import { messages } from '../../../../../shared/i18n/messages';
import { useNotifier } from '../../../ui/toaster';
import { useExport, type ExportQuery } from './use-export';

const CONTROL_STYLE: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 6 };

export type ExportButtonProps = {
  table: string;
  /** Read at click time, so the export always uses the list's current filters, sort and columns. */
  getQuery: () => ExportQuery;
  disabled?: boolean;
};

/**
 * "Excel'e Aktar" for the list toolbar. Whether to show it is the caller's decision (useCanExport);
 * while an export runs the button is disabled and the progress text is shown beside it.
 */
export function ExportButton({ table, getQuery, disabled = false }: ExportButtonProps): ReactNode {
  const notifier = useNotifier();
  const { start, state, message } = useExport(table, {
    onFinish: (final) => {
      if (final.state === 'error' && final.message) notifier.danger(final.message, final.detail ?? undefined);
      if (final.state === 'done' && final.message) notifier.success(final.message);
    },
  });
  const running = state === 'preparing' || state === 'saving';

  return (
    <span className="export-control" style={CONTROL_STYLE}>
      <Button
        data-testid="export-button"
        icon="export"
        text={messages.exportToExcel}
        disabled={disabled || running}
        loading={running}
        onClick={() => void start(getQuery())}
      />
      {running ? (
        <span className="export-progress" style={CONTROL_STYLE} data-testid="export-progress" role="status">
          <Spinner size={14} />
          <strong>{messages.pleaseWait}</strong>
          {message ? <span>{message}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
