import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { messages } from '../../../../../shared/i18n/messages';
import { useCrmQuery } from '../../../api/use-crm-call';
import { shellTexts } from '../../../i18n/shell-texts';
import { DateRangePicker, isValidRange, lastDays, type DayRange } from '../../../components/date-input';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, fillDailyCounts, statusBars } from './chart-data';
import './charts.css';

/** Chart colours that read on both themes (recharts draws SVG, which Blueprint's dark mode does not reach). */
const AXIS_COLOR = '#8f99a8';
const GRID_COLOR = 'rgba(143, 153, 168, 0.25)';
const BAR_COLOR = '#2d72d2';

/**
 * docs/requirements.md#shell-lists-and-chat / docs/requirements.md#lead-workspace-and-work-screens: a date range (default the last 30 days) driving the lead-count chart and the
 * lead-status chart, both from POST /reports/ within the user's row scope.
 */
export function LeadCharts(): ReactNode {
  const [range, setRange] = useState<DayRange>(() => lastDays(DASHBOARD_DEFAULT_DAYS));
  const valid = isValidRange(range, DASHBOARD_MAX_DAYS);
  // An unfinished date (typing) keeps the last good range on the charts.
  const [applied, setApplied] = useState(range);
  if (valid && (applied.start !== range.start || applied.end !== range.end)) setApplied(range);

  const reports = useCrmQuery(
    'dashboardReports',
    { body: { start: applied.start, end: applied.end } },
    { placeholderData: keepPreviousData },
  );
  const daily = useMemo(() => fillDailyCounts(reports.data?.leads ?? [], applied), [reports.data, applied]);
  const statuses = useMemo(
    () => statusBars(reports.data?.lead_statuses ?? [], messages.noLeadStatus),
    [reports.data],
  );
  const total = daily.reduce((sum, point) => sum + point.count, 0);
  const empty = reports.isSuccess && total === 0 && statuses.length === 0;

  const body = (content: ReactNode): ReactNode => {
    if (reports.isPending) {
      return (
        <div className="chart-state">
          <Spinner size={20} />
          <span>{messages.loading}</span>
        </div>
      );
    }
    if (reports.isError) return null;
    if (empty) return <NonIdealState icon="chart" title={shellTexts.chartsEmpty} className="chart-state" />;
    return content;
  };

  return (
    <section className="lead-charts" aria-label={shellTexts.chartsTitle}>
      <header className="dashboard-card-header">
        <h2 className="dashboard-card-title">{shellTexts.chartsTitle}</h2>
        {reports.isFetching && !reports.isPending ? <Spinner size={14} /> : null}
        <DateRangePicker testIdPrefix="chart-range" value={range} onChange={setRange} />
      </header>
      {!valid ? (
        <p className="chart-range-invalid" role="alert">
          {shellTexts.rangeInvalid}
        </p>
      ) : null}
      {reports.isError ? (
        <Callout
          intent="danger"
          icon="error"
          title={shellTexts.chartsLoadFailed}
          className="dashboard-callout"
        >
          <span>{reports.error.message}</span>{' '}
          <Button size="small" icon="refresh" text={messages.retry} onClick={() => void reports.refetch()} />
        </Callout>
      ) : null}
      <div className="chart-pair">
        <figure
          className="chart-box"
          data-testid="chart-leads"
          data-total={reports.isSuccess ? total : undefined}
        >
          <figcaption className="chart-title">
            {shellTexts.leadsChartTitle}
            {reports.isSuccess ? <span className="chart-total">{total}</span> : null}
          </figcaption>
          {body(
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid stroke={GRID_COLOR} vertical={false} />
                <XAxis
                  dataKey="label"
                  tick={{ fill: AXIS_COLOR, fontSize: 11 }}
                  tickLine={false}
                  axisLine={{ stroke: GRID_COLOR }}
                  minTickGap={12}
                />
                <YAxis
                  allowDecimals={false}
                  tick={{ fill: AXIS_COLOR, fontSize: 11 }}
                  tickLine={false}
                  axisLine={false}
                />
                <Tooltip
                  cursor={{ fill: 'rgba(45, 114, 210, 0.08)' }}
                  formatter={(value) => [value, shellTexts.leadCount]}
                  labelFormatter={(label) => String(label)}
                />
                <Bar
                  dataKey="count"
                  name={shellTexts.leadCount}
                  fill={BAR_COLOR}
                  radius={[3, 3, 0, 0]}
                  maxBarSize={28}
                />
              </BarChart>
            </ResponsiveContainer>,
          )}
        </figure>
        <figure
          className="chart-box"
          data-testid="chart-statuses"
          data-count={reports.isSuccess ? statuses.length : undefined}
        >
          <figcaption className="chart-title">{shellTexts.statusChartTitle}</figcaption>
          {body(
            <ResponsiveContainer width="100%" height={Math.max(240, statuses.length * 30 + 20)}>
              <BarChart data={statuses} layout="vertical" margin={{ top: 4, right: 36, bottom: 4, left: 8 }}>
                <CartesianGrid stroke={GRID_COLOR} horizontal={false} />
                <XAxis type="number" allowDecimals={false} hide />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={130}
                  tick={{ fill: AXIS_COLOR, fontSize: 12 }}
                  tickLine={false}
                  axisLine={false}
                />
                <Tooltip
                  cursor={{ fill: 'rgba(143, 153, 168, 0.12)' }}
                  formatter={(value) => [value, shellTexts.leadCount]}
                />
                <Bar dataKey="count" name={shellTexts.leadCount} radius={[0, 3, 3, 0]} maxBarSize={22}>
                  {statuses.map((status) => (
                    <Cell key={status.key} fill={status.color} data-testid={`chart-status-${status.key}`} />
                  ))}
                  <LabelList dataKey="count" position="right" fill={AXIS_COLOR} fontSize={11} />
                </Bar>
              </BarChart>
            </ResponsiveContainer>,
          )}
        </figure>
      </div>
    </section>
  );
}
