import { Card, Menu, MenuItem, Switch } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
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
import { ReportTable } from './ReportTable';
import './reports.css';

const isUtmKey = (value: string | null): value is UtmKey =>
  value !== null && (UTM_KEYS as readonly string[]).includes(value);

/**
 * /report/utm (see docs/requirements.md#lead-workspace-and-work-screens): a sidebar of group keys, and a table with one row per value and one column per
 * lead status; every count opens the list of exactly those leads (created in the range when one is
 * chosen). The key stays in the address (?key=).
 */
export function UtmReportPage(): ReactNode {
  usePageTitle(reportTexts.utmTitle);
  const [params, setParams] = useSearchParams();
  const requested = params.get('key');
  const key: UtmKey = isUtmKey(requested) ? requested : 'utm_source';
  const [range, setRange] = useState<DayRange | null>(null);
  const rangeValid = range === null || isValidRange(range, MAX_REPORT_RANGE_DAYS);
  const [applied, setApplied] = useState<DayRange | null>(null);
  // An unfinished date keeps the last good range on the table.
  if (rangeValid && applied !== range && (applied?.start !== range?.start || applied?.end !== range?.end)) {
    setApplied(range);
  }
  const report = useCrmQuery(
    'reportUtm',
    { body: { utmKey: key, ...(applied ?? {}) } },
    { placeholderData: keepPreviousData },
  );

  return (
    <div className="page report-page" data-testid="utm-report">
      <header className="page-header">
        <h1 className="page-title">{reportTexts.utmTitle}</h1>
      </header>
      <div className="report-layout">
        <Card className="report-sidebar" compact>
          <h2 className="report-sidebar-title">{reportTexts.groupBy}</h2>
          <Menu>
            {UTM_KEYS.map((candidate) => (
              <MenuItem
                key={candidate}
                text={reportTexts.keys[candidate]}
                active={candidate === key}
                onClick={() => setParams({ key: candidate }, { replace: true })}
                data-testid={`report-key-${candidate}`}
              />
            ))}
          </Menu>
        </Card>
        <Card className="report-main" compact>
          <div className="report-toolbar">
            <Switch
              checked={range === null}
              label={reportTexts.allTime}
              onChange={(event) => setRange(event.currentTarget.checked ? null : lastDays(30))}
              data-testid="report-all-time"
            />
            {range !== null && (
              <>
                <span className="report-toolbar-label">{reportTexts.createdBetween}</span>
                <DateRangePicker value={range} onChange={setRange} testIdPrefix="report-range" />
              </>
            )}
            <span className="report-toolbar-hint">{reportTexts.linksHint}</span>
          </div>
          {!rangeValid && (
            <p className="report-range-invalid" role="alert">
              {format(reportTexts.rangeInvalid, { days: MAX_REPORT_RANGE_DAYS })}
            </p>
          )}
          <ReportState
            isPending={report.isPending}
            error={report.error}
            empty={report.data?.rows.length === 0}
            emptyDetail={reportTexts.emptyDetailUtm}
            retry={() => void report.refetch()}
          >
            {report.data && (
              <ReportTable
                rows={report.data.rows}
                statuses={report.data.status}
                totals={report.data.totals}
                groupLabel={reportTexts.keys[report.data.key]}
                cellLink={(row, statusId) =>
                  // Leads without a value and the summed row have no list filter that finds exactly them;
                  // a range goes along as a creation-date filter, so the list counts what the cell does.
                  // The previous selection's counts, shown while the new ones load, link nowhere.
                  row.value === null || report.isPlaceholderData
                    ? null
                    : reportCellLink(report.data.key, row.value, statusId, applied)
                }
              />
            )}
          </ReportState>
        </Card>
      </div>
    </div>
  );
}
