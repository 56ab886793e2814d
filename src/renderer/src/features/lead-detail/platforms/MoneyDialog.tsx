import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  DEFAULT_LEVERAGE,
  DEFAULT_PLATFORM_CURRENCY_ID,
  PLATFORM_AMOUNT_DECIMALS,
} from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { moneyMessages } from '../../../../../shared/i18n/money-messages';
import { platformMessages } from '../../../../../shared/i18n/platform-messages';
import { useCrmMutation } from '../../../api/use-crm-call';
import { MoneyInput, useMoneyReading } from '../../../ui/MoneyInput';
import { useNotifier } from '../../../ui/toaster';
import { useCurrencyCode } from '../../transactions';
import { platformTexts as t } from '../../../i18n/platform-texts';
import { useRefreshCalls } from '../lead-queries';
import { accountBody, type PlatformAccount } from './account-query';
import { ACCOUNT_CALLS } from './platform-views';

export type MoneyDialogProps = {
  account: PlatformAccount;
  direction: 'deposit' | 'withdrawal';
  onClose: () => void;
  /** The move was recorded: show the account's operations, where it goes on to done or failed. */
  onQueued: () => void;
};

/** One key per dialog: sent twice (a double click, a retry after a lost answer), it is recorded once. */
function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Deposit or withdrawal on a platform account (risk only, docs/requirements.md#money-importer-and-lead-input, #departments-and-permissions): amount as free text read by the
 * money reader in the ledger's cents and shown back in the platform currency (list 148 id 1), leverage
 * 100 unless changed. The server records the move and a job sends it (docs/money.md#platform-operations):
 * 'Başarılı' once recorded, and the account's operations show it going on to done or failed; 'Hata' with
 * the spec's text when it is refused at once (see docs/requirements.md#messages-the-user-reads), the server's reason beneath it. The dialog
 * keeps its values after a failure.
 */
export function MoneyDialog({ account, direction, onClose, onQueued }: MoneyDialogProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const mutation = useCrmMutation(direction === 'deposit' ? 'createDeposit' : 'createWithdrawal');
  const [amount, setAmount] = useState('');
  const [leverage, setLeverage] = useState(String(DEFAULT_LEVERAGE));
  const [requestKey] = useState(newRequestKey);
  const [tried, setTried] = useState(false);
  const currency = useCurrencyCode(String(DEFAULT_PLATFORM_CURRENCY_ID));
  const reading = useMoneyReading(amount, {
    field: moneyMessages.amountLabel,
    currency,
    decimals: PLATFORM_AMOUNT_DECIMALS,
  });

  const submit = (): void => {
    setTried(true);
    if (!reading.ok) return;
    mutation.mutate(
      { body: { ...accountBody(account), amount: reading.value, leverage, idempotency_key: requestKey } },
      {
        onSuccess: (answer) => {
          notifier.success(`${platformMessages.success}: ${answer.msg}`);
          refresh(...ACCOUNT_CALLS, 'getPlatformOperations');
          onQueued();
          onClose();
        },
        onError: (failure) => {
          notifier.danger(platformMessages.error, `${platformMessages.moneyFailed} (${failure.message})`);
        },
      },
    );
  };

  const title = format(direction === 'deposit' ? t.depositTitle : t.withdrawalTitle, {
    login: account.login,
  });
  return (
    <Dialog isOpen onClose={onClose} title={title} icon={direction === 'deposit' ? 'plus' : 'minus'}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <MoneyInput
            id="platform-amount"
            label={t.amount}
            hint={t.amountHint}
            autoFocus
            text={amount}
            onText={setAmount}
            reading={reading}
            currency={currency}
            showRequired={tried}
            testId="platform-amount"
          />
          <FormGroup label={t.leverage} labelFor="platform-leverage">
            <InputGroup
              id="platform-leverage"
              value={leverage}
              onValueChange={setLeverage}
              inputMode="numeric"
              data-testid="platform-leverage"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} data-testid="platform-money-cancel" />
              <Button
                type="submit"
                intent="primary"
                text={t.send}
                loading={mutation.isPending}
                data-testid="platform-money-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
