import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  H4,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { CallResult } from '../../../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../../../shared/domain';
import { GATEWAYS, TRANSACTION_TYPES } from '../../../../../shared/domain/transaction-flow';
import { messages } from '../../../../../shared/i18n/messages';
import { moneyMessages } from '../../../../../shared/i18n/money-messages';
import { transactionMessages as t } from '../../../../../shared/i18n/transaction-messages';
import { useOptions } from '../../../api/options';
import { usePermissions } from '../../../api/permissions';
import { useTableData } from '../../../api/table-data';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { TurkishDateInput } from '../../../components/date-input';
import { transactionTexts as tt } from '../../../i18n/transaction-texts';
import {
  AmountInput,
  customerQuery,
  useAmountReading,
  invalidateTransactions,
  TRANSACTIONS_TABLE,
  TransactionTable,
  useTransactionStatuses,
  useTransactionUpdates,
} from '../../transactions';
import { insertFailureText } from '../../../components/record-form';
import { RemittersTab } from '../remitters/RemittersTab';
import { remittersQuery } from '../remitters/remitters';
import { TabState } from '../TabState';
import { emptyMoneyForm, moneyFormError, moneyInputs, type MoneyFormValues } from './money-form';

type Eligibility = CallResult<'transactionEligibility'>;

/** docs/requirements.md#money-importer-and-lead-input: what stands between this lead and money instructions, in words the agent can act on. */
function EligibilityNotice({ eligibility }: { eligibility: Eligibility }): ReactNode {
  if (!eligibility.is_customer) {
    return (
      <Callout intent="warning" icon="swap-horizontal" data-testid="trx-convert-first">
        {t.convertFirst}
      </Callout>
    );
  }
  if (eligibility.missing.length > 0) {
    return (
      <Callout intent="warning" icon="warning-sign" data-testid="trx-missing-fields">
        <p>{tt.missingIntro}</p>
        <ul>
          {eligibility.missing.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      </Callout>
    );
  }
  return (
    <Callout intent="warning" icon="offline" title={t.noPlatform} data-testid="trx-no-platform">
      {t.noPlatformDetail}
    </Callout>
  );
}

function CreateForm({ leadId, eligibility }: { leadId: number; eligibility: Eligibility }): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const gateways = useOptions(OPTION_LIST_IDS.gateways);
  const remitters = useTableData(
    'lead_remitters',
    useMemo(() => remittersQuery(leadId), [leadId]),
  );
  const insert = useCrmMutation('inlineSave');
  const [values, setValues] = useState<MoneyFormValues>(() => ({
    ...emptyMoneyForm(),
    login: eligibility.platforms[0]?.login ?? '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // A change answers the last refusal: it is not left standing over a corrected form.
  const set = (patch: Partial<MoneyFormValues>): void => {
    setError(null);
    setValues((current) => ({ ...current, ...patch }));
  };
  const withdrawal = values.type === TRANSACTION_TYPES.withdrawal;
  const gateway = Number(values.gateway_id);
  const amount = useAmountReading(values.amount, moneyMessages.amountLabel, values.currency_id);

  const submit = (): void => {
    setTried(true);
    const problem = moneyFormError(values, amount.currency);
    setError(problem);
    if (problem !== null) return;
    insert.mutate(
      {
        body: {
          table: TRANSACTIONS_TABLE,
          type: 'insert',
          inputs: moneyInputs(leadId, values, amount.currency),
        },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setError(insertFailureText(answer.message));
            return;
          }
          setValues({ ...emptyMoneyForm(), login: values.login });
          setTried(false);
          notifier.success(messages.savedSuccessfully);
          invalidateTransactions(queryClient);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="trx-create"
      data-testid="trx-create-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <H4>{tt.createTitle}</H4>
      <div className="trx-create-grid">
        <FormGroup label={tt.type} labelInfo="*">
          <HTMLSelect
            fill
            value={values.type}
            onChange={(event) => set({ type: event.currentTarget.value })}
            data-testid="trx-form-type"
            options={[
              { value: TRANSACTION_TYPES.deposit, label: `${tt.deposit} (${TRANSACTION_TYPES.deposit})` },
              {
                value: TRANSACTION_TYPES.withdrawal,
                label: `${tt.withdrawal} (${TRANSACTION_TYPES.withdrawal})`,
              },
            ]}
          />
        </FormGroup>
        <FormGroup label={tt.gateway} labelInfo="*">
          <HTMLSelect
            fill
            value={values.gateway_id}
            onChange={(event) => set({ gateway_id: event.currentTarget.value })}
            data-testid="trx-form-gateway"
            options={[
              { value: '', label: tt.select },
              ...(gateways.data?.items ?? []).map((item) => ({
                value: String(item.value),
                label: item.label,
              })),
            ]}
          />
        </FormGroup>
        <FormGroup label={tt.platform} labelInfo="*">
          <HTMLSelect
            fill
            value={values.login}
            onChange={(event) => set({ login: event.currentTarget.value })}
            data-testid="trx-form-login"
            options={[
              { value: '', label: tt.select },
              ...eligibility.platforms.map((platform) => ({ value: platform.login, label: platform.login })),
            ]}
          />
        </FormGroup>
        <AmountInput
          label={`${tt.amount} *`}
          currencyLabel={tt.currency}
          amount={values.amount}
          currency={values.currency_id}
          onAmount={(amount) => set({ amount })}
          onCurrency={(currency_id) => set({ currency_id })}
          read={amount}
          showRequired={tried}
          testId="trx-form"
        />
        {withdrawal && gateway === GATEWAYS.bankTransfer ? (
          <>
            <FormGroup label={tt.iban} labelInfo="*">
              <InputGroup
                value={values.iban}
                placeholder="TR00 0000 0000 0000 0000 0000 00"
                onValueChange={(iban) => set({ iban })}
                data-testid="trx-form-iban"
              />
            </FormGroup>
            <FormGroup label={tt.ibanName} labelInfo="*">
              <InputGroup
                value={values.iban_name}
                onValueChange={(iban_name) => set({ iban_name })}
                data-testid="trx-form-iban-name"
              />
            </FormGroup>
          </>
        ) : null}
        {withdrawal && gateway === GATEWAYS.cryptoWallet ? (
          <>
            <FormGroup label={tt.walletAddress} labelInfo="*">
              <InputGroup
                value={values.iban}
                onValueChange={(iban) => set({ iban })}
                data-testid="trx-form-wallet"
              />
            </FormGroup>
            <FormGroup label={tt.walletType} labelInfo="*">
              <InputGroup
                value={values.iban_name}
                placeholder="USDT (TRC20)"
                onValueChange={(iban_name) => set({ iban_name })}
                data-testid="trx-form-wallet-type"
              />
            </FormGroup>
          </>
        ) : null}
        <FormGroup label={tt.remitter}>
          <HTMLSelect
            fill
            value={values.lead_remitter_id}
            onChange={(event) => set({ lead_remitter_id: event.currentTarget.value })}
            data-testid="trx-form-remitter"
            options={[
              { value: '', label: tt.noRemitter },
              ...(remitters.data?.results ?? []).map((row) => ({
                value: String(row.id),
                label: `${String(row.name ?? '')} (#${String(row.id)})`,
              })),
            ]}
          />
        </FormGroup>
        <FormGroup label={tt.backDate}>
          <Checkbox
            checked={values.backDated}
            label={tt.date}
            onChange={(event) => set({ backDated: event.currentTarget.checked })}
            data-testid="trx-form-backdate"
          />
          {values.backDated ? (
            <TurkishDateInput
              value={values.created_at}
              onChange={(created_at) => set({ created_at })}
              withTime
            />
          ) : null}
        </FormGroup>
      </div>
      {withdrawal ? null : (
        <FormGroup label={tt.deliveryInfo}>
          <TextArea
            fill
            value={values.delivery_iban}
            onChange={(event) => set({ delivery_iban: event.currentTarget.value })}
            data-testid="trx-form-delivery"
          />
        </FormGroup>
      )}
      <FormGroup label={tt.comment} labelInfo={withdrawal ? '*' : undefined}>
        <TextArea
          fill
          value={values.comment}
          onChange={(event) => set({ comment: event.currentTarget.value })}
          data-testid="trx-form-comment"
        />
      </FormGroup>
      {error ? (
        <Callout intent="danger" icon="error" className="lead-tab-callout" data-testid="trx-form-error">
          {error}
        </Callout>
      ) : null}
      <div className="record-form-actions">
        <Button
          type="submit"
          intent="primary"
          icon="add"
          text={tt.create}
          loading={insert.isPending}
          data-testid="trx-form-submit"
        />
      </div>
    </form>
  );
}

function CustomerTransactions({ leadId, trx }: { leadId: number; trx: number | undefined }): ReactNode {
  const permissions = usePermissions();
  const statuses = useTransactionStatuses();
  const list = useTableData(
    TRANSACTIONS_TABLE,
    useMemo(() => customerQuery(leadId), [leadId]),
  );
  if (!list.data || !statuses.data || !permissions.data) return <TabState query={list} />;
  return (
    <TransactionTable
      rows={list.data.results}
      department={permissions.data.me.department}
      statuses={statuses.data}
      showCustomer={false}
      initiallyOpen={trx}
    />
  );
}

export type MoneyTabProps = { leadId: number; trx: number | undefined };

/**
 * Para Yatırma/Çekme (see docs/requirements.md#lead-workspace-and-work-screens para-islemleri): the create form when the customer may have
 * instructions (else what is missing), the customer's transactions (limit 500) with the finance and risk
 * panels of the user's department, and the third-party remitters money may come from.
 */
export function MoneyTab({ leadId, trx }: MoneyTabProps): ReactNode {
  useTransactionUpdates();
  const eligibility = useCrmQuery('transactionEligibility', { params: { id: leadId } }, { staleTime: 0 });
  const permissions = usePermissions();
  const department = permissions.data?.me.department ?? '';
  // Finance and risk act on instructions; giving them is the customer's agents' and managers' work.
  const mayCreate = !['finance', 'risk'].includes(department);
  const mayManageRemitters = (permissions.data?.tables ?? []).some(
    (table) => table.table === 'lead_remitters' && table.show === 1 && table.update === 1,
  );
  return (
    <div className="lead-tab-body" data-testid="money-tab">
      {eligibility.data ? (
        eligibility.data.is_customer &&
        eligibility.data.missing.length === 0 &&
        eligibility.data.platforms.length > 0 ? (
          mayCreate ? (
            <CreateForm leadId={leadId} eligibility={eligibility.data} />
          ) : null
        ) : (
          <EligibilityNotice eligibility={eligibility.data} />
        )
      ) : (
        <TabState query={eligibility} />
      )}
      <H4 className="trx-section-title">{tt.customerTransactions}</H4>
      <CustomerTransactions leadId={leadId} trx={trx} />
      {mayManageRemitters ? (
        <>
          <H4 className="trx-section-title">{tt.remitters}</H4>
          <RemittersTab leadId={leadId} />
        </>
      ) : null}
    </div>
  );
}
