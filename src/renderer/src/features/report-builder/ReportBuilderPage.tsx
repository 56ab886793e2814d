import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useRef, useState, type ReactNode } from 'react';
import type { CallResult, ReportFormInput } from '../../../../shared/contract';
import {
  REPORT_BUILDER_PAGE_SIZE,
  REPORT_BUILDER_PAGE_SIZES,
} from '../../../../shared/domain/report-builder';
import { format } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useCrmQuery } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { PageSizeSelect } from '../../ui/PageSizeSelect';
import { useNotifier } from '../../ui/toaster';
import { chartImage, saveReportExcel, saveReportPdf, type FileOutcome } from './report-files';
import { fromSaved, initialForm, toReportBody, type ReportFormState } from './report-form-state';
import { ReportChart } from './ReportChart';
import { TransactionDetailDialog } from './TransactionDetailDialog';
import { ReportFormPanel } from './ReportFormPanel';
import { SavedReportsBar } from './SavedReportsBar';
import { AggregateTable, formatValue, ListTable } from './ReportTables';
import './report-builder.css';

type RunAnswer = CallResult<'reportBuilder'>;
type Applied = { body: ReportFormInput; page: number; limit: number };

/** The result as rows of text, for the PDF. */
function pdfTable(answer: RunAnswer): { columns: string[]; rows: string[][] } {
  const result = answer.return;
  if (result.kind === 'list') {
    return {
      columns: result.fields.map((field) => field.label),
      rows: result.rows.map((row) => result.fields.map((field) => String(row[field.name] ?? ''))),
    };
  }
  return {
    columns: [result.xLabel, ...result.series.map((series) => series.label), texts.total],
    rows: result.rows.map((row) => [
      row.label,
      ...result.series.map((series) => formatValue(row.cells[series.key], result.valueType)),
      formatValue(row.total, result.valueType),
    ]),
  };
}

const isEmpty = (answer: RunAnswer): boolean => answer.return.rows.length === 0;

/**
 * /reports (see docs/requirements.md#lead-workspace-and-work-screens report builder): the report form, the result as a chart and a table, saved reports
 * (admins alone update, add a chart to and delete them, docs/requirements.md#departments-and-permissions), and Excel and PDF exports.
 */
export function ReportBuilderPage(): ReactNode {
  usePageTitle(texts.title);
  const bridge = useBridge();
  const notifier = useNotifier();
  const permissions = usePermissions();
  const department = permissions.data?.me.department;
  const isAdmin = department === 'admin';
  const canSchedule = isAdmin || department === 'sales_manager';
  const [form, setForm] = useState<ReportFormState>(initialForm);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [exporting, setExporting] = useState<'excel' | 'pdf' | null>(null);
  const [trxDetail, setTrxDetail] = useState<number | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);

  const fields = useCrmQuery(
    'reportBuilderFields',
    { params: { table: form.table } },
    { placeholderData: keepPreviousData },
  );
  const saved = useCrmQuery('savedReports', {});
  const report = useCrmQuery(
    'reportBuilder',
    {
      body: {
        ...(applied?.body ?? toReportBody(form)),
        page: applied?.page ?? 1,
        limit: applied?.limit ?? REPORT_BUILDER_PAGE_SIZE,
      },
    },
    { enabled: applied !== null, placeholderData: keepPreviousData },
  );
  const current = saved.data?.results.find((item) => item.id === savedId) ?? null;

  const run = (next: ReportFormState = form): void =>
    setApplied({ body: toReportBody(next), page: 1, limit: applied?.limit ?? REPORT_BUILDER_PAGE_SIZE });

  const finishFile = (outcome: FileOutcome): void => {
    setExporting(null);
    if (outcome.state === 'saved') notifier.success(texts.exportSaved);
    else if (outcome.state === 'failed') notifier.danger(outcome.reason);
  };
  const exportExcel = async (): Promise<void> => {
    if (!applied) return;
    setExporting('excel');
    finishFile(await saveReportExcel(bridge, applied.body));
  };
  const exportPdf = async (): Promise<void> => {
    if (!report.data) return;
    setExporting('pdf');
    const name = current?.name ?? texts.title;
    const table = pdfTable(report.data);
    const chartPng = await chartImage(chartRef.current).catch(() => null);
    finishFile(
      await saveReportPdf(bridge, name, {
        title: format(texts.pdfTitle, { name }),
        subtitle: dayjs().format('DD.MM.YYYY HH:mm'),
        ...table,
        chartPng,
      }),
    );
  };

  const answer = report.data;
  return (
    <div className="page report-page report-builder" data-testid="report-builder">
      <header className="page-header">
        <h1 className="page-title">{texts.title}</h1>
      </header>
      <div className="report-builder-layout">
        <Card className="report-builder-side" compact>
          <SavedReportsBar
            reports={saved.data?.results ?? []}
            loading={saved.isPending}
            selected={current}
            isAdmin={isAdmin}
            canSchedule={canSchedule}
            form={form}
            onSelect={(chosen) => {
              setSavedId(chosen?.id ?? null);
              if (chosen) {
                const next = fromSaved(chosen.report_values);
                setForm(next);
                run(next);
              }
            }}
            onSaved={(id) => {
              setSavedId(id);
              void saved.refetch();
            }}
            onDeleted={() => {
              setSavedId(null);
              void saved.refetch();
            }}
          />
          <h2 className="report-sidebar-title">{texts.form}</h2>
          {fields.error ? (
            <Callout intent="danger" title={texts.fieldsFailed}>
              {fields.error.message}
            </Callout>
          ) : (
            <ReportFormPanel
              form={form}
              onChange={setForm}
              fields={fields.data}
              running={report.isFetching}
              onRun={() => run()}
            />
          )}
        </Card>
        <Card className="report-main" compact>
          <div className="report-toolbar">
            <h2 className="report-sidebar-title">{texts.result}</h2>
            {answer && !isEmpty(answer) ? (
              <>
                <span className="report-toolbar-label" data-testid="report-total">
                  {answer.return.kind === 'list'
                    ? format(answer.return.capped ? texts.matchesCapped : texts.matches, {
                        count: Number(answer.total).toLocaleString('tr-TR'),
                      })
                    : format(texts.grandTotal, { total: formatValue(answer.total, answer.return.valueType) })}
                </span>
                <Button
                  icon="th-derived"
                  text={texts.exportExcel}
                  loading={exporting === 'excel'}
                  disabled={exporting !== null}
                  onClick={() => void exportExcel()}
                  data-testid="report-export-excel"
                />
                <Button
                  icon="document"
                  text={texts.exportPdf}
                  loading={exporting === 'pdf'}
                  disabled={exporting !== null}
                  onClick={() => void exportPdf()}
                  data-testid="report-export-pdf"
                />
              </>
            ) : null}
            {report.isFetching && !report.isPending ? <Spinner size={14} /> : null}
          </div>
          {applied === null ? (
            <NonIdealState icon="chart" title={texts.notRun} />
          ) : report.isPending ? (
            <div className="report-state" data-testid="report-loading">
              <Spinner size={28} />
            </div>
          ) : report.error ? (
            <Callout intent="danger" icon="error" title={texts.loadFailed} data-testid="report-error">
              <p>{report.error.message}</p>
            </Callout>
          ) : answer && isEmpty(answer) ? (
            <div className="report-state" data-testid="report-empty">
              {/* docs/requirements.md#messages-the-user-reads: a report that produces nothing asks to check the filter values. */}
              <NonIdealState
                icon="th-disconnect"
                title={texts.reportFailed}
                description={texts.checkFilterValues}
              />
            </div>
          ) : answer ? (
            <>
              {answer.chart && answer.chart.result.rows.length > 0 ? (
                <div ref={chartRef}>
                  <ReportChart type={answer.chart.type} result={answer.chart.result} />
                </div>
              ) : null}
              {answer.return.kind === 'list' ? (
                <>
                  <ListTable
                    table={applied.body.table}
                    isLeads={fields.data?.isLeads ?? false}
                    result={answer.return}
                    onOpenTransaction={setTrxDetail}
                  />
                  <div className="report-pager">
                    <Button
                      icon="chevron-left"
                      text={texts.previous}
                      disabled={applied.page <= 1}
                      onClick={() => setApplied({ ...applied, page: applied.page - 1 })}
                    />
                    <span>{format(texts.page, { page: applied.page })}</span>
                    <Button
                      rightIcon="chevron-right"
                      text={texts.next}
                      disabled={answer.return.rows.length < answer.return.limit}
                      onClick={() => setApplied({ ...applied, page: applied.page + 1 })}
                      data-testid="report-next-page"
                    />
                    <PageSizeSelect
                      value={applied.limit}
                      options={REPORT_BUILDER_PAGE_SIZES}
                      onChange={(limit) => setApplied({ ...applied, page: 1, limit })}
                      testId="report-page-size"
                    />
                  </div>
                </>
              ) : (
                <AggregateTable result={answer.return} />
              )}
            </>
          ) : null}
        </Card>
      </div>
      <TransactionDetailDialog
        id={trxDetail}
        onClose={() => setTrxDetail(null)}
        canOpenList={isAdmin || department === 'sales_manager'}
      />
    </div>
  );
}
