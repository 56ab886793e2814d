import { Card, Classes } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/i18n/messages';
import { adminMessages } from '../../../../shared/i18n/admin-messages';
import { crmKeys } from '../../api/query-keys';
import { PasswordTab } from './PasswordTab';
import './profile.css';

export type ForcedPasswordChangeProps = { email: string; name: string };

/**
 * Shown instead of the shell while the account still has a password an admin set (see docs/admin-guide.md): the server
 * refuses every other call until the user picks their own, so nothing else is offered.
 */
export function ForcedPasswordChange({ email, name }: ForcedPasswordChangeProps): ReactNode {
  const queryClient = useQueryClient();
  return (
    <div className="full-page-status forced-password" data-testid="forced-password-change">
      <Card className="forced-password-card" elevation={1}>
        <h1 className={`${Classes.HEADING} forced-password-title`}>{name}</h1>
        <p data-testid="forced-password-reason">{adminMessages.passwordChangeRequired}</p>
        <PasswordTab
          email={email}
          // GET /permissions answers must_change_password false now: the shell takes over.
          onChanged={() => void queryClient.invalidateQueries({ queryKey: crmKeys.all })}
        />
        <p className="forced-password-logout">
          <Link to="/logout" data-testid="forced-password-logout">
            {messages.logout}
          </Link>
        </p>
      </Card>
    </div>
  );
}
