import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AggregateResult } from '../../../../shared/contract';
import type { ReportChartType } from '../../../../shared/domain/report-builder';
import { CHART_PALETTE } from '../../ui/chart-palette';

/** Distinct hues; they repeat past a dozen series, the legend still names each. */
const COLORS = CHART_PALETTE;
const color = (index: number): string => COLORS[index % COLORS.length] ?? '#2d72d2';

/** Chart values are drawn, not summed: the table keeps the exact figures. */
const drawn = (text: string | undefined): number => (text === undefined ? 0 : Number(text));

type ReportChartProps = { type: ReportChartType; result: AggregateResult };

/**
 * The report as a chart (see docs/requirements.md#constants-and-limits: pie or bar). Bars stack one segment per series over each x value; the
 * pie has a slice per x value with its total.
 */
export function ReportChart({ type, result }: ReportChartProps): ReactNode {
  if (type === 'pie') {
    const slices = result.rows.map((row) => ({ name: row.label, value: drawn(row.total) }));
    return (
      <figure className="report-builder-chart" data-testid="report-chart" data-chart="pie">
        <ResponsiveContainer width="100%" height={360}>
          <PieChart>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              outerRadius="80%"
              isAnimationActive={false}
              label={({ value }) => Number(value).toLocaleString('tr-TR')}
            >
              {slices.map((slice, index) => (
                <Cell key={slice.name} fill={color(index)} />
              ))}
            </Pie>
            <Tooltip />
            <Legend layout="vertical" align="right" verticalAlign="middle" />
          </PieChart>
        </ResponsiveContainer>
      </figure>
    );
  }
  const points = result.rows.map((row) => {
    const point: Record<string, string | number> = { name: row.label };
    for (const series of result.series) point[`s:${series.key}`] = drawn(row.cells[series.key]);
    return point;
  });
  return (
    <figure className="report-builder-chart" data-testid="report-chart" data-chart="bar">
      <ResponsiveContainer width="100%" height={360}>
        <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={result.valueType === 'SUM'} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          {result.series.map((series, index) => (
            <Bar
              key={series.key}
              dataKey={`s:${series.key}`}
              name={series.label}
              stackId="report"
              fill={color(index)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
