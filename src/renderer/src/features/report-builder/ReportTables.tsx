import { Button, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AggregateResult, CellValue, ListResult } from '../../../../shared/contract';
import { formatDecimalTr } from '../../../../shared/domain';
import { addDecimals, reportRowLink } from '../../../../shared/domain/report-builder';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';
import { TRANSACTIONS_TABLE } from './TransactionDetailDialog';

/** Counts as whole numbers, sums with two decimals, in Turkish notation; the text itself is exact. */
export function formatValue(text: string | undefined, valueType: AggregateResult['valueType']): string {
  if (text === undefined) return '0';
  if (valueType === 'COUNT') return Number(text).toLocaleString('tr-TR');
  return formatDecimalTr(text) ?? text;
}

/** One row per x value, one column per series, totals right and below. */
export function AggregateTable({ result }: { result: AggregateResult }): ReactNode {
  const seriesTotals = result.series.map((series) =>
    addDecimals(result.rows.map((row) => row.cells[series.key] ?? '0')),
  );
  const grand = addDecimals(result.rows.map((row) => row.total));
  const value = (text: string | undefined): string => formatValue(text, result.valueType);
  return (
    <div className="report-table-scroll">
      <HTMLTable compact striped className="report-table" data-testid="report-result-table">
        <thead>
          <tr>
            <th>{result.yLabel ? `${result.xLabel} / ${result.yLabel}` : result.xLabel}</th>
            {result.series.map((series) => (
              <th key={series.key} className="report-number">
                {series.label}
              </th>
            ))}
            {result.series.length > 1 ? <th className="report-number">{texts.total}</th> : null}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.others ? '*others' : (row.value ?? '')} data-testid="report-result-row">
              <th scope="row">{row.label}</th>
              {result.series.map((series) => (
                <td key={series.key} className="report-number">
                  {value(row.cells[series.key])}
                </td>
              ))}
              {result.series.length > 1 ? (
                <td className="report-number report-total">{value(row.total)}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.total}</th>
            {seriesTotals.map((total, index) => (
              <td key={result.series[index]?.key ?? index} className="report-number report-total">
                {value(total)}
              </td>
            ))}
            {result.series.length > 1 ? (
              <td className="report-number report-total" data-testid="report-grand-total">
                {value(grand)}
              </td>
            ) : null}
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

const shown = (value: CellValue): string =>
  value === null ? '' : typeof value === 'boolean' ? (value ? texts.yes : texts.no) : String(value);

type ListTableProps = {
  table: string;
  isLeads: boolean;
  result: ListResult;
  /** A transaction's id opens the builder's transaction-detail modal instead of a link. */
  onOpenTransaction?: (id: number) => void;
};

/**
 * A page of rows; ids open the row (a lead's workspace; a transaction in the detail modal; another row in
 * its list).
 */
export function ListTable({ table, isLeads, result, onOpenTransaction }: ListTableProps): ReactNode {
  return (
    <div className="report-table-scroll">
      <HTMLTable compact striped className="report-table" data-testid="report-result-table">
        <thead>
          <tr>
            {result.fields.map((field) => (
              <th key={field.name}>{field.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, index) => (
            <tr key={String(row.id ?? index)} data-testid="report-result-row">
              {result.fields.map((field) => {
                const value = row[field.name] ?? null;
                const to = reportRowLink(table, field.name, value, isLeads);
                const trxId = table === TRANSACTIONS_TABLE && field.name === 'id' ? Number(value) : NaN;
                if (onOpenTransaction && Number.isSafeInteger(trxId) && trxId > 0) {
                  return (
                    <td key={field.name}>
                      <Button
                        variant="minimal"
                        size="small"
                        intent="primary"
                        text={shown(value)}
                        title={texts.trxDetailOpen}
                        onClick={() => onOpenTransaction(trxId)}
                        data-testid="report-trx-open"
                      />
                    </td>
                  );
                }
                return (
                  <td key={field.name}>
                    {to ? (
                      <Link to={to} title={to.startsWith('/leadDetail') ? texts.openLead : texts.openRow}>
                        {shown(value)}
                      </Link>
                    ) : (
                      shown(value)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
