import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CallResult } from '../../../../../shared/contract';
import {
  OPTION_LIST_IDS,
  PLATFORM_ACCOUNT_TYPES,
  type PlatformAccountType,
} from '../../../../../shared/domain';
import { platformMessages } from '../../../../../shared/i18n/platform-messages';
import { useOptions } from '../../../api/options';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { platformTexts as t } from '../../../i18n/platform-texts';
import { PLATFORM_TABLE } from './platform-views';

export type AddPlatformFormProps = { leadId: number };

/**
 * Add platform (see docs/requirements.md#lead-workspace-and-work-screens, #money-importer-and-lead-input): login required, type Real or Demo, whitelabel from option list 154. The
 * server opens the account on the platform and fills name, phone and e-mail from the lead. MT5 answers
 * the new account's passwords once; they are shown here until the next account is added.
 */
export function AddPlatformForm({ leadId }: AddPlatformFormProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const whitelabels = useOptions(OPTION_LIST_IDS.whitelabels);
  const create = useCrmMutation('createPlatform');
  const [login, setLogin] = useState('');
  const [type, setType] = useState<PlatformAccountType>('Real');
  const [whitelabel, setWhitelabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CallResult<'createPlatform'> | null>(null);

  const submit = (): void => {
    if (login.trim() === '') {
      setError(platformMessages.loginRequired);
      return;
    }
    setError(null);
    create.mutate(
      { body: { customer_id: leadId, login: login.trim(), type, whitelabel_id: whitelabel } },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setLogin('');
          notifier.success(answer.msg);
          void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(PLATFORM_TABLE) });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="platform-add-form"
      data-testid="platform-add-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="platform-add-fields">
        <FormGroup label={t.login} labelFor="platform-login" labelInfo="*">
          <InputGroup
            id="platform-login"
            value={login}
            onValueChange={setLogin}
            inputMode="numeric"
            data-testid="platform-login"
          />
        </FormGroup>
        <FormGroup label={t.type} labelFor="platform-type">
          <HTMLSelect
            id="platform-type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value as PlatformAccountType)}
            options={PLATFORM_ACCOUNT_TYPES.map((value) => ({ value, label: value }))}
            data-testid="platform-type"
          />
        </FormGroup>
        <FormGroup label={t.whitelabel} labelFor="platform-whitelabel">
          <HTMLSelect
            id="platform-whitelabel"
            value={whitelabel}
            onChange={(event) => setWhitelabel(event.currentTarget.value)}
            options={[
              { value: '', label: t.noWhitelabel },
              ...(whitelabels.data?.items ?? []).map((item) => ({
                value: String(item.value),
                label: item.label,
              })),
            ]}
            data-testid="platform-whitelabel"
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          icon="add"
          text={t.add}
          loading={create.isPending}
          className="platform-add-submit"
          data-testid="platform-add-submit"
        />
      </div>
      {error ? (
        <Callout intent="danger" icon="error" className="lead-tab-callout" data-testid="platform-add-error">
          {error}
        </Callout>
      ) : null}
      {created?.password ? (
        <Callout intent="primary" icon="key" title={t.passwordsTitle} className="lead-tab-callout">
          <div>
            {t.login}: <code>{created.login}</code>
          </div>
          <div>
            {t.mainPassword}: <code>{created.password}</code>
          </div>
          {created.investor_password ? (
            <div>
              {t.investorPassword}: <code>{created.investor_password}</code>
            </div>
          ) : null}
        </Callout>
      ) : null}
    </form>
  );
}
