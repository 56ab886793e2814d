import { Button, Callout, Card, Checkbox, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { LoginOutcome } from '../../../../shared/bridge';
import { contract } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';
import { crmKeys } from '../../api/query-keys';
import { useAppSettings } from '../../api/settings';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { uiTexts } from '../../i18n/ui-texts';
import { returnPath } from './return-path';

type LoginField = 'email' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;
type LoginFailure = { title: string; detail: string };

/** The contract's own schema checks the form, so the Turkish "required" texts live in one place. */
function validateForm(email: string, password: string): FieldErrors {
  const parsed = contract.login.body.safeParse({ email, password });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return errors;
}

export function LoginPage(): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useAppSettings();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Desktop first run: there is no server to log in to yet.
  if (settings.data && settings.data.serverUrl === null) return <Navigate to="/setup" replace />;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateForm(email, password);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    setSubmitting(true);
    setFailure(null);
    let outcome: LoginOutcome;
    try {
      outcome = await bridge.session.login({ email: email.trim(), password, remember });
    } catch {
      outcome = { success: false, msg: messages.crmAccessProblem, networkError: true };
    }
    setSubmitting(false);

    if (outcome.success) {
      // A different user may be logging in: nothing cached for the previous one may leak into the shell.
      queryClient.removeQueries({ queryKey: crmKeys.all });
      notifier.clear();
      // docs/requirements.md#messages-the-user-reads: a toast for a successful login.
      notifier.success(messages.loginSuccess);
      void navigate(returnPath(location.state), { replace: true });
      return;
    }
    if (outcome.networkError) {
      notifier.danger(messages.crmAccessProblem);
      setFailure({ title: messages.crmAccessProblem, detail: '' });
      return;
    }
    notifier.danger(messages.loginFailed, outcome.msg);
    setFailure({ title: messages.loginFailed, detail: outcome.msg });
  };

  const desktopServer =
    bridge.edition === 'desktop' && settings.data?.serverUrl
      ? settings.data.serverMode === 'embedded'
        ? uiTexts.embeddedServerLabel
        : settings.data.serverUrl
      : null;

  return (
    <div className="login-page">
      <Card className="login-card" elevation={2}>
        <div className="login-brand">
          <span className="login-logo" aria-hidden="true">
            CRM
          </span>
          <div>
            <H3 className="login-title">{uiTexts.appName}</H3>
            <div className="login-subtitle">{uiTexts.loginSubtitle}</div>
          </div>
        </div>

        {failure ? (
          <Callout intent="danger" title={failure.title} className="login-error" data-testid="login-error">
            {failure.detail || null}
          </Callout>
        ) : null}

        <form onSubmit={(event) => void submit(event)} noValidate aria-label={uiTexts.loginTitle}>
          <FormGroup
            label={messages.email}
            labelFor="login-email"
            intent={fieldErrors.email ? 'danger' : 'none'}
            helperText={fieldErrors.email}
          >
            <InputGroup
              id="login-email"
              type="email"
              autoComplete="username"
              autoFocus
              leftIcon="envelope"
              value={email}
              intent={fieldErrors.email ? 'danger' : 'none'}
              onValueChange={setEmail}
              data-testid="login-email"
            />
          </FormGroup>
          <FormGroup
            label={messages.password}
            labelFor="login-password"
            intent={fieldErrors.password ? 'danger' : 'none'}
            helperText={fieldErrors.password}
          >
            <InputGroup
              id="login-password"
              type="password"
              autoComplete="current-password"
              leftIcon="lock"
              value={password}
              intent={fieldErrors.password ? 'danger' : 'none'}
              onValueChange={setPassword}
              data-testid="login-password"
            />
          </FormGroup>
          <Checkbox
            label={messages.rememberMe}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
            data-testid="login-remember"
          />
          <Button
            type="submit"
            intent="primary"
            fill
            size="large"
            loading={submitting}
            text={messages.login}
            data-testid="login-submit"
          />
        </form>

        {desktopServer ? (
          <div className="login-server">
            <span>{format(uiTexts.serverLabel, { url: desktopServer })}</span>
            <Link to="/setup">{uiTexts.changeServer}</Link>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
