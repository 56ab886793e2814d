import { Button, Card, HTMLSelect } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MONTHLY_TRX_SCOPES, type MonthlyTrxScope } from '../../../../shared/contract';
import { MONTHLY_REPORT_YEARS } from '../../../../shared/domain/report-months';
import { messages } from '../../../../shared/i18n/messages';
import { isCrmError } from '../../api/crm-error';
import { callCrm, useCrmQuery } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { monthlyReportTexts as t } from '../../i18n/monthly-report-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { useNotifier } from '../../ui/toaster';
import { isEmptyYear, MonthlyTable, type MoneyKind } from './MonthlyTable';
import { MonthlyTransactionsDialog } from './MonthlyTransactionsDialog';
import { ReportState } from './ReportState';
import './reports.css';

/** The years offered: ten back from this one and the next, within what the server takes. */
function yearChoices(current: number): number[] {
  const years: number[] = [];
  for (let year = current + 1; year >= current - 10; year -= 1) {
    if (year >= MONTHLY_REPORT_YEARS.min && year <= MONTHLY_REPORT_YEARS.max) years.push(year);
  }
  return years;
}

const isTrxScope = (value: string): value is MonthlyTrxScope =>
  (MONTHLY_TRX_SCOPES as readonly string[]).includes(value);

/**
 * /report/monthly (see docs/requirements.md#lead-workspace-and-work-screens): the months of a year by measure; a transactions cell opens the matching
 * transactions with their lead info. Exports to Excel like the list does (the desktop asks where to save).
 */
export function MonthlyReportPage(): ReactNode {
  usePageTitle(t.title);
  const bridge = useBridge();
  const notifier = useNotifier();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [trx, setTrx] = useState<MonthlyTrxScope>('all');
  const [open, setOpen] = useState<{ month: string; kind: MoneyKind } | null>(null);
  const [exporting, setExporting] = useState(false);
  const report = useCrmQuery('reportMonthly', { body: { year, trx } }, { placeholderData: keepPreviousData });
  const data = report.data;

  async function exportExcel(): Promise<void> {
    setExporting(true);
    try {
      const answer = await callCrm(bridge, 'reportMonthlyExport', { body: { year, trx } });
      const file = answer.excelFiles[0];
      if (!answer.success || !file) {
        notifier.danger(answer.msg ?? messages.exportFailed);
        return;
      }
      const saved = await bridge.files.saveExport({ url: file.url, suggestedName: file.name });
      if (saved.ok) notifier.success(t.exportSaved);
      else if (!saved.canceled) notifier.danger(saved.message);
    } catch (error) {
      notifier.danger(messages.exportFailed, isCrmError(error) ? error.message : undefined);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="page report-page" data-testid="monthly-report">
      <header className="page-header">
        <h1 className="page-title">{t.title}</h1>
      </header>
      <Card className="report-main" compact>
        <div className="report-toolbar">
          <label className="report-toolbar-label" htmlFor="monthly-year">
            {t.year}
          </label>
          <HTMLSelect
            id="monthly-year"
            value={year}
            onChange={(event) => setYear(Number(event.currentTarget.value))}
            options={yearChoices(new Date().getFullYear()).map((value) => ({ value, label: String(value) }))}
            data-testid="monthly-year"
          />
          <label className="report-toolbar-label" htmlFor="monthly-trx">
            {t.trxScope}
          </label>
          <HTMLSelect
            id="monthly-trx"
            value={trx}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isTrxScope(value)) setTrx(value);
            }}
            options={[
              { value: 'all', label: t.trxAll },
              { value: 'completed', label: t.trxCompleted },
            ]}
            data-testid="monthly-trx"
          />
          <Button
            icon="export"
            text={t.exportExcel}
            loading={exporting}
            disabled={!data}
            onClick={() => void exportExcel()}
            data-testid="monthly-export"
          />
        </div>
        <p className="report-toolbar-hint">{t.hint}</p>
        <ReportState
          isPending={report.isPending}
          error={report.error}
          empty={data !== undefined && isEmptyYear(data)}
          emptyTitle={t.emptyTitle}
          emptyDetail={t.emptyDetail}
          retry={() => void report.refetch()}
        >
          {data && <MonthlyTable report={data} onOpen={(month, kind) => setOpen({ month, kind })} />}
        </ReportState>
      </Card>
      {open && (
        <MonthlyTransactionsDialog
          month={open.month}
          kind={open.kind}
          trx={trx}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
