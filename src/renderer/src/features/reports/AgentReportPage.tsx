import { Card, HTMLSelect } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AgentReportRow } from '../../../../shared/contract';
import {
  MAX_REPORT_RANGE_DAYS,
  reportCellLink,
  UTM_KEYS,
  type UtmKey,
} from '../../../../shared/domain/report-keys';
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

const BREAKDOWN_KEYS = UTM_KEYS.filter((key) => key !== 'agent_id');
const isBreakdownKey = (value: string): value is UtmKey =>
  (BREAKDOWN_KEYS as readonly string[]).includes(value);

/**
 * /report/agent (see docs/requirements.md#lead-workspace-and-work-screens): per agent, the statuses of the leads created in a range (default the last 30
 * days), and the calls made, notes written and leads converted in it; optionally each agent's leads broken
 * down by a UTM key (the call's utmKey). Every count opens the list of those leads, created in the range.
 */
export function AgentReportPage(): ReactNode {
  usePageTitle(reportTexts.agentTitle);
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const valid = isValidRange(range, MAX_REPORT_RANGE_DAYS);
  const [applied, setApplied] = useState(range);
  if (valid && (applied.start !== range.start || applied.end !== range.end)) setApplied(range);
  const [breakdown, setBreakdown] = useState<UtmKey | null>(null);
  const report = useCrmQuery(
    'reportAgent',
    { body: { ...applied, ...(breakdown ? { utmKey: breakdown } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const data = report.data;
  const agentLink = (
    value: string | null,
    statusId?: number,
    extra?: Record<string, string>,
  ): string | null =>
    // The previous selection's counts, shown while the new ones load, link nowhere.
    value === null || report.isPlaceholderData
      ? null
      : reportCellLink('agent_id', value, statusId, applied, extra);

  return (
    <div className="page report-page" data-testid="agent-report">
      <header className="page-header">
        <h1 className="page-title">{reportTexts.agentTitle}</h1>
      </header>
      <Card className="report-main" compact>
        <div className="report-toolbar">
          <span className="report-toolbar-label">{reportTexts.createdBetween}</span>
          <DateRangePicker value={range} onChange={setRange} testIdPrefix="report-range" />
          <span className="report-toolbar-label">{reportTexts.breakdown}</span>
          <HTMLSelect
            value={breakdown ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setBreakdown(isBreakdownKey(value) ? value : null);
            }}
            options={[
              { value: '', label: reportTexts.noBreakdown },
              ...BREAKDOWN_KEYS.map((key) => ({ value: key, label: reportTexts.keys[key] })),
            ]}
            data-testid="report-breakdown"
          />
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
              // The range goes along as a creation-date filter: the list counts what the cell does.
              cellLink={(row, statusId) => (row.others ? null : agentLink(row.value, statusId))}
              subRows={(row) => (data.key && !row.others ? (data.breakdown?.[row.value ?? ''] ?? []) : [])}
              subLink={(row, sub, statusId) =>
                data.key && !row.others && !sub.others && sub.value !== null
                  ? agentLink(row.value, statusId, { [data.key]: sub.value })
                  : null
              }
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
