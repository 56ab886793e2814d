import { Button, Callout, Card, FormGroup, H3, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { AppSettings, ServerCheck, ServerMode } from '../../../../shared/bridge';
import { messages } from '../../../../shared/i18n/messages';
import { appSettingsKey, useAppSettings } from '../../api/settings';
import { FullPageStatus } from '../../ui/FullPageStatus';
import { useBridge } from '../../bridge/bridge-context';
import { uiTexts } from '../../i18n/ui-texts';

function isServerMode(value: string): value is ServerMode {
  return value === 'embedded' || value === 'remote';
}

/** The address is checked by the main process (it must answer as this API); here only its shape. */
function addressError(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return uiTexts.serverAddressRequired;
  if (!/^https?:\/\/[^\s/]+/i.test(trimmed)) return uiTexts.serverAddressInvalid;
  return null;
}

export type SetupFormProps = { settings: AppSettings };

function SetupForm({ settings }: SetupFormProps): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<ServerMode>(
    settings.serverMode ?? (settings.canEmbed ? 'embedded' : 'remote'),
  );
  const [url, setUrl] = useState(settings.serverMode === 'remote' ? (settings.serverUrl ?? '') : '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [firstPassword, setFirstPassword] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    if (mode === 'remote') {
      const error = addressError(url);
      setUrlError(error);
      if (error) return;
    }
    setSaving(true);
    setFailure(null);
    let result: ServerCheck;
    try {
      result = await bridge.settings.setServer(mode === 'remote' ? { mode, url: url.trim() } : { mode });
    } catch {
      result = { ok: false, message: messages.crmAccessProblem };
    }
    setSaving(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    queryClient.setQueryData(appSettingsKey, result.settings);
    // The embedded server's first start made the demo accounts' password: shown here once.
    if (result.firstPassword) setFirstPassword(result.firstPassword);
    else void navigate('/login', { replace: true });
  };

  if (firstPassword !== null) {
    return (
      <div className="login-page">
        <Card className="setup-card" elevation={2}>
          <H3>{uiTexts.embeddedPasswordTitle}</H3>
          <Callout intent="warning" data-testid="setup-first-password">
            <p>{uiTexts.embeddedPasswordText}</p>
            <code className="setup-password">{firstPassword}</code>
          </Callout>
          <Button
            intent="primary"
            fill
            size="large"
            text={uiTexts.continueToLogin}
            onClick={() => void navigate('/login', { replace: true })}
            data-testid="setup-continue"
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="login-page">
      <Card className="setup-card" elevation={2}>
        <H3>{uiTexts.setupTitle}</H3>
        <p className="setup-intro">{uiTexts.setupIntro}</p>
        {failure ? (
          <Callout intent="danger" className="login-error" data-testid="setup-error">
            {failure}
          </Callout>
        ) : null}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <RadioGroup
            selectedValue={mode}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isServerMode(value)) setMode(value);
            }}
          >
            {settings.canEmbed ? (
              <Radio value="embedded" label={messages.useEmbeddedServer} data-testid="setup-embedded" />
            ) : null}
            <Radio value="remote" label={uiTexts.useRemoteServer} data-testid="setup-remote" />
          </RadioGroup>
          {mode === 'remote' ? (
            <FormGroup
              label={messages.serverAddress}
              labelFor="setup-url"
              intent={urlError ? 'danger' : 'none'}
              helperText={urlError}
            >
              <InputGroup
                id="setup-url"
                type="url"
                placeholder={uiTexts.serverAddressPlaceholder}
                value={url}
                intent={urlError ? 'danger' : 'none'}
                onValueChange={setUrl}
                autoFocus
                data-testid="setup-url"
              />
            </FormGroup>
          ) : null}
          <Button
            type="submit"
            intent="primary"
            fill
            size="large"
            loading={saving}
            text={messages.connect}
            data-testid="setup-submit"
          />
        </form>
      </Card>
    </div>
  );
}

/** /setup: the desktop app's first run (and "change address"): embedded demo server or a company address. */
export function SetupPage(): ReactNode {
  const bridge = useBridge();
  const settings = useAppSettings();
  // A page served by its CRM server cannot point itself elsewhere.
  if (bridge.edition === 'web') return <Navigate to="/" replace />;
  if (settings.isPending) return <FullPageStatus text={messages.loading} />;
  if (settings.isError) {
    return (
      <div className="full-page-status">
        <Callout intent="danger">{settings.error.message}</Callout>
      </div>
    );
  }
  return <SetupForm settings={settings.data} />;
}
