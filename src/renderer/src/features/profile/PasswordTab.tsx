import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation } from '../../api/use-crm-call';
import { TextField } from '../../ui/TextField';
import { useNotifier } from '../../ui/toaster';
import { shellTexts } from '../../i18n/shell-texts';
import { EMPTY_PASSWORD_FORM, passwordFormProblem, type PasswordForm } from './profile-form';

/** Why the server refused, for the form's own callout: the server's text, else the spec's. */
function passwordFailureText(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') return messages.passwordUpdateFailed;
  if (trimmed.startsWith(messages.passwordUpdateFailed)) return trimmed;
  return format(messages.passwordUpdateFailedWithReason, { reason: trimmed });
}

export type PasswordTabProps = {
  email: string;
  /** After the server took the new password (the forced change at first login moves on). */
  onChanged?: () => void;
};

/** Tab Şifre (see docs/requirements.md#shell-lists-and-chat): current, new and repeat, sent to POST /auth/save; answers per docs/requirements.md#messages-the-user-reads. */
export function PasswordTab({ email, onChanged }: PasswordTabProps): ReactNode {
  const notifier = useNotifier();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCrmMutation('authSave');

  const set = (key: keyof PasswordForm) => (value: string) => {
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
            onChanged?.();
            return;
          }
          // docs/requirements.md#messages-the-user-reads: the toast is exactly 'Şifreniz güncellenemedi'; the reason stays by the form.
          notifier.danger(messages.passwordUpdateFailed);
          setProblem(passwordFailureText(answer.msg));
        },
        onError: (error) => {
          notifier.danger(messages.passwordUpdateFailed);
          setProblem(passwordFailureText(error.message));
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
      <TextField
        id="password-current"
        type="password"
        autoComplete="current-password"
        label={shellTexts.currentPassword}
        value={form.current}
        onValueChange={set('current')}
      />
      <TextField
        id="password-new"
        type="password"
        autoComplete="new-password"
        label={shellTexts.newPassword}
        value={form.next}
        onValueChange={set('next')}
      />
      <TextField
        id="password-repeat"
        type="password"
        autoComplete="new-password"
        label={shellTexts.repeatPassword}
        value={form.repeat}
        onValueChange={set('repeat')}
      />
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
