import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../app/toaster';
import { shellTexts } from '../../i18n/shell-texts';
import { EMPTY_PASSWORD_FORM, passwordFormProblem, type PasswordForm } from './profile-form';

/** Spec 1 §8 "Şifreniz güncellenemedi", with the server's reason once (it may already lead with it). */
function passwordFailureText(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') return messages.passwordUpdateFailed;
  if (trimmed.startsWith(messages.passwordUpdateFailed)) return trimmed;
  return format(messages.passwordUpdateFailedWithReason, { reason: trimmed });
}

export type PasswordTabProps = { email: string };

/** Tab Şifre (spec 1 §2): current, new and repeat, sent to POST /auth/save; answers per spec 1 §8. */
export function PasswordTab({ email }: PasswordTabProps): ReactNode {
  const notifier = useNotifier();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCrmMutation('authSave');

  const set = (key: keyof PasswordForm) => (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = passwordFormProblem(form, email);
    if (found) {
      setProblem(found);
      return;
    }
    save.mutate(
      { body: { password: form.current, new_password: form.next, new_password_2: form.repeat } },
      {
        onSuccess: (answer) => {
          if (answer.success && answer.password) {
            notifier.success(messages.passwordUpdated);
            setForm(EMPTY_PASSWORD_FORM);
            return;
          }
          const text = passwordFailureText(answer.msg);
          notifier.danger(text);
          setProblem(text);
        },
        onError: (error) => {
          const text = passwordFailureText(error.message);
          notifier.danger(text);
          setProblem(text);
        },
      },
    );
  };

  return (
    <form className="profile-password" onSubmit={submit} noValidate>
      {problem ? (
        <Callout intent="danger" icon="error" className="profile-callout" data-testid="password-problem">
          {problem}
        </Callout>
      ) : null}
      <FormGroup label={shellTexts.currentPassword} labelFor="password-current">
        <InputGroup
          id="password-current"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={set('current')}
          data-testid="password-current"
        />
      </FormGroup>
      <FormGroup label={shellTexts.newPassword} labelFor="password-new">
        <InputGroup
          id="password-new"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={set('next')}
          data-testid="password-new"
        />
      </FormGroup>
      <FormGroup label={shellTexts.repeatPassword} labelFor="password-repeat">
        <InputGroup
          id="password-repeat"
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          onChange={set('repeat')}
          data-testid="password-repeat"
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="key"
        text={shellTexts.changePassword}
        loading={save.isPending}
        data-testid="password-submit"
      />
    </form>
  );
}
