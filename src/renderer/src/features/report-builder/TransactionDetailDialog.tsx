import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Spinner,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FieldMeta, RecordRow } from '../../../../shared/contract';
import { format } from '../../../../shared/i18n/messages';
import { useRecordRow } from '../../api/record-row';
import { useCrmQuery } from '../../api/use-crm-call';
import { cellText, FieldValue } from '../../components/field-renderers';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';

/** The transactions' table: the report builder's own detail modal opens its rows. */
export const TRANSACTIONS_TABLE = 'transactions';

/** The lead info of a transaction (see docs/requirements.md#lead-money-task-and-report-data), in the spec's order. */
const LEAD_INFO_FIELDS = ['name', 'phone', 'tc', 'address', 'ilce', 'city', 'email'] as const;

function FieldRows({ fields, row }: { fields: readonly FieldMeta[]; row: RecordRow }): ReactNode {
  return (
    <>
      {fields.map((field) => (
        <tr key={field.name} data-testid={`trx-detail-${field.name}`}>
          <th scope="row">{field.display_name}</th>
          <td>
            {cellText(row[field.name]) === '' ? (
              <span className={Classes.TEXT_MUTED}>—</span>
            ) : (
              <FieldValue
                value={row[field.name]}
                field={{
                  name: field.name,
                  displayName: field.display_name,
                  component: field.component.name,
                  options: field.options,
                }}
                row={row}
              />
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

type TransactionDetailDialogProps = {
  id: number | null;
  onClose: () => void;
  /** admin and sales_manager get the link to the transaction list (see docs/requirements.md#departments-and-permissions). */
  canOpenList: boolean;
};

/**
 * The report builder's transaction-detail modal (see docs/requirements.md#lead-workspace-and-work-screens): the transaction's fields as the user may read
 * them, its customer's lead info (POST /transaction/leadInfo), and links to the customer's lead detail and
 * to the transaction in its list.
 */
export function TransactionDetailDialog({
  id,
  onClose,
  canOpenList,
}: TransactionDetailDialogProps): ReactNode {
  const open = id !== null;
  const record = useRecordRow({ params: { table: TRANSACTIONS_TABLE, id: id ?? 1 } }, { enabled: open });
  const lead = useCrmQuery('transactionLeadInfo', { params: { trx: id ?? 1 } }, { enabled: open });
  const customerId = record.data ? Number(record.data.results.customer_id) : NaN;
  return (
    <Dialog
      isOpen={open}
      onClose={onClose}
      title={format(texts.trxDetailTitle, { id: id ?? '' })}
      icon="bank-account"
      className="trx-detail-dialog"
    >
      <DialogBody>
        {record.error ? (
          <Callout intent="danger" icon="error" title={texts.trxLoadFailed}>
            {record.error.message}
          </Callout>
        ) : !record.data ? (
          <Spinner size={24} />
        ) : (
          <HTMLTable compact className="trx-detail-table">
            <tbody>
              <FieldRows fields={record.data.fields} row={record.data.results} />
            </tbody>
          </HTMLTable>
        )}
        {lead.data ? (
          <>
            <h4 className="trx-detail-heading">{texts.trxCustomer}</h4>
            <HTMLTable compact className="trx-detail-table" data-testid="trx-detail-lead">
              <tbody>
                {LEAD_INFO_FIELDS.map((name) => (
                  <tr key={name}>
                    <th scope="row">{texts.leadInfo[name]}</th>
                    <td>{lead.data.result[name] ?? <span className={Classes.TEXT_MUTED}>—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {Number.isSafeInteger(customerId) && customerId > 0 ? (
              <Link
                className={Classes.BUTTON}
                to={`/leadDetail/${customerId}`}
                data-testid="trx-detail-lead-link"
              >
                {texts.trxOpenCustomer}
              </Link>
            ) : null}
            {canOpenList && id !== null ? (
              <Link
                className={Classes.BUTTON}
                to={`/list/${TRANSACTIONS_TABLE}?id=${id}`}
                data-testid="trx-detail-list-link"
              >
                {texts.trxInList}
              </Link>
            ) : null}
            <Button text={texts.close} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
