import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AdminUser } from '../../../../../shared/contract';
import { DEPARTMENTS, OPTION_LIST_IDS, type Department } from '../../../../../shared/domain/constants';
import { departmentLabels, format } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmMutation } from '../../../api/use-crm-call';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useNotifier } from '../../../ui/toaster';
import { adminTexts } from '../../../i18n/admin-texts';

/** After any account change: the users list and the option lists that name users reload. */
export function useRefreshUsers(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'adminUsers'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'adminJournal'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'options'] });
  };
}

type OptionSelectProps = {
  id: string;
  listId: number;
  value: string;
  onChange: (value: string) => void;
  emptyLabel: string;
  testId: string;
};

/** A select over an option list (groups 26, teams 58), with an empty first choice. */
export function OptionSelect({
  id,
  listId,
  value,
  onChange,
  emptyLabel,
  testId,
}: OptionSelectProps): ReactNode {
  const options = useOptions(listId);
  return (
    <HTMLSelect
      id={id}
      fill
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={[
        { value: '', label: emptyLabel },
        ...(options.data?.items ?? []).map((item) => ({ value: String(item.value), label: item.label })),
      ]}
      data-testid={testId}
    />
  );
}

/** Shows a password the server made, once. */
export function GeneratedPasswordDialog({
  password,
  onClose,
}: {
  password: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog isOpen={password !== null} onClose={onClose} title={adminTexts.generatedPassword} icon="key">
      <DialogBody>
        <p>{adminTexts.generatedPasswordHelp}</p>
        <InputGroup readOnly value={password ?? ''} data-testid="generated-password" />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={adminTexts.close} onClick={onClose} />} />
    </Dialog>
  );
}

type NewUserForm = {
  name: string;
  email: string;
  department: Department | '';
  user_group_id: string;
  team_id: string;
  dahili: string;
  telegram_id: string;
  password: string;
};

const EMPTY_FORM: NewUserForm = {
  name: '',
  email: '',
  department: '',
  user_group_id: '',
  team_id: '',
  dahili: '',
  telegram_id: '',
  password: '',
};

export type NewUserDialogProps = {
  isOpen: boolean;
  defaultGroupId: string;
  onClose: () => void;
  onGenerated: (password: string) => void;
};

/** Yeni kullanıcı: department, group, team, dahili, telegram id and the first password (see docs/admin-guide.md). */
export function NewUserDialog({
  isOpen,
  defaultGroupId,
  onClose,
  onGenerated,
}: NewUserDialogProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshUsers();
  const [form, setForm] = useState<NewUserForm>({ ...EMPTY_FORM, user_group_id: defaultGroupId });
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCrmMutation('adminUserCreate');
  const set = (key: keyof NewUserForm) => (value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const submit = (): void => {
    create.mutate(
      {
        body: {
          name: form.name,
          email: form.email,
          department: form.department as Department,
          user_group_id: form.user_group_id,
          team_id: form.team_id,
          dahili: form.dahili,
          telegram_id: form.telegram_id,
          password: form.password,
        },
      },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          refresh();
          setForm({ ...EMPTY_FORM, user_group_id: defaultGroupId });
          onClose();
          if (answer.password) onGenerated(answer.password);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={adminTexts.newUser}
      icon="new-person"
      formId="new-user"
      onSubmit={submit}
      pending={create.isPending}
      problem={problem}
      submitIcon="new-person"
      submitText={adminTexts.create}
      submitTestId="new-user-submit"
    >
      <TextField
        id="new-user-name"
        label={adminTexts.fieldName}
        value={form.name}
        onValueChange={set('name')}
      />
      <TextField
        id="new-user-email"
        type="email"
        label={adminTexts.fieldEmail}
        value={form.email}
        onValueChange={set('email')}
      />
      <FormGroup label={adminTexts.fieldDepartment} labelFor="new-user-department">
        <HTMLSelect
          id="new-user-department"
          fill
          value={form.department}
          onChange={(event) => set('department')(event.currentTarget.value)}
          options={[
            { value: '', label: adminTexts.pick },
            ...DEPARTMENTS.map((code) => ({ value: code, label: departmentLabels[code] })),
          ]}
          data-testid="new-user-department"
        />
      </FormGroup>
      <FormGroup label={adminTexts.fieldGroup} labelFor="new-user-group">
        <OptionSelect
          id="new-user-group"
          listId={OPTION_LIST_IDS.userGroups}
          value={form.user_group_id}
          onChange={set('user_group_id')}
          emptyLabel={adminTexts.pick}
          testId="new-user-group"
        />
      </FormGroup>
      <FormGroup label={adminTexts.fieldTeam} labelFor="new-user-team">
        <OptionSelect
          id="new-user-team"
          listId={OPTION_LIST_IDS.teams}
          value={form.team_id}
          onChange={set('team_id')}
          emptyLabel={adminTexts.noTeam}
          testId="new-user-team"
        />
      </FormGroup>
      <TextField
        id="new-user-dahili"
        label={adminTexts.fieldDahili}
        value={form.dahili}
        onValueChange={set('dahili')}
      />
      <TextField
        id="new-user-telegram"
        label={adminTexts.fieldTelegram}
        value={form.telegram_id}
        onValueChange={set('telegram_id')}
      />
      <TextField
        id="new-user-password"
        type="password"
        autoComplete="new-password"
        label={adminTexts.fieldPassword}
        helperText={adminTexts.passwordHelp}
        value={form.password}
        onValueChange={set('password')}
      />
    </FormDialog>
  );
}

export type UserDialogProps = { user: AdminUser | null; onClose: () => void };

/** Şifre sıfırla: the admin's password or a one-time one; every session of the user ends. */
export function ResetPasswordDialog({
  user,
  onClose,
  onGenerated,
}: UserDialogProps & { onGenerated: (password: string) => void }): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshUsers();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useCrmMutation('adminUserPassword');
  const close = (): void => {
    setPassword('');
    setProblem(null);
    onClose();
  };
  const submit = (): void => {
    if (!user) return;
    reset.mutate(
      { params: { id: user.id }, body: { password } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          refresh();
          close();
          if (answer.password) onGenerated(answer.password);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <FormDialog
      isOpen={user !== null}
      onClose={close}
      title={format(adminTexts.resetPasswordTitle, { name: user?.name ?? '' })}
      icon="key"
      formId="reset-password"
      onSubmit={submit}
      pending={reset.isPending}
      problem={problem}
      submitIcon="key"
      submitIntent="warning"
      submitText={adminTexts.resetPassword}
      submitTestId="reset-password-submit"
    >
      <p>{adminTexts.resetPasswordHelp}</p>
      <TextField
        id="reset-password"
        testId="reset-password-input"
        type="password"
        autoComplete="new-password"
        label={adminTexts.newPassword}
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
      />
    </FormDialog>
  );
}

/** Takım değiştir. */
export function MoveTeamDialog({ user, onClose }: UserDialogProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshUsers();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const move = useCrmMutation('adminUserTeam');
  const value = teamId ?? (user?.team_id === null || user === null ? '' : String(user.team_id));
  const close = (): void => {
    setTeamId(null);
    setProblem(null);
    onClose();
  };
  const submit = (): void => {
    if (!user) return;
    move.mutate(
      { params: { id: user.id }, body: { team_id: value } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          refresh();
          close();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <FormDialog
      isOpen={user !== null}
      onClose={close}
      title={format(adminTexts.moveTeamTitle, { name: user?.name ?? '' })}
      icon="swap-horizontal"
      formId="move-team"
      onSubmit={submit}
      pending={move.isPending}
      problem={problem}
      submitTestId="move-team-submit"
    >
      <FormGroup label={adminTexts.fieldTeam} labelFor="move-team">
        <OptionSelect
          id="move-team"
          listId={OPTION_LIST_IDS.teams}
          value={value}
          onChange={setTeamId}
          emptyLabel={adminTexts.noTeam}
          testId="move-team-select"
        />
      </FormGroup>
    </FormDialog>
  );
}
