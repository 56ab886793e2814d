import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MonthlyTrxScope } from '../../../../shared/contract';
import { TRANSACTION_TYPES } from '../../../../shared/domain/constants';
import { formatDateTimeTr } from '../../../../shared/domain/date-ranges';
import { formatDecimalTr } from '../../../../shared/domain/decimal';
import { format } from '../../../../shared/i18n/messages';
import { useCrmQuery } from '../../api/use-crm-call';
import { monthlyReportTexts as t } from '../../i18n/monthly-report-texts';
import type { MoneyKind } from './MonthlyTable';
import { ReportState } from './ReportState';

type MonthlyTransactionsDialogProps = {
  month: string;
  kind: MoneyKind;
  trx: MonthlyTrxScope;
  onClose: () => void;
};

const dash = (value: string | null): string => (value === null || value === '' ? '—' : value);

/** The transactions behind a money cell (newest 100) with the lead info of each (see docs/requirements.md#lead-workspace-and-work-screens /report/monthly). */
export function MonthlyTransactionsDialog({
  month,
  kind,
  trx,
  onClose,
}: MonthlyTransactionsDialogProps): ReactNode {
  const type = kind === 'deposits' ? TRANSACTION_TYPES.deposit : TRANSACTION_TYPES.withdrawal;
  const answer = useCrmQuery('reportMonthlyTransactions', { body: { month, type, trx } });
  const data = answer.data;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={format(t.drillTitle, { month, type: kind === 'deposits' ? t.deposit : t.withdrawal })}
      icon="th-list"
      className="monthly-drill-dialog"
    >
      <DialogBody data-testid="monthly-drill">
        <ReportState
          isPending={answer.isPending}
          error={answer.error}
          empty={data?.results.length === 0}
          emptyTitle={t.drillEmpty}
          emptyDetail=""
          retry={() => void answer.refetch()}
        >
          {data && (
            <>
              {data.total > data.results.length && (
                <p className="report-toolbar-hint" data-testid="monthly-drill-shown">
                  {format(t.drillShown, { total: data.total, shown: data.results.length })}
                </p>
              )}
              <div className="report-table-scroll">
                <HTMLTable compact striped className="report-table" data-testid="monthly-drill-table">
                  <thead>
                    <tr>
                      <th>{t.colId}</th>
                      <th>{t.colDate}</th>
                      <th className="report-number">{t.colAmount}</th>
                      <th>{t.colStatus}</th>
                      <th>{t.colLead}</th>
                      <th>{t.colPhone}</th>
                      <th>{t.colTc}</th>
                      <th>{t.colEmail}</th>
                      <th>{t.colPlace}</th>
                      <th>{t.colAddress}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.results.map((row) => (
                      <tr key={row.id} data-testid="monthly-drill-row">
                        <td>
                          <Link to={`/list/transactions?id=${row.id}`}>#{row.id}</Link>
                        </td>
                        <td>{formatDateTimeTr(row.created_at)}</td>
                        <td className="report-number">
                          {formatDecimalTr(row.amount) ?? row.amount} {row.currency}
                        </td>
                        <td>{row.status}</td>
                        <td>
                          <Link to={`/leadDetail/${row.lead.id}`}>{row.lead.name ?? `#${row.lead.id}`}</Link>
                        </td>
                        <td>{dash(row.lead.phone)}</td>
                        <td>{dash(row.lead.tc)}</td>
                        <td>{dash(row.lead.email)}</td>
                        <td>{dash([row.lead.city, row.lead.ilce].filter(Boolean).join(' / ') || null)}</td>
                        <td>{dash(row.lead.address)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </>
          )}
        </ReportState>
      </DialogBody>
    </Dialog>
  );
}
