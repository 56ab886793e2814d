import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { DEFAULT_LEVERAGE, parsePlatformAmount } from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { platformMessages } from '../../../../../shared/i18n/platform-messages';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { platformTexts as t } from '../../../i18n/platform-texts';
import { useRefreshCalls } from '../lead-queries';
import { accountBody, type PlatformAccount } from './account-query';
import { ACCOUNT_CALLS } from './platform-views';

export type MoneyDialogProps = {
  account: PlatformAccount;
  direction: 'deposit' | 'withdrawal';
  onClose: () => void;
};

/**
 * Deposit or withdrawal on a platform account (risk only, docs/requirements.md#money-importer-and-lead-input, #departments-and-permissions): amount as free text, leverage
 * 100 unless changed. 'Başarılı' on success; 'Hata' with the spec's text otherwise (see docs/requirements.md#messages-the-user-reads), and the
 * server's reason beneath it. The dialog keeps its values after a failure.
 */
export function MoneyDialog({ account, direction, onClose }: MoneyDialogProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const mutation = useCrmMutation(direction === 'deposit' ? 'createDeposit' : 'createWithdrawal');
  const [amount, setAmount] = useState('');
  const [leverage, setLeverage] = useState(String(DEFAULT_LEVERAGE));
  const [error, setError] = useState<string | null>(null);

  const submit = (): void => {
    if (parsePlatformAmount(amount) === null) {
      setError(platformMessages.amountInvalid);
      return;
    }
    setError(null);
    mutation.mutate(
      { body: { ...accountBody(account), amount, leverage } },
      {
        onSuccess: () => {
          notifier.success(platformMessages.success);
          refresh(...ACCOUNT_CALLS);
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
          <FormGroup label={t.amount} labelFor="platform-amount" helperText={t.amountHint}>
            <InputGroup
              id="platform-amount"
              autoFocus
              value={amount}
              onValueChange={setAmount}
              inputMode="decimal"
              data-testid="platform-amount"
            />
          </FormGroup>
          <FormGroup label={t.leverage} labelFor="platform-leverage">
            <InputGroup
              id="platform-leverage"
              value={leverage}
              onValueChange={setLeverage}
              inputMode="numeric"
              data-testid="platform-leverage"
            />
          </FormGroup>
          {error ? (
            <Callout intent="danger" icon="error" data-testid="platform-money-error">
              {error}
            </Callout>
          ) : null}
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
