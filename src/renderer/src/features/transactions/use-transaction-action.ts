import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallInput } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import { transactionMessages } from '../../../../shared/i18n/transaction-messages';
import { callCrm } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { invalidateTransactions } from './transaction-queries';

/** The workflow calls of docs/requirements.md#calls "Transaction actions". */
export type TransactionActionCall =
  | 'transactionChangeStatus'
  | 'transactionChangeComment'
  | 'transactionDeliveryIban'
  | 'transactionDepositOk'
  | 'transactionDepositCanceled'
  | 'transactionDepositBlocked'
  | 'transactionRiskOk'
  | 'transactionRiskOkWithdrawal'
  | 'transactionFinansOkWithdrawal'
  | 'transactionRiskCanceled'
  | 'transactionRiskBlocked';

export interface TransactionActionRunner {
  readonly pending: TransactionActionCall | null;
  run<N extends TransactionActionCall>(name: N, input: CallInput<N>): Promise<boolean>;
}

/**
 * Runs one step: on success a toast and every transaction list reloads (see docs/requirements.md#task-customer-and-money-states "after success the list
 * reloads"); on failure the server's text in a 'Hata' toast for 5 s (see docs/requirements.md#messages-the-user-reads).
 */
export function useTransactionAction(): TransactionActionRunner {
  const bridge = useBridge();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TransactionActionCall | null>(null);
  return {
    pending,
    async run(name, input) {
      setPending(name);
      try {
        const answer = await callCrm(bridge, name, input);
        notifier.success(answer.msg || transactionMessages.saved);
        invalidateTransactions(queryClient);
        return true;
      } catch (error) {
        notifier.danger(messages.error, error instanceof Error ? error.message : messages.serverError);
        return false;
      } finally {
        setPending(null);
      }
    },
  };
}
