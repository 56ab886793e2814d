import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTimeTr } from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import { useCrmQuery } from '../../api/use-crm-call';
import { shellTexts } from '../../i18n/shell-texts';
import { usePreferences } from '../preferences/preferences-context';
import { leadDetailPath } from '../search/search-keyword';
import { shellInputs } from '../shell-queries';
import { SidePanel } from './SidePanel';

/** Reminders pass by the minute; the list is refreshed on pushes and, as a safety net, each minute. */
const REMINDERS_REFRESH_MS = 60_000;

/** docs/requirements.md#shell-lists-and-chat: collapsible "Yaklaşan 10 Hatırlatma", each linking to its lead; empty text when none. */
export function RemindersPanel(): ReactNode {
  const { preferences, save } = usePreferences();
  const reminders = useCrmQuery('sidebarNotes', shellInputs.sidebarNotes, {
    refetchInterval: REMINDERS_REFRESH_MS,
  });
  const items = reminders.data?.results ?? [];

  return (
    <SidePanel
      title={messages.upcomingReminders}
      open={preferences.sidebarNoteShow}
      onToggle={(open) => save({ sidebarNoteShow: open })}
      testId="reminders-panel"
    >
      {reminders.isPending ? (
        <Spinner size={16} />
      ) : reminders.isError ? (
        <p className="side-panel-empty">{shellTexts.remindersLoadFailed}</p>
      ) : items.length === 0 ? (
        <p className="side-panel-empty" data-testid="reminders-empty">
          {messages.upcomingRemindersEmpty}
        </p>
      ) : (
        <ul className="side-panel-list">
          {items.map((reminder) => {
            const content = (
              <>
                <span className="reminder-lead">{reminder.lead_name ?? messages.reminderTitle}</span>
                <span className="reminder-body">{reminder.body}</span>
                <time className="reminder-time" dateTime={reminder.start}>
                  {formatDateTimeTr(reminder.start)}
                </time>
              </>
            );
            return (
              <li key={reminder.id} className="side-panel-item reminder-item" data-testid="reminder-item">
                {reminder.lead_id !== null ? (
                  <Link to={leadDetailPath(reminder.lead_id)} className="reminder-link">
                    {content}
                  </Link>
                ) : (
                  <div className="reminder-link">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SidePanel>
  );
}
