import { Button, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { MoneyMeasure, MonthlyMeasures, MonthlyReportBody } from '../../../../shared/contract';
import { formatDecimalTr } from '../../../../shared/domain/decimal';
import { format } from '../../../../shared/i18n/messages';
import { monthlyReportTexts as t } from '../../i18n/monthly-report-texts';
import type { CallResult } from '../../../../shared/contract';

export type MoneyKind = 'deposits' | 'withdrawals';

type MonthlyTableProps = {
  report: CallResult<'reportMonthly'>;
  /** A money cell was clicked: the month ('YYYY-MM') and the kind of transactions. */
  onOpen: (month: string, kind: MoneyKind) => void;
};

const number = (value: number): string => value.toLocaleString('tr-TR');
const money = (text: string | undefined): string =>
  text === undefined ? '0' : (formatDecimalTr(text) ?? text);

function Count({ value }: { value: number | null }): ReactNode {
  if (value === null)
    return (
      <span className="report-zero" title={t.hiddenTitle}>
        —
      </span>
    );
  if (value === 0) return <span className="report-zero">0</span>;
  return number(value);
}

/** Months down, measures across: the lead counts, then per kind of transaction its count and sums. */
export function MonthlyTable({ report, onOpen }: MonthlyTableProps): ReactNode {
  const { currencies, totals } = report;
  const kinds: { kind: MoneyKind; count: string; sum: string }[] = [
    ...(totals.deposits ? [{ kind: 'deposits' as const, count: t.depositCount, sum: t.depositSum }] : []),
    ...(totals.withdrawals
      ? [{ kind: 'withdrawals' as const, count: t.withdrawalCount, sum: t.withdrawalSum }]
      : []),
  ];

  function moneyCells(measure: MoneyMeasure | null, kind: MoneyKind, month: string | null): ReactNode[] {
    if (!measure) return [];
    const countCell =
      month !== null && measure.count > 0 ? (
        <Button
          variant="minimal"
          size="small"
          text={number(measure.count)}
          title={format(t.openCell, { count: number(measure.count) })}
          onClick={() => onOpen(month, kind)}
          data-testid={`monthly-open-${kind}-${month}`}
        />
      ) : (
        <Count value={measure.count} />
      );
    return [
      <td key={`${kind}-count`} className="report-number" data-column={`${kind}-count`}>
        {countCell}
      </td>,
      ...currencies.map((currency) => (
        <td
          key={`${kind}-${currency.id}`}
          className="report-number"
          data-column={`${kind}-sum-${currency.id}`}
        >
          {money(measure.sums[currency.id])}
        </td>
      )),
    ];
  }

  const cells = (measures: MonthlyMeasures, month: string | null): ReactNode[] => [
    <td key="leads" className="report-number" data-column="leads">
      <Count value={measures.leads} />
    </td>,
    <td key="conversions" className="report-number" data-column="conversions">
      <Count value={measures.conversions} />
    </td>,
    <td key="first_funds" className="report-number" data-column="first_funds">
      <Count value={measures.first_funds} />
    </td>,
    ...moneyCells(measures.deposits, 'deposits', month),
    ...moneyCells(measures.withdrawals, 'withdrawals', month),
  ];

  return (
    <div className="report-table-scroll">
      <HTMLTable compact striped className="report-table" data-testid="monthly-table">
        <thead>
          <tr>
            <th className="report-group">{t.month}</th>
            <th className="report-number">{t.leads}</th>
            <th className="report-number">{t.conversions}</th>
            <th className="report-number">{t.firstFunds}</th>
            {kinds.map((kind) => [
              <th key={`${kind.kind}-count`} className="report-number">
                {kind.count}
              </th>,
              ...currencies.map((currency) => (
                <th key={`${kind.kind}-${currency.id}`} className="report-number">
                  {kind.sum} ({currency.label})
                </th>
              )),
            ])}
          </tr>
        </thead>
        <tbody>
          {report.months.map((row) => (
            <tr key={row.month} data-testid="monthly-row" data-month={row.month}>
              <th className="report-group" scope="row">
                {row.month}
              </th>
              {cells(row, row.month)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="monthly-totals">
            <th className="report-group" scope="row">
              {t.total}
            </th>
            {cells(totals, null)}
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

/** Whether the year has anything to show at all (every measure zero or hidden: the empty state). */
export function isEmptyYear(report: CallResult<'reportMonthly'>): boolean {
  const { leads, conversions, first_funds: firstFunds, deposits, withdrawals } = report.totals;
  return !leads && !conversions && !firstFunds && !(deposits?.count ?? 0) && !(withdrawals?.count ?? 0);
}

export type { MonthlyReportBody };
