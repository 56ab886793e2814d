import { Button, HTMLTable, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RecordRow } from '../../../../shared/contract';
import {
  elapsedMs,
  formatDateTimeTr,
  formatDecimalTr,
  formatElapsedTr,
  isOverdue,
  OPTION_LIST_IDS,
} from '../../../../shared/domain';
import {
  isTransactionEditor,
  reversible,
  TRANSACTION_REVERSERS,
} from '../../../../shared/domain/transaction-state';
import { APPROVAL, TRANSACTION_TYPES, TRX_STATUS } from '../../../../shared/domain/transaction-flow';
import { format, messages } from '../../../../shared/i18n/messages';
import { useOptions, type OptionIndex } from '../../api/options';
import { transactionTexts as tt } from '../../i18n/transaction-texts';
import { FundingPanel } from './FundingPanel';
import { TransactionActions } from './TransactionActions';
import { EditTransactionDialog, JournalDialog, LeadInfoDialog } from './TransactionDialogs';
import { ReverseTransactionDialog } from './ReverseTransactionDialog';
import { numberCell, textCell, useCustomerNames, type StatusIndex } from './transaction-queries';
import './transactions.css';

export type TransactionTableProps = {
  rows: readonly RecordRow[];
  department: string;
  statuses: StatusIndex;
  /** The workspace shows the customer column and lead info; the lead's own tab does not need them. */
  showCustomer: boolean;
  /** A row opened from the start (?trx= on the lead detail). */
  initiallyOpen?: number | undefined;
  /** The work queue: each row shows how long it has waited, marked late past `slaHours`. */
  queue?: { slaHours: number } | undefined;
  /** What an empty list says (the queue says that nothing waits). */
  emptyText?: string | undefined;
};

/** The time now, renewed every minute while `ticking` (the queue's ages move on while it is open). */
function useMinuteClock(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** How long a row has waited, and the late mark past the queue's hours. */
function Waiting({ since, slaHours, now }: { since: string; slaHours: number; now: Date }): ReactNode {
  const ms = elapsedMs(since, now);
  if (ms === null) return null;
  const late = isOverdue(ms, slaHours);
  return (
    <span className="trx-waiting" data-testid="trx-waiting">
      {formatElapsedTr(ms)}
      {late ? (
        <Tag minimal intent="danger" icon="time" title={format(tt.overdueTitle, { hours: slaHours })}>
          {tt.overdue}
        </Tag>
      ) : null}
    </span>
  );
}

function money(
  row: RecordRow,
  amount: string,
  currency: string,
  currencies: OptionIndex | undefined,
): string {
  const value = textCell(row, amount);
  if (value === '') return '—';
  const code = currencies?.byValue.get(textCell(row, currency))?.label ?? '';
  return `${formatDecimalTr(value) ?? value} ${code}`.trim();
}

/** One line of a row's details; left out when there is nothing to show. */
function Fact({ label, shown }: { label: string; shown: string }): ReactNode {
  if (shown === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}

/** Approval status 1 a thumbs-up, 2 or more a thumbs-down, nothing while undecided (see docs/requirements.md#task-customer-and-money-states). */
function Approval({ value }: { value: number | null }): ReactNode {
  if (value === null || value === 0) return <span className="trx-muted">—</span>;
  return value === APPROVAL.approved ? (
    <Icon icon="thumbs-up" intent="success" title={tt.approved} />
  ) : (
    <Icon icon="thumbs-down" intent="danger" title={tt.declined} />
  );
}

/**
 * Transactions as a table, each row with its steps one click away (the department's panel), lead info,
 * journal, and for admin and sales_manager 'Detay' (/list/transactions?id=) and the edit modal. The
 * status comes right after the type, so what a row is and where it stands is read first. The lead's own
 * tab is half a screen wide: there the booked bank and platform amounts and the account move into the
 * row's details, so the table fits without scrolling sideways.
 */
export function TransactionTable(props: TransactionTableProps): ReactNode {
  const { rows, department, statuses, showCustomer } = props;
  const currencies = useOptions(OPTION_LIST_IDS.currencies).data;
  const gateways = useOptions(OPTION_LIST_IDS.gateways).data;
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set(props.initiallyOpen === undefined ? [] : [props.initiallyOpen]),
  );
  const [dialog, setDialog] = useState<{
    kind: 'lead' | 'journal' | 'edit' | 'reverse';
    row: RecordRow;
  } | null>(null);
  // Rows of the keyword search carry the name already; the tabs' rows only the customer's id.
  const unnamed = useMemo(
    () =>
      showCustomer
        ? rows.flatMap((row) => {
            const customer = numberCell(row, 'customer_id');
            return customer !== null && textCell(row, 'customer_name') === '' ? [customer] : [];
          })
        : [],
    [rows, showCustomer],
  );
  const customerNames = useCustomerNames(unnamed);
  const manager = isTransactionEditor(department);
  const reverser = (TRANSACTION_REVERSERS as readonly string[]).includes(department);
  const narrow = !showCustomer;
  const waiting = props.queue;
  const now = useMinuteClock(waiting !== undefined);
  const columns = (showCustomer ? 12 : 8) + (waiting ? 1 : 0);
  if (rows.length === 0) {
    return (
      <NonIdealState
        icon="bank-account"
        description={props.emptyText ?? tt.empty}
        className="lead-tab-empty"
      />
    );
  }
  const toggle = (id: number): void =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="lead-table-scroll">
      <HTMLTable compact striped className="lead-table trx-table" data-testid="trx-table">
        <thead>
          <tr>
            <th>{tt.columnId}</th>
            {showCustomer ? <th>{tt.columnCustomer}</th> : null}
            <th>{tt.columnType}</th>
            <th>{tt.columnStatus}</th>
            {waiting ? <th>{tt.columnWaiting}</th> : null}
            <th>{tt.columnGateway}</th>
            <th>{tt.columnAmount}</th>
            {narrow ? null : (
              <>
                <th>{tt.columnBank}</th>
                <th>{tt.columnPlatformAmount}</th>
                <th>{tt.columnLogin}</th>
              </>
            )}
            <th>{tt.columnFinance}</th>
            <th>{tt.columnRisk}</th>
            <th>{tt.columnDate}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = numberCell(row, 'id') ?? 0;
            const deposit = textCell(row, 'type') === TRANSACTION_TYPES.deposit;
            const status = numberCell(row, 'status_id');
            const customer = numberCell(row, 'customer_id');
            return (
              <Fragment key={id}>
                <tr data-testid={`trx-row-${id}`}>
                  <td className="trx-nowrap">
                    <Button
                      size="small"
                      variant="minimal"
                      icon={open.has(id) ? 'chevron-down' : 'chevron-right'}
                      text={`#${id}`}
                      onClick={() => toggle(id)}
                      data-testid={`trx-open-${id}`}
                    />
                  </td>
                  {showCustomer ? (
                    <td>
                      {customer !== null ? (
                        <Link to={`/leadDetail/${customer}#para-islemleri`}>
                          {textCell(row, 'customer_name') || customerNames.get(customer) || `#${customer}`}
                        </Link>
                      ) : null}
                    </td>
                  ) : null}
                  <td>
                    <Tag minimal intent={deposit ? 'success' : 'warning'}>
                      {deposit ? tt.deposit : tt.withdrawal}
                    </Tag>
                  </td>
                  <td data-testid={`trx-status-${id}`}>
                    {status === null ? '' : (statuses.byId.get(status)?.label ?? String(status))}
                  </td>
                  {waiting ? (
                    <td className="trx-nowrap">
                      <Waiting since={textCell(row, 'created_at')} slaHours={waiting.slaHours} now={now} />
                    </td>
                  ) : null}
                  <td>
                    {gateways?.byValue.get(textCell(row, 'gateway_id'))?.label ?? textCell(row, 'gateway_id')}
                  </td>
                  <td className="trx-nowrap" data-testid={`trx-amount-${id}`}>
                    {money(row, 'amount', 'currency_id', currencies)}
                  </td>
                  {narrow ? null : (
                    <>
                      <td className="trx-nowrap">
                        {money(row, 'amount_bank', 'bank_currency_id', currencies)}
                      </td>
                      <td className="trx-nowrap">
                        {money(row, 'amount_platform', 'platform_currency_id', currencies)}
                      </td>
                      <td>{textCell(row, 'login')}</td>
                    </>
                  )}
                  <td>
                    <Approval value={numberCell(row, 'finance_approve_status')} />
                  </td>
                  <td>
                    <Approval value={numberCell(row, 'risk_approve_status')} />
                  </td>
                  <td className={narrow ? undefined : 'trx-nowrap'}>
                    {formatDateTimeTr(textCell(row, 'created_at'))}
                  </td>
                </tr>
                {open.has(id) ? (
                  <tr className="trx-details" data-testid={`trx-details-${id}`}>
                    <td colSpan={columns}>
                      <div className="trx-detail-grid">
                        <dl className="trx-facts">
                          {narrow ? (
                            <>
                              <Fact label={tt.columnLogin} shown={textCell(row, 'login')} />
                              <Fact
                                label={tt.columnBank}
                                shown={
                                  textCell(row, 'amount_bank') &&
                                  money(row, 'amount_bank', 'bank_currency_id', currencies)
                                }
                              />
                              <Fact
                                label={tt.columnPlatformAmount}
                                shown={
                                  textCell(row, 'amount_platform') &&
                                  money(row, 'amount_platform', 'platform_currency_id', currencies)
                                }
                              />
                            </>
                          ) : null}
                          <Fact
                            label={tt.iban}
                            shown={
                              textCell(row, 'iban') &&
                              `${textCell(row, 'iban')} ${textCell(row, 'iban_name')}`.trim()
                            }
                          />
                          <Fact label={tt.deliveryAccount} shown={textCell(row, 'delivery_iban')} />
                          <Fact label={tt.comment} shown={textCell(row, 'comment')} />
                          <Fact
                            label={tt.columnId}
                            shown={
                              textCell(row, 'reverses_id') &&
                              format(tt.reversesLabel, { id: textCell(row, 'reverses_id') })
                            }
                          />
                        </dl>
                        <div className="trx-links">
                          {showCustomer ? (
                            <Button
                              size="small"
                              icon="person"
                              text={tt.leadInfo}
                              onClick={() => setDialog({ kind: 'lead', row })}
                              data-testid={`trx-lead-info-${id}`}
                            />
                          ) : null}
                          <Button
                            size="small"
                            icon="history"
                            text={tt.journal}
                            onClick={() => setDialog({ kind: 'journal', row })}
                            data-testid={`trx-journal-${id}`}
                          />
                          {manager ? (
                            <>
                              <Button
                                size="small"
                                icon="edit"
                                text={tt.edit}
                                onClick={() => setDialog({ kind: 'edit', row })}
                                data-testid={`trx-edit-${id}`}
                              />
                              <Link to={`/list/transactions?id=${id}`} data-testid={`trx-detail-link-${id}`}>
                                {messages.detail}
                              </Link>
                            </>
                          ) : null}
                          {reverser && status !== null && reversible({ status_id: status }) ? (
                            <Button
                              size="small"
                              icon="undo"
                              text={tt.reverse}
                              onClick={() => setDialog({ kind: 'reverse', row })}
                              data-testid={`trx-reverse-${id}`}
                            />
                          ) : null}
                        </div>
                      </div>
                      <TransactionActions row={row} department={department} statuses={statuses} />
                      {deposit && status === TRX_STATUS.depositCompleted ? (
                        <FundingPanel row={row} department={department} />
                      ) : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </HTMLTable>
      {dialog?.kind === 'lead' ? (
        <LeadInfoDialog id={Number(dialog.row.id)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'journal' ? (
        <JournalDialog id={Number(dialog.row.id)} statuses={statuses} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditTransactionDialog row={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'reverse' ? (
        <ReverseTransactionDialog id={Number(dialog.row.id)} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
