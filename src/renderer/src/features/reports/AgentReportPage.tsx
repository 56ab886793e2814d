import { Card } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AgentReportRow } from '../../../../shared/contract';
import { MAX_REPORT_RANGE_DAYS } from '../../../../shared/domain/report-keys';
import { format } from '../../../../shared/i18n/messages';
import { useCrmQuery } from '../../api/use-crm-call';
import { DateRangePicker, isValidRange, lastDays, type DayRange } from '../../components/date-input';
import { reportTexts } from '../../i18n/report-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { ReportState } from './ReportState';
import { ReportTable, type ExtraColumn } from './ReportTable';
import './reports.css';

const ACTIVITY: readonly ExtraColumn<AgentReportRow>[] = [
  { key: 'calls', label: reportTexts.calls, value: (row) => row.calls },
  { key: 'notes', label: reportTexts.notes, value: (row) => row.notes },
  { key: 'conversions', label: reportTexts.conversions, value: (row) => row.conversions },
];

/**
 * /report/agent (see docs/requirements.md#lead-workspace-and-work-screens): per agent, the statuses of the leads created in a range (default the last 30
 * days), and the calls made, notes written and leads converted in it.
 */
export function AgentReportPage(): ReactNode {
  usePageTitle(reportTexts.agentTitle);
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const valid = isValidRange(range, MAX_REPORT_RANGE_DAYS);
  const [applied, setApplied] = useState(range);
  if (valid && (applied.start !== range.start || applied.end !== range.end)) setApplied(range);
  const report = useCrmQuery('reportAgent', { body: applied }, { placeholderData: keepPreviousData });
  const data = report.data;

  return (
    <div className="page report-page" data-testid="agent-report">
      <header className="page-header">
        <h1 className="page-title">{reportTexts.agentTitle}</h1>
      </header>
      <Card className="report-main" compact>
        <div className="report-toolbar">
          <span className="report-toolbar-label">{reportTexts.createdBetween}</span>
          <DateRangePicker value={range} onChange={setRange} testIdPrefix="report-range" />
        </div>
        <p className="report-toolbar-hint">{reportTexts.agentHint}</p>
        {!valid && (
          <p className="report-range-invalid" role="alert">
            {format(reportTexts.rangeInvalid, { days: MAX_REPORT_RANGE_DAYS })}
          </p>
        )}
        <ReportState
          isPending={report.isPending}
          error={report.error}
          empty={data?.report.length === 0}
          emptyDetail={reportTexts.emptyDetailAgent}
          retry={() => void report.refetch()}
        >
          {data && (
            <ReportTable
              rows={data.report}
              statuses={data.status}
              totals={data.totals}
              groupLabel={reportTexts.agent}
              // The counts are of a date range, which a list link cannot carry: the names are enough.
              cellLink={() => null}
              extra={ACTIVITY}
              extraTotals={{
                calls: data.totals.calls,
                notes: data.totals.notes,
                conversions: data.totals.conversions,
              }}
            />
          )}
        </ReportState>
      </Card>
    </div>
  );
}
