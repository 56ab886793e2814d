import { Card, Spinner } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { FIRST_FUND_REFRESH_MS } from '../../../../shared/domain/constants';
import { MAX_REPORT_RANGE_DAYS } from '../../../../shared/domain/report-keys';
import { format } from '../../../../shared/i18n/messages';
import { useCrmQuery } from '../../api/use-crm-call';
import { DateRangePicker, isValidRange, type DayRange } from '../../components/date-input';
import { reportTexts } from '../../i18n/report-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { ReportState } from './ReportState';
import './reports.css';
import { CHART_PALETTE } from '../../ui/chart-palette';

/** Blueprint's distinct hues for the first dozen agents. */
const SLICE_COLORS = CHART_PALETTE;

/**
 * A slice's colour: the palette first, then hues a golden angle apart with alternating lightness, so a
 * call centre with dozens of agents never gets two neighbouring slices of one colour.
 */
function sliceColor(index: number): string {
  const named = SLICE_COLORS[index];
  if (named) return named;
  const hue = Math.round((index * 137.508) % 360);
  return `hsl(${hue}, 62%, ${index % 2 === 0 ? 42 : 55}%)`;
}

function thisMonth(): DayRange {
  const today = dayjs();
  return { start: today.startOf('month').format('YYYY-MM-DD'), end: today.format('YYYY-MM-DD') };
}

/**
 * /piechart/firstFund (see docs/requirements.md#lead-workspace-and-work-screens): first-fund lead counts per agent as a pie, refreshed every 10 minutes
 * (see docs/requirements.md#constants-and-limits), over a range that starts as this month.
 */
export function FirstFundPage(): ReactNode {
  usePageTitle(reportTexts.firstFundTitle);
  const [range, setRange] = useState<DayRange>(thisMonth);
  const valid = isValidRange(range, MAX_REPORT_RANGE_DAYS);
  const [applied, setApplied] = useState(range);
  if (valid && (applied.start !== range.start || applied.end !== range.end)) setApplied(range);
  const chart = useCrmQuery(
    'firstFund',
    { body: applied },
    { placeholderData: keepPreviousData, refetchInterval: FIRST_FUND_REFRESH_MS },
  );
  const slices = chart.data?.results ?? [];
  const total = slices.reduce((sum, slice) => sum + slice.lead_count, 0);

  return (
    <div className="page report-page" data-testid="first-fund">
      <header className="page-header">
        <h1 className="page-title">{reportTexts.firstFundTitle}</h1>
      </header>
      <Card className="report-main" compact>
        <div className="report-toolbar">
          <span className="report-toolbar-label">{reportTexts.firstFundRange}</span>
          <DateRangePicker value={range} onChange={setRange} testIdPrefix="report-range" />
          {chart.isFetching && !chart.isPending ? <Spinner size={14} /> : null}
        </div>
        {chart.dataUpdatedAt > 0 && (
          <p className="report-toolbar-hint" data-testid="first-fund-updated">
            {format(reportTexts.refreshedAt, { time: dayjs(chart.dataUpdatedAt).format('HH:mm:ss') })}
          </p>
        )}
        {!valid && (
          <p className="report-range-invalid" role="alert">
            {format(reportTexts.rangeInvalid, { days: MAX_REPORT_RANGE_DAYS })}
          </p>
        )}
        <ReportState
          isPending={chart.isPending}
          error={chart.error}
          empty={chart.isSuccess && slices.length === 0}
          emptyTitle={reportTexts.firstFundEmpty}
          emptyDetail={reportTexts.emptyDetailAgent}
          retry={() => void chart.refetch()}
        >
          <figure className="first-fund-chart" data-testid="first-fund-chart" data-total={total}>
            <figcaption className="report-toolbar-label">
              {format(reportTexts.firstFundTotal, { count: total.toLocaleString('tr-TR') })}
            </figcaption>
            <ResponsiveContainer width="100%" height={Math.max(420, slices.length * 18 + 60)}>
              <PieChart>
                <Pie
                  data={slices}
                  dataKey="lead_count"
                  nameKey="agent_name"
                  innerRadius="45%"
                  outerRadius="80%"
                  paddingAngle={1}
                  isAnimationActive={false}
                  label={({ value }) => String(value)}
                >
                  {slices.map((slice, index) => (
                    <Cell key={slice.agent_id ?? 'none'} fill={sliceColor(index)} />
                  ))}
                </Pie>
                <Tooltip formatter={(value, name) => [value, String(name)]} />
                <Legend
                  layout="vertical"
                  align="right"
                  verticalAlign="middle"
                  // The legend names each agent with the count, biggest first as the slices go.
                  formatter={(name: string, entry) => {
                    const payload = entry.payload as { lead_count?: number } | undefined;
                    return `${name} (${payload?.lead_count ?? 0})`;
                  }}
                />
              </PieChart>
            </ResponsiveContainer>
          </figure>
        </ReportState>
      </Card>
    </div>
  );
}
