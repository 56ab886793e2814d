import {
  Button,
  ButtonGroup,
  Callout,
  FormGroup,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminUser } from '../../../../../shared/contract';
import { OPTION_LIST_IDS } from '../../../../../shared/domain/constants';
import { departmentLabel, format, messages } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { adminTexts } from '../../../i18n/admin-texts';
import { uiTexts } from '../../../i18n/ui-texts';
import { usePageTitle } from '../../../shell/top-bar/top-bar-slot';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { AdminLayout, useMayAdminister } from '../AdminLayout';
import { AdminTable } from '../AdminTableRoute';
import {
  GeneratedPasswordDialog,
  MoveTeamDialog,
  NewUserDialog,
  OptionSelect,
  ResetPasswordDialog,
  useRefreshUsers,
} from './user-dialogs';

type RowActions = {
  onActive: (user: AdminUser) => void;
  onPassword: (user: AdminUser) => void;
  onTeam: (user: AdminUser) => void;
};

function UserRow({ user, actions }: { user: AdminUser; actions: RowActions }): ReactNode {
  const empty = uiTexts.emptyValue;
  return (
    <tr
      data-testid={`admin-user-${user.id}`}
      className={user.active === 1 ? undefined : 'admin-user-inactive'}
    >
      <td>{user.id}</td>
      <td>{user.name}</td>
      <td>{user.email}</td>
      <td>{departmentLabel(user.department)}</td>
      <td>
        <Link to={`/user/permissions/${user.user_group_id}`}>{user.user_group ?? user.user_group_id}</Link>
      </td>
      <td>{user.team ?? empty}</td>
      <td>{user.dahili ?? empty}</td>
      <td>{user.telegram_id ?? empty}</td>
      <td>
        <Tag minimal intent={user.active === 1 ? 'success' : 'none'} data-testid="admin-user-status">
          {user.active === 1 ? adminTexts.active : adminTexts.inactive}
        </Tag>
        {user.must_change_password === 1 ? (
          <Tag minimal intent="warning" className="admin-user-tag">
            {adminTexts.mustChange}
          </Tag>
        ) : null}
      </td>
      <td>
        <ButtonGroup variant="minimal">
          <Button
            size="small"
            icon={user.active === 1 ? 'disable' : 'confirm'}
            intent={user.active === 1 ? 'danger' : 'success'}
            title={user.active === 1 ? adminTexts.deactivate : adminTexts.activate}
            aria-label={user.active === 1 ? adminTexts.deactivate : adminTexts.activate}
            onClick={() => actions.onActive(user)}
            data-testid="admin-user-active"
          />
          <Button
            size="small"
            icon="key"
            title={adminTexts.resetPassword}
            aria-label={adminTexts.resetPassword}
            onClick={() => actions.onPassword(user)}
            data-testid="admin-user-password"
          />
          <Button
            size="small"
            icon="swap-horizontal"
            title={adminTexts.moveTeam}
            aria-label={adminTexts.moveTeam}
            onClick={() => actions.onTeam(user)}
            data-testid="admin-user-team"
          />
        </ButtonGroup>
      </td>
    </tr>
  );
}

/**
 * /admin/users?user_group_id={id} (see docs/requirements.md#shell-lists-and-chat, docs/admin-guide.md): the accounts, of one group when named, with new
 * user, deactivate/activate, password reset and team move. Every change is journaled by the server.
 */
export function AdminUsersPage(): ReactNode {
  const allowed = useMayAdminister();
  // Others whose group shows the users table get it as the generic admin table (docs/user-guide.md#administration-menu).
  return allowed ? <AccountsScreen /> : <AdminTable table="users" />;
}

function AccountsScreen(): ReactNode {
  usePageTitle(adminTexts.usersTitle);
  const notifier = useNotifier();
  const refresh = useRefreshUsers();
  const [search, setSearch] = useSearchParams();
  const groupId = search.get('user_group_id') ?? '';
  const groups = useOptions(OPTION_LIST_IDS.userGroups);
  const groupName = groups.data?.byValue.get(groupId)?.label;
  const users = useCrmQuery('adminUsers', { params: { user_group_id: groupId } });
  const [creating, setCreating] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<AdminUser | null>(null);
  const [teamOf, setTeamOf] = useState<AdminUser | null>(null);
  const setActive = useCrmMutation('adminUserActive');

  const confirmActive = (): void => {
    if (!confirming) return;
    setActive.mutate(
      { params: { id: confirming.id }, body: { active: confirming.active === 1 ? '0' : '1' } },
      {
        onSuccess: (answer) => notifier.success(answer.msg),
        onError: (error) => notifier.danger(error.message),
        onSettled: () => {
          setConfirming(null);
          refresh();
        },
      },
    );
  };

  let content: ReactNode;
  if (users.isPending) content = <Spinner size={24} />;
  else if (users.isError) {
    content = (
      <Callout intent="danger" icon="error" title={adminTexts.usersFailed} className="admin-callout">
        <span>{users.error.message}</span>{' '}
        <Button size="small" icon="refresh" text={messages.retry} onClick={() => void users.refetch()} />
      </Callout>
    );
  } else if (users.data.results.length === 0) {
    content = <NonIdealState icon="people" title={adminTexts.usersEmpty} />;
  } else {
    content = (
      <HTMLTable compact striped interactive className="admin-users" data-testid="admin-users-table">
        <thead>
          <tr>
            <th>ID</th>
            <th>{adminTexts.colName}</th>
            <th>{adminTexts.colEmail}</th>
            <th>{adminTexts.colDepartment}</th>
            <th>{adminTexts.colGroup}</th>
            <th>{adminTexts.colTeam}</th>
            <th>{adminTexts.colDahili}</th>
            <th>{adminTexts.colTelegram}</th>
            <th>{adminTexts.colStatus}</th>
            <th>{adminTexts.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {users.data.results.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              actions={{ onActive: setConfirming, onPassword: setPasswordOf, onTeam: setTeamOf }}
            />
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <AdminLayout adminOnly>
      <div className="page admin-users-page" data-testid="admin-users-page">
        <header className="page-header admin-users-header">
          <h1 className="page-title">
            {groupName ? format(adminTexts.usersOfGroup, { group: groupName }) : adminTexts.usersTitle}
          </h1>
          <div className="admin-users-tools">
            <FormGroup inline label={adminTexts.colGroup} labelFor="admin-users-group">
              <OptionSelect
                id="admin-users-group"
                listId={OPTION_LIST_IDS.userGroups}
                value={groupId}
                onChange={(value) => setSearch(value === '' ? {} : { user_group_id: value })}
                emptyLabel={adminTexts.allGroups}
                testId="admin-users-group"
              />
            </FormGroup>
            <Button
              intent="primary"
              icon="new-person"
              text={adminTexts.newUser}
              onClick={() => setCreating(true)}
              data-testid="admin-new-user"
            />
          </div>
        </header>
        {content}
      </div>
      <NewUserDialog
        isOpen={creating}
        defaultGroupId={groupId}
        onClose={() => setCreating(false)}
        onGenerated={setGenerated}
      />
      <ResetPasswordDialog user={passwordOf} onClose={() => setPasswordOf(null)} onGenerated={setGenerated} />
      <MoveTeamDialog user={teamOf} onClose={() => setTeamOf(null)} />
      <GeneratedPasswordDialog password={generated} onClose={() => setGenerated(null)} />
      <ConfirmDialog
        isOpen={confirming !== null}
        message={format(
          confirming?.active === 1 ? adminTexts.confirmDeactivate : adminTexts.confirmActivate,
          {
            name: confirming?.name ?? '',
          },
        )}
        pending={setActive.isPending}
        onConfirm={confirmActive}
        onCancel={() => setConfirming(null)}
      />
    </AdminLayout>
  );
}
