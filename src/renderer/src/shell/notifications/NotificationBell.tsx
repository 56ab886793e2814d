import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { format, messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';
import { usePreferences } from '../preferences/preferences-context';
import { bellCount } from './muted-keywords';
import { useNotifications } from './use-notifications';

export type NotificationBellProps = { onClick: () => void };

/** The bell with the unread figure (open, due and not muted); a click opens the drawer. */
export function NotificationBell({ onClick }: NotificationBellProps): ReactNode {
  const { preferences } = usePreferences();
  const notifications = useNotifications();
  // "Due" is judged at the moment the server counted, so its figure and ours agree.
  const count = notifications.data
    ? bellCount(notifications.data, preferences.mutedKeywords, new Date(notifications.dataUpdatedAt))
    : 0;
  const label = count > 0 ? format(shellTexts.bellLabel, { count }) : messages.notifications;
  return (
    <span className="bell">
      <Button
        variant="minimal"
        icon="notifications"
        title={label}
        aria-label={label}
        onClick={onClick}
        data-testid="bell"
      />
      {count > 0 ? (
        <span className="bell-count" aria-hidden="true" data-testid="bell-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}
