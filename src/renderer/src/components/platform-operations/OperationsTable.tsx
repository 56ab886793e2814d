import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { PlatformOperation } from '../../../../shared/contract';
import { formatDateTimeTr, formatDecimalTr, OPTION_LIST_IDS } from '../../../../shared/domain';
import { useOptions } from '../../api/options';
import { platformOperationTexts as t } from '../../i18n/platform-operation-texts';
import { OperationStateTag } from './OperationStateTag';
import './platform-operations.css';

export type OperationsTableProps = {
  operations: readonly PlatformOperation[];
  /** The deposit column (the account's list); a deposit's own list leaves it out. */
  showTransaction?: boolean;
};

/** Money as Turkish readers write it, with the currency where the operation has one. */
export function operationAmountText(
  operation: Pick<PlatformOperation, 'amount' | 'direction' | 'currency_id'>,
  currencyLabel: (id: number) => string | undefined,
): string {
  const signed = operation.direction === 'withdrawal' ? `-${operation.amount}` : operation.amount;
  const code = operation.currency_id === null ? '' : (currencyLabel(operation.currency_id) ?? '');
  return `${formatDecimalTr(signed) ?? signed} ${code}`.trim();
}

/** Platform operations, newest first: what was asked, where it stands, and the platform's word on it. */
export function OperationsTable({ operations, showTransaction = true }: OperationsTableProps): ReactNode {
  const currencies = useOptions(OPTION_LIST_IDS.currencies).data;
  const currencyLabel = (id: number) => currencies?.byValue.get(String(id))?.label;
  return (
    <div className="lead-table-scroll">
      <HTMLTable compact striped className="lead-table platform-table" data-testid="platform-operations">
        <thead>
          <tr>
            <th>{t.columnId}</th>
            <th>{t.columnCreated}</th>
            <th>{t.columnDirection}</th>
            <th className="is-numeric">{t.columnAmount}</th>
            <th>{t.columnState}</th>
            <th>{t.columnMessage}</th>
            <th>{t.columnTicket}</th>
            <th>{t.columnAttempts}</th>
            <th>{t.columnBy}</th>
            {showTransaction ? <th>{t.columnTransaction}</th> : null}
          </tr>
        </thead>
        <tbody>
          {operations.map((operation) => (
            <tr key={operation.id} data-testid={`platform-operation-${operation.id}`}>
              <td>#{operation.id}</td>
              <td>{formatDateTimeTr(operation.created_at)}</td>
              <td>{operation.direction === 'deposit' ? t.deposit : t.withdrawal}</td>
              <td className="is-numeric">{operationAmountText(operation, currencyLabel)}</td>
              <td>
                <OperationStateTag operation={operation} />
              </td>
              <td className="operation-message" data-testid={`operation-message-${operation.id}`}>
                {operation.message ?? ''}
              </td>
              <td>{operation.ticket ?? '—'}</td>
              <td>{operation.attempts}</td>
              <td>{operation.created_by_name ?? '—'}</td>
              {showTransaction ? (
                <td>{operation.transaction_id === null ? '—' : `#${operation.transaction_id}`}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
