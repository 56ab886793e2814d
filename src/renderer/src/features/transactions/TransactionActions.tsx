import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { RecordRow } from '../../../../shared/contract';
import {
  APPROVAL,
  DEFAULT_BANK_CURRENCY_ID,
  DEFAULT_PLATFORM_CURRENCY_ID,
  GATEWAYS,
  TRX_STATUS as S,
  TRANSACTION_TYPES,
} from '../../../../shared/domain/transaction-flow';
import { formatDecimalTr } from '../../../../shared/domain/decimal';
import { moneyMessages } from '../../../../shared/i18n/money-messages';
import { transactionMessages } from '../../../../shared/i18n/transaction-messages';
import { transactionTexts as tt } from '../../i18n/transaction-texts';
import { AmountInput, type AmountReading, useAmountReading } from './AmountInput';
import { numberCell, textCell, type StatusIndex } from './transaction-queries';
import { AMOUNT_STEPS, nextStatusesFor, stepOwningStatus } from '../../../../shared/domain/transaction-state';
import { useTransactionAction } from './use-transaction-action';

export type TransactionActionsProps = {
  row: RecordRow;
  department: string;
  statuses: StatusIndex;
};

/** Steps the panels offer themselves; the plain next-status buttons leave them out. */
/**
 * A stored amount as the text its input starts with, written the Turkish way ('1000.50' -> '1.000,50'):
 * the money reader reads it back to the same amount, as it reads what people type.
 */
function amountText(row: RecordRow, name: string): string {
  const stored = textCell(row, name);
  return stored === '' ? '' : (formatDecimalTr(stored) ?? stored);
}

/** A typed amount the reader refuses: its step's button waits until it is corrected. */
function isRefused(read: AmountReading, text: string): boolean {
  return !read.reading.ok && text.trim() !== '';
}

const FINANCE_STEPS: readonly number[] = [S.financeApproved, S.financeCancelled, S.financeRejected];
const RISK_STEPS: readonly number[] = [S.depositCompleted, S.riskApproved, S.riskCancelled, S.riskRejected];

type CancelOrRejectProps = {
  canCancel: boolean;
  canReject: boolean;
  cancelCall: 'transactionDepositCanceled' | 'transactionRiskCanceled';
  rejectCall: 'transactionDepositBlocked' | 'transactionRiskBlocked';
  id: number;
  testPrefix: 'trx-finance' | 'trx-risk';
};

/** Finance's and risk's last two choices: cancel, or reject with a reason (what the flow allows now). */
function CancelOrReject(props: CancelOrRejectProps): ReactNode {
  const { canCancel, canReject, cancelCall, rejectCall, id, testPrefix } = props;
  const action = useTransactionAction();
  const [reason, setReason] = useState('');
  const params = { id };
  return (
    <div className="trx-inline-form">
      {canCancel ? (
        <Button
          icon="disable"
          text={tt.cancelTransaction}
          loading={action.pending === cancelCall}
          onClick={() => void action.run(cancelCall, { params, body: {} })}
          data-testid={`${testPrefix}-cancel`}
        />
      ) : null}
      {canReject ? (
        <>
          <InputGroup
            className="trx-grow"
            placeholder={tt.rejectReason}
            value={reason}
            onValueChange={setReason}
            data-testid={`${testPrefix}-reason`}
          />
          <Button
            intent="danger"
            icon="thumbs-down"
            text={tt.reject}
            loading={action.pending === rejectCall}
            onClick={() => void action.run(rejectCall, { params, body: { comment: reason } })}
            data-testid={`${testPrefix}-reject`}
          />
        </>
      ) : null}
    </div>
  );
}

function FinancePanel({ row, id, next }: { row: RecordRow; id: number; next: readonly number[] }): ReactNode {
  const action = useTransactionAction();
  const deposit = textCell(row, 'type') === TRANSACTION_TYPES.deposit;
  const gateway = numberCell(row, 'gateway_id');
  const [delivery, setDelivery] = useState(textCell(row, 'delivery_iban'));
  const [amount, setAmount] = useState(amountText(row, 'amount'));
  const [currency, setCurrency] = useState(String(DEFAULT_BANK_CURRENCY_ID));
  const [tried, setTried] = useState(false);
  const bank = useAmountReading(amount, moneyMessages.bankAmountLabel, currency);
  const params = { id };
  return (
    <div className="trx-panel" data-testid="trx-finance-panel">
      <h4>{tt.financePanel}</h4>
      {deposit && gateway === GATEWAYS.creditCard ? (
        <Callout intent="primary" icon="credit-card" data-testid="trx-card-pending">
          {transactionMessages.cardPaymentPending}
        </Callout>
      ) : null}
      {deposit && gateway !== GATEWAYS.creditCard ? (
        <div className="trx-inline-form">
          <FormGroup label={tt.deliveryAccount} className="trx-grow">
            <InputGroup value={delivery} onValueChange={setDelivery} data-testid="trx-delivery" />
          </FormGroup>
          <Button
            text={tt.deliverySave}
            loading={action.pending === 'transactionDeliveryIban'}
            onClick={() =>
              void action.run('transactionDeliveryIban', { params, body: { delivery_iban: delivery } })
            }
            data-testid="trx-delivery-save"
          />
        </div>
      ) : null}
      {next.includes(S.financeApproved) ? (
        <div className="trx-inline-form">
          <AmountInput
            label={tt.bankAmount}
            currencyLabel={tt.bankCurrency}
            amount={amount}
            currency={currency}
            onAmount={setAmount}
            onCurrency={setCurrency}
            read={bank}
            showRequired={tried}
            testId="trx-bank"
          />
          <Button
            intent="success"
            icon="thumbs-up"
            text={tt.approve}
            loading={
              action.pending === 'transactionDepositOk' || action.pending === 'transactionFinansOkWithdrawal'
            }
            disabled={isRefused(bank, amount)}
            onClick={() => {
              setTried(true);
              if (!bank.reading.ok) return;
              const body = { amount_bank: bank.reading.value, bank_currency_id: currency };
              void (deposit
                ? action.run('transactionDepositOk', { params, body })
                : action.run('transactionFinansOkWithdrawal', { params, body }));
            }}
            data-testid="trx-finance-approve"
          />
        </div>
      ) : null}
      <CancelOrReject
        canCancel={next.includes(S.financeCancelled)}
        canReject={next.includes(S.financeRejected)}
        cancelCall="transactionDepositCanceled"
        rejectCall="transactionDepositBlocked"
        id={id}
        testPrefix="trx-finance"
      />
    </div>
  );
}

function RiskPanel({ row, id, next }: { row: RecordRow; id: number; next: readonly number[] }): ReactNode {
  const action = useTransactionAction();
  const deposit = textCell(row, 'type') === TRANSACTION_TYPES.deposit;
  const [platformAmount, setPlatformAmount] = useState('');
  const [platformCurrency, setPlatformCurrency] = useState(String(DEFAULT_PLATFORM_CURRENCY_ID));
  const [bankAmount, setBankAmount] = useState(amountText(row, 'amount_bank'));
  const [bankCurrency, setBankCurrency] = useState(String(DEFAULT_BANK_CURRENCY_ID));
  const [tried, setTried] = useState(false);
  const platform = useAmountReading(platformAmount, moneyMessages.platformAmountLabel, platformCurrency);
  const bank = useAmountReading(bankAmount, moneyMessages.bankAmountLabel, bankCurrency);
  const typedRefused = isRefused(platform, platformAmount) || (!deposit && isRefused(bank, bankAmount));
  const params = { id };
  const canApprove = next.includes(deposit ? S.depositCompleted : S.riskApproved);
  return (
    <div className="trx-panel" data-testid="trx-risk-panel">
      <h4>{tt.riskPanel}</h4>
      {canApprove ? (
        <div className="trx-inline-form">
          <AmountInput
            label={tt.platformAmount}
            currencyLabel={tt.platformCurrency}
            amount={platformAmount}
            currency={platformCurrency}
            onAmount={setPlatformAmount}
            onCurrency={setPlatformCurrency}
            read={platform}
            showRequired={tried}
            testId="trx-platform"
          />
          {deposit ? null : (
            <AmountInput
              label={tt.bankAmount}
              currencyLabel={tt.bankCurrency}
              amount={bankAmount}
              currency={bankCurrency}
              onAmount={setBankAmount}
              onCurrency={setBankCurrency}
              read={bank}
              showRequired={tried}
              testId="trx-risk-bank"
            />
          )}
          <Button
            intent="success"
            icon="thumbs-up"
            text={tt.approve}
            loading={
              action.pending === 'transactionRiskOk' || action.pending === 'transactionRiskOkWithdrawal'
            }
            disabled={typedRefused}
            onClick={() => {
              setTried(true);
              if (!platform.reading.ok) return;
              const booked = {
                amount_platform: platform.reading.value,
                platform_currency_id: platformCurrency,
              };
              if (deposit) {
                void action.run('transactionRiskOk', { params, body: booked });
                return;
              }
              if (!bank.reading.ok) return;
              void action.run('transactionRiskOkWithdrawal', {
                params,
                body: { ...booked, amount_bank: bank.reading.value, bank_currency_id: bankCurrency },
              });
            }}
            data-testid="trx-risk-approve"
          />
        </div>
      ) : null}
      <CancelOrReject
        canCancel={next.includes(S.riskCancelled)}
        canReject={next.includes(S.riskRejected)}
        cancelCall="transactionRiskCanceled"
        rejectCall="transactionRiskBlocked"
        id={id}
        testPrefix="trx-risk"
      />
    </div>
  );
}

/**
 * What the user's department may do with one transaction now (see docs/requirements.md#task-customer-and-money-states, #departments-and-permissions): finance's panel while the
 * flow gives finance a decision, risk's panel after finance approved and while risk has not decided, and
 * the other next statuses of the flow as buttons sent straight to changeStatus. Other departments see
 * nothing to press. The server checks every step again.
 */
export function TransactionActions({ row, department, statuses }: TransactionActionsProps): ReactNode {
  const action = useTransactionAction();
  const id = numberCell(row, 'id');
  const status = numberCell(row, 'status_id');
  if (id === null || status === null) return null;
  const next = nextStatusesFor(statuses.byId.get(status)?.flow, department, textCell(row, 'type'));
  const riskOpen = [null, 0].includes(numberCell(row, 'risk_approve_status'));
  const financeStage = department === 'finance' && FINANCE_STEPS.some((step) => next.includes(step));
  const riskStage =
    department === 'risk' &&
    riskOpen &&
    numberCell(row, 'finance_approve_status') === APPROVAL.approved &&
    RISK_STEPS.some((step) => next.includes(step));
  const covered = financeStage ? FINANCE_STEPS : riskStage ? RISK_STEPS : [];
  // Approvals need amounts: they are offered only through the panels' forms.
  const type = textCell(row, 'type');
  const plain = next.filter((step) => {
    const owner = stepOwningStatus(step, type);
    return !covered.includes(step) && !(owner !== null && AMOUNT_STEPS.has(owner));
  });
  if (!financeStage && !riskStage && plain.length === 0) return null;
  return (
    <div className="trx-actions" data-testid="trx-actions">
      {financeStage ? <FinancePanel row={row} id={id} next={next} /> : null}
      {riskStage ? <RiskPanel row={row} id={id} next={next} /> : null}
      {plain.length > 0 ? (
        <div className="trx-panel" data-testid="trx-next-statuses">
          <h4>{tt.nextStatus}</h4>
          <div className="trx-inline-form">
            {plain.map((step) => (
              <Button
                key={step}
                text={statuses.byId.get(step)?.label ?? String(step)}
                loading={action.pending === 'transactionChangeStatus'}
                onClick={() =>
                  void action.run('transactionChangeStatus', { params: { id }, body: { status_id: step } })
                }
                data-testid={`trx-next-${step}`}
              />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
