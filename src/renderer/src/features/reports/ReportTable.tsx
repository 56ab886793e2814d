import { HTMLTable } from '@blueprintjs/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ReportCounts, ReportRow, ReportStatus } from '../../../../shared/contract';
import { format } from '../../../../shared/i18n/messages';
import { reportTexts } from '../../i18n/report-texts';

/** Numeric columns shown first, beside the name (the agent report's calls, notes, conversions). */
export type ExtraColumn<Row> = { key: string; label: string; value: (row: Row) => number };

type ReportTableProps<Row extends ReportRow> = {
  rows: readonly Row[];
  statuses: readonly ReportStatus[];
  totals: ReportCounts;
  groupLabel: string;
  /** Where a cell leads (null: not a link), e.g. the list of those leads. */
  cellLink: (row: Row, statusId?: number) => string | null;
  extra?: readonly ExtraColumn<Row>[];
  extraTotals?: Record<string, number>;
  /** Rows shown under a row, indented (the agent report's breakdown by a second key). */
  subRows?: (row: Row) => readonly ReportRow[];
  subLink?: (row: Row, sub: ReportRow, statusId?: number) => string | null;
};

const number = (value: number): string => value.toLocaleString('tr-TR');

function Count({ count, to }: { count: number; to: string | null }): ReactNode {
  if (count === 0) return <span className="report-zero">0</span>;
  if (to === null) return number(count);
  return (
    <Link to={to} title={format(reportTexts.cellTitle, { count: number(count) })}>
      {number(count)}
    </Link>
  );
}

/** One row per group value, one column per lead status in its colours, totals right and below. */
export function ReportTable<Row extends ReportRow>(props: ReportTableProps<Row>): ReactNode {
  const {
    rows,
    statuses,
    totals,
    groupLabel,
    cellLink,
    extra = [],
    extraTotals = {},
    subRows,
    subLink,
  } = props;
  const showNoStatus = totals.no_status > 0;
  return (
    <div className="report-table-scroll">
      <HTMLTable compact striped className="report-table" data-testid="report-table">
        <thead>
          <tr>
            <th className="report-group">{groupLabel}</th>
            {extra.map((column) => (
              <th key={column.key} className="report-number">
                {column.label}
              </th>
            ))}
            {statuses.map((status) => (
              <th key={status.id} className="report-number">
                <span
                  className="report-status"
                  style={{ background: status.background, color: status.color }}
                >
                  {status.label}
                </span>
              </th>
            ))}
            {showNoStatus && <th className="report-number">{reportTexts.noStatus}</th>}
            <th className="report-number">{reportTexts.total}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.others ? '__others' : String(row.value)}>
              <tr data-testid="report-row">
                <th className="report-group" scope="row">
                  {row.label}
                </th>
                {extra.map((column) => (
                  <td key={column.key} className="report-number" data-column={column.key}>
                    {number(column.value(row))}
                  </td>
                ))}
                {statuses.map((status) => (
                  <td key={status.id} className="report-number" data-status={status.id}>
                    <Count count={row.counts[String(status.id)] ?? 0} to={cellLink(row, status.id)} />
                  </td>
                ))}
                {showNoStatus && (
                  <td className="report-number">
                    <Count count={row.no_status} to={null} />
                  </td>
                )}
                <td className="report-number report-total" data-testid="report-row-total">
                  <Count count={row.total} to={cellLink(row)} />
                </td>
              </tr>
              {(subRows?.(row) ?? []).map((sub) => (
                <tr
                  key={`${String(row.value)}:${sub.others ? '__others' : String(sub.value)}`}
                  className="report-subrow"
                  data-testid="report-subrow"
                >
                  <th className="report-group" scope="row">
                    {sub.label}
                  </th>
                  {extra.map((column) => (
                    <td key={column.key} className="report-number" />
                  ))}
                  {statuses.map((status) => (
                    <td key={status.id} className="report-number" data-status={status.id}>
                      <Count
                        count={sub.counts[String(status.id)] ?? 0}
                        to={subLink?.(row, sub, status.id) ?? null}
                      />
                    </td>
                  ))}
                  {showNoStatus && (
                    <td className="report-number">
                      <Count count={sub.no_status} to={null} />
                    </td>
                  )}
                  <td className="report-number report-total">
                    <Count count={sub.total} to={subLink?.(row, sub) ?? null} />
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="report-totals">
            <th className="report-group" scope="row">
              {reportTexts.total}
            </th>
            {extra.map((column) => (
              <td key={column.key} className="report-number">
                {number(extraTotals[column.key] ?? 0)}
              </td>
            ))}
            {statuses.map((status) => (
              <td key={status.id} className="report-number">
                {number(totals.counts[String(status.id)] ?? 0)}
              </td>
            ))}
            {showNoStatus && <td className="report-number">{number(totals.no_status)}</td>}
            <td className="report-number report-total">{number(totals.total)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
