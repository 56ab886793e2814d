import { Button, Callout, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { PeriodicReport } from '../../../../shared/contract';
import { formatDateTimeTr } from '../../../../shared/domain/date-ranges';
import { AUTO_REFRESH_MS } from '../../../../shared/domain/constants';
import { describeRange, describeRangeRule } from '../../../../shared/domain/report-range-rules';
import { format, messages } from '../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { periodicReportTexts as t } from '../../i18n/periodic-report-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useNotifier } from '../../ui/toaster';
import { PeriodicReportDialog } from './PeriodicReportDialog';
import { ReportState } from './ReportState';
import './reports.css';

const periodLabel = (period: number): string => t.periods[period as keyof typeof t.periods] ?? String(period);

/** How the sending goes: on time, never yet, or the failing try with its reason and the next try. */
function SendState({ report }: { report: PeriodicReport }): ReactNode {
  if (report.last_error !== null) {
    return (
      <Callout intent="danger" icon="error" compact data-testid="periodic-error">
        {format(t.stateFailed, { attempts: report.attempts, error: report.last_error })}
        {report.retry_at && <div>{format(t.retryAt, { time: formatDateTimeTr(report.retry_at) })}</div>}
      </Callout>
    );
  }
  if (report.last_sent_at === null) return <Tag minimal>{t.stateNever}</Tag>;
  return (
    <>
      <Tag minimal intent="success">
        {t.stateOk}
      </Tag>
      {report.last_range ? (
        <div className="periodic-last-range" data-testid="periodic-last-range">
          {describeRange(report.last_range)}
        </div>
      ) : null}
    </>
  );
}

/**
 * /report/periodic: the periodic e-mailed reports (see docs/requirements.md#lead-money-task-and-report-data, #calls savePeriod) with how their sending goes,
 * so a failing one is seen; new ones are scheduled here, and removed after 'Rapor silinecek eminmisiniz ?'.
 */
export function PeriodicReportsPage(): ReactNode {
  usePageTitle(t.title);
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  // The job looks every minute: the sending state on screen follows it without a reload.
  const list = useCrmQuery('periodicReports', {}, { refetchInterval: AUTO_REFRESH_MS });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PeriodicReport | null>(null);
  const refresh = (): void =>
    void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'periodicReports'] });
  const remove = useCrmMutation('deletePeriod', {
    onSuccess: (answer) => {
      notifier.success(answer.msg);
      setRemoving(null);
      refresh();
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
  const rows = list.data?.results ?? [];

  return (
    <div className="page report-page" data-testid="periodic-reports">
      <header className="page-header">
        <h1 className="page-title">{t.title}</h1>
        <Button
          intent="primary"
          icon="add"
          text={t.add}
          onClick={() => setAdding(true)}
          data-testid="periodic-add"
        />
      </header>
      <Card className="report-main" compact>
        <p className="report-toolbar-hint">{t.hint}</p>
        <ReportState
          isPending={list.isPending}
          error={list.error}
          empty={list.data !== undefined && rows.length === 0}
          emptyTitle={t.empty}
          emptyDetail={t.emptyDetail}
          retry={() => void list.refetch()}
        >
          <div className="report-table-scroll">
            <HTMLTable compact striped className="report-table" data-testid="periodic-table">
              <thead>
                <tr>
                  <th>{t.name}</th>
                  <th>{t.type}</th>
                  <th>{t.period}</th>
                  <th>{workflowMessages.rangeRuleLabel}</th>
                  <th>{t.receiver}</th>
                  <th>{t.nextSendShort}</th>
                  <th>{t.lastSent}</th>
                  <th>{t.owner}</th>
                  <th>{t.state}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((report) => (
                  <tr key={report.id} data-testid="periodic-row" data-name={report.name}>
                    <td>{report.name}</td>
                    <td>{t.types[report.type]}</td>
                    <td>{periodLabel(report.period)}</td>
                    <td data-testid="periodic-range-text">
                      {report.range_rule ? describeRangeRule(report.range_rule) : periodLabel(report.period)}
                    </td>
                    <td className="periodic-receivers">{report.receiver}</td>
                    <td data-testid="periodic-next-send">
                      {report.status === 1 ? formatDateTimeTr(report.next_send_date) : t.stopped}
                    </td>
                    <td>{report.last_sent_at ? formatDateTimeTr(report.last_sent_at) : '—'}</td>
                    <td>{report.user_name ?? '—'}</td>
                    <td>
                      <SendState report={report} />
                    </td>
                    <td>
                      <Button
                        variant="minimal"
                        intent="danger"
                        icon="trash"
                        title={t.remove}
                        aria-label={t.remove}
                        onClick={() => setRemoving(report)}
                        data-testid="periodic-remove"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </ReportState>
      </Card>
      {adding && (
        <PeriodicReportDialog
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        message={messages.reportDeleteConfirm}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ params: { id: removing.id } })}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
