import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { RecordRow } from '../../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { useOptions } from '../../api/options';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { refreshWhileUnsettled } from '../../components/platform-operations/operation-polling';
import { OperationStateTag } from '../../components/platform-operations/OperationStateTag';
import { operationAmountText, OperationsTable } from '../../components/platform-operations/OperationsTable';
import { platformOperationTexts as t } from '../../i18n/platform-operation-texts';
import { useNotifier } from '../../ui/toaster';
import { invalidateTransactions, numberCell, textCell } from './transaction-queries';

const FUNDING_DEPARTMENT = 'risk';

type FundDialogProps = { row: RecordRow; id: number; onClose: () => void };

/** The one step of funding: the account and the amount risk approved, shown, then sent on confirm. */
function FundDialog({ row, id, onClose }: FundDialogProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const currencies = useOptions(OPTION_LIST_IDS.currencies).data;
  const fund = useCrmMutation('transactionFund');
  const [error, setError] = useState<string | null>(null);
  const currency = numberCell(row, 'platform_currency_id');
  const amount = operationAmountText(
    { amount: textCell(row, 'amount_platform'), direction: 'deposit', currency_id: currency },
    (value) => currencies?.byValue.get(String(value))?.label,
  );
  const confirm = (): void => {
    setError(null);
    fund.mutate(
      { params: { id } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          invalidateTransactions(queryClient);
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'transactionFundings'] });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title={format(t.fundDialogTitle, { id })} icon="bank-account">
      <DialogBody>
        <dl className="trx-fund-facts">
          <dt>{t.fundAccount}</dt>
          <dd data-testid="trx-fund-login">{textCell(row, 'login')}</dd>
          <dt>{t.fundAmount}</dt>
          <dd data-testid="trx-fund-amount">{amount}</dd>
          <dt>{t.fundLeverage}</dt>
          <dd>{t.fundLeverageKept}</dd>
        </dl>
        <p className="trx-muted">{t.fundHint}</p>
        {error ? (
          <Callout intent="danger" icon="error" data-testid="trx-fund-error">
            {error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} disabled={fund.isPending} />
            <Button
              intent="primary"
              icon="bank-account"
              text={t.fund}
              loading={fund.isPending}
              onClick={confirm}
              data-testid="trx-fund-confirm"
            />
          </>
        }
      />
    </Dialog>
  );
}

export type FundingPanelProps = { row: RecordRow; department: string };

/**
 * A completed deposit's way to the trading account (docs/money.md#platform-operations): the operation
 * that funded it with its state and the platform's word, read again while it is on its way; for risk,
 * while nothing funds it, "Hesaba Aktar" with the amount risk approved.
 */
export function FundingPanel({ row, department }: FundingPanelProps): ReactNode {
  const id = numberCell(row, 'id') ?? 0;
  const [open, setOpen] = useState(false);
  const fundings = useCrmQuery(
    'transactionFundings',
    { params: { id } },
    { staleTime: 0, refetchInterval: (current) => refreshWhileUnsettled(current.state.data?.results) },
  );
  const operations = fundings.data?.results;
  const active = operations?.find((operation) => operation.state !== 'failed');
  const canFund = department === FUNDING_DEPARTMENT && operations !== undefined && active === undefined;
  return (
    <div className="trx-panel trx-funding" data-testid="trx-funding-panel">
      <h4>{t.fundingTitle}</h4>
      {fundings.isError ? <Callout intent="danger">{fundings.error.message}</Callout> : null}
      {operations ? (
        <div className="trx-funding-line" data-testid="trx-funding-state">
          {active ? (
            <>
              <span>{format(t.fundedBy, { id: active.id })}</span>
              <OperationStateTag operation={active} />
              {active.ticket ? <span>Ticket {active.ticket}</span> : null}
              {active.message ? <span>{active.message}</span> : null}
            </>
          ) : (
            <span>{t.notFunded}</span>
          )}
          {canFund ? (
            <Button
              intent="primary"
              icon="bank-account"
              text={t.fund}
              onClick={() => setOpen(true)}
              data-testid={`trx-fund-${id}`}
            />
          ) : null}
        </div>
      ) : fundings.isError ? null : (
        <span className="trx-muted">{messages.loading}</span>
      )}
      {operations && operations.length > 0 ? (
        <OperationsTable operations={operations} showTransaction={false} />
      ) : null}
      {open ? <FundDialog row={row} id={id} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
