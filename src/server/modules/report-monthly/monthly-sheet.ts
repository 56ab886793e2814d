import type { MoneyMeasure, MonthlyMeasures } from '../../../shared/contract';
import { periodicReportMessages as p } from '../../../shared/i18n/periodic-report-messages';
import type { XlsxCell, XlsxColumn, XlsxSheet } from '../export';
import type { MonthlyReport } from './service';

const m = p.monthly;

/**
 * An exact decimal text as a number cell when the number holds it exactly (what Excel can add up), else
 * as the text itself: a sum is never silently rounded.
 */
export function moneyCell(text: string | undefined): XlsxCell {
  if (text === undefined) return 0;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return value.toFixed(decimals) === text ? value : text;
}

/** The monthly report as one sheet: a row per month and a totals row; one sum column per currency. */
export function monthlySheet(report: MonthlyReport): XlsxSheet {
  const currencies = report.currencies;
  const money = (label: string, present: boolean): XlsxColumn[] =>
    present ? currencies.map((currency) => ({ header: `${label} (${currency.label})`, width: 20 })) : [];
  const depositsShown = report.totals.deposits !== null;
  const withdrawalsShown = report.totals.withdrawals !== null;
  const columns: XlsxColumn[] = [
    { header: m.month, width: 10 },
    { header: m.leads, width: 14 },
    { header: m.conversions, width: 20 },
    { header: m.firstFunds, width: 14 },
    ...(depositsShown ? [{ header: m.depositCount, width: 16 }] : []),
    ...money(m.depositSum, depositsShown),
    ...(withdrawalsShown ? [{ header: m.withdrawalCount, width: 14 }] : []),
    ...money(m.withdrawalSum, withdrawalsShown),
  ];
  const count = (value: number | null): XlsxCell => (value === null ? m.hidden : value);
  const moneyCells = (measure: MoneyMeasure | null): XlsxCell[] =>
    measure === null
      ? []
      : [measure.count, ...currencies.map((currency) => moneyCell(measure.sums[currency.id]))];
  const row = (label: string, measures: MonthlyMeasures): XlsxCell[] => [
    label,
    count(measures.leads),
    count(measures.conversions),
    count(measures.first_funds),
    ...moneyCells(measures.deposits),
    ...moneyCells(measures.withdrawals),
  ];
  return {
    name: `${m.title} ${report.year}`,
    columns,
    rows: [...report.months.map((month) => row(month.month, month)), row(m.total, report.totals)],
  };
}
