import {
  Button,
  Classes,
  ControlGroup,
  FormGroup,
  H6,
  InputGroup,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { NotificationRow } from '../../../../../shared/contract/lead-detail';
import { LEAD_DETAIL_PAGE_DEFAULT, LEAD_DETAIL_PAGE_MAX } from '../../../../../shared/contract/lead-detail';
import { PLATFORM_LOGIN_NOTIFICATION_TITLE, formatDateTimeTr } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { TurkishDateInput } from '../../../components/date-input';
import { uiTexts } from '../../../i18n/ui-texts';
import { canComplete } from '../../../shell/notifications/muted-keywords';
import { useCompleteNotification } from '../../../shell/notifications/use-notifications';
import { insertFailureText } from '../../../components/record-form';
import { TabState } from '../TabState';
import { leadCallInputs, useRefreshCalls } from '../lead-queries';
import { NOTES_TABLE, NoteForm } from './NoteForm';
import { activityInputs } from './note-form';

type PanelProps = { leadId: number; currentUserId: number | null };

/**
 * Yeni Aktivite (see docs/requirements.md#filters-and-list-input): the text starts as 'Telefon Araması Planlandı'; an empty text does nothing.
 * With a planned time it becomes a reminder for the agent at that time.
 */
function ActivityForm({ leadId, currentUserId }: PanelProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const [body, setBody] = useState<string>(messages.phoneCallPlanned);
  const [plannedAt, setPlannedAt] = useState('');
  const save = useCrmMutation('inlineSave');

  const submit = (): void => {
    const inputs = activityInputs(body, plannedAt, leadId, currentUserId);
    if (inputs === null) return;
    save.mutate(
      { body: { table: NOTES_TABLE, type: 'insert_note', inputs } },
      {
        onSuccess: (answer) => {
          // docs/requirements.md#messages-the-user-reads: a note save answered with success false only stops loading; the text stays typed.
          if (!answer.success) return;
          setBody(messages.phoneCallPlanned);
          setPlannedAt('');
          notifier.success(messages.descriptionSaved);
          refresh('notes', 'leadNotifications', 'row');
        },
        onError: (failure) => notifier.danger(insertFailureText(failure.message)),
      },
    );
  };

  return (
    <form
      noValidate
      className="ld-activity-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormGroup label={uiTexts.newActivity} labelFor="activity-body">
        <ControlGroup fill>
          <InputGroup
            id="activity-body"
            value={body}
            onValueChange={setBody}
            maxLength={10_000}
            data-testid="activity-body"
          />
          <Button
            type="submit"
            icon="add"
            text={messages.add}
            loading={save.isPending}
            className={Classes.FIXED}
            data-testid="activity-submit"
          />
        </ControlGroup>
      </FormGroup>
      <FormGroup label={uiTexts.activityPlannedAt} labelFor="activity-start" className="ld-activity-start">
        <TurkishDateInput
          id="activity-start"
          withTime
          value={plannedAt}
          minDate={new Date()}
          onChange={setPlannedAt}
          testId="activity-start"
        />
      </FormGroup>
    </form>
  );
}

const COMPLETED_LOOK: Readonly<Record<NotificationRow['completed'], { text: string; intent: Intent }>> = {
  0: { text: messages.complete, intent: 'primary' },
  1: { text: messages.completed, intent: 'success' },
  2: { text: messages.overdue, intent: 'danger' },
};

/**
 * The lead's reminders with their state (see docs/requirements.md#notification-and-list-states): Tamamla (open), Tamamlandı, Gecikmiş. The agent a
 * reminder is for completes it right here, as in the drawer; others' reminders only show their state.
 */
function NotificationList({ leadId, currentUserId }: PanelProps): ReactNode {
  const notifications = useCrmQuery('leadNotifications', leadCallInputs.notifications(leadId));
  const complete = useCompleteNotification();
  const completingId = complete.isPending ? Number(complete.variables.params.id) : null;
  return (
    <section className="ld-notes-section" data-testid="lead-notifications">
      <H6 className="ld-notes-section-title">{messages.tabReminders}</H6>
      {notifications.data ? (
        notifications.data.results.length === 0 ? (
          <p className={`ld-notes-empty ${Classes.TEXT_MUTED}`}>{uiTexts.noNotifications}</p>
        ) : (
          <ul className="ld-notification-list">
            {notifications.data.results.map((item) => {
              // Platform login notices carry no completion (see docs/requirements.md#notification-and-list-states).
              const platform = item.title === PLATFORM_LOGIN_NOTIFICATION_TITLE;
              const look = COMPLETED_LOOK[item.completed];
              return (
                <li
                  key={item.id}
                  className="ld-notification-item"
                  data-testid="notification-row"
                  data-completed={item.completed}
                >
                  <div className="ld-notification-head">
                    <span className="ld-notification-start">
                      {formatDateTimeTr(item.start ?? item.created_at)}
                    </span>
                    {canComplete(item) && item.user_id === currentUserId ? (
                      <Button
                        size="small"
                        intent="primary"
                        icon="tick"
                        text={messages.complete}
                        loading={completingId === item.id}
                        onClick={() => complete.mutate({ params: { id: item.id } })}
                        data-testid="notification-complete"
                      />
                    ) : platform && item.completed === 0 ? null : (
                      <Tag minimal intent={look.intent} data-testid="notification-state">
                        {look.text}
                      </Tag>
                    )}
                  </div>
                  <div className="ld-notification-body">{item.body || item.title}</div>
                  <div className={`ld-notification-meta ${Classes.TEXT_MUTED}`}>
                    {item.user_name ? format(uiTexts.reminderFor, { name: item.user_name }) : null}
                    {item.completed === 1 && item.completed_agent_name
                      ? ` · ${item.completed_agent_name}`
                      : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )
      ) : (
        <TabState query={notifications} />
      )}
    </section>
  );
}

/** The lead's notes, newest first, 50 at a time. */
function NoteList({ leadId }: { leadId: number }): ReactNode {
  const [limit, setLimit] = useState(LEAD_DETAIL_PAGE_DEFAULT);
  const notes = useCrmQuery('notes', leadCallInputs.notes(leadId, limit), {
    placeholderData: (previous) => previous,
  });
  const data = notes.data;
  return (
    <section className="ld-notes-section" data-testid="lead-notes">
      <H6 className="ld-notes-section-title">{messages.tabNotes}</H6>
      {data ? (
        data.results.length === 0 ? (
          <p className={`ld-notes-empty ${Classes.TEXT_MUTED}`}>{uiTexts.noNotes}</p>
        ) : (
          <>
            <ul className="ld-note-list">
              {data.results.map((note) => (
                <li key={note.id} className="ld-note-item" data-testid="note-row">
                  <div className="ld-note-head">
                    <strong className="ld-note-agent">{note.agent_name ?? uiTexts.systemAgent}</strong>
                    <span className={`ld-note-time ${Classes.TEXT_MUTED}`}>
                      {formatDateTimeTr(note.created_at)}
                    </span>
                    <Tag minimal round className="ld-note-quality-tag" title={uiTexts.noteQuality}>
                      {note.quality}
                    </Tag>
                  </div>
                  <div className="ld-note-body">{note.body}</div>
                  {note.notification === 1 && note.start ? (
                    <div className={`ld-note-reminder ${Classes.TEXT_MUTED}`}>
                      {`${messages.remindMe}: ${formatDateTimeTr(note.start)}`}
                      {note.agents.length > 0
                        ? ` · ${note.agents.map((agent) => agent.label).join(', ')}`
                        : ''}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {/* Without a total (a server of the spec alone) a full page suggests more. */}
            {(data.total ?? (data.results.length >= limit ? Infinity : 0)) > data.results.length &&
            limit < LEAD_DETAIL_PAGE_MAX ? (
              <Button
                variant="minimal"
                fill
                icon="more"
                text={uiTexts.showMore}
                loading={notes.isFetching}
                onClick={() =>
                  setLimit((current) => Math.min(LEAD_DETAIL_PAGE_MAX, current + LEAD_DETAIL_PAGE_DEFAULT))
                }
                data-testid="notes-more"
              />
            ) : null}
          </>
        )
      ) : (
        <TabState query={notes} />
      )}
    </section>
  );
}

/** The right column's Notlar tab (see docs/requirements.md#lead-workspace-and-work-screens): new note, new activity, the lead's notes. */
export function NotesPanel({ leadId, currentUserId }: PanelProps): ReactNode {
  return (
    <div className="ld-notes-panel" data-testid="notes-panel">
      <NoteForm leadId={leadId} currentUserId={currentUserId} />
      <ActivityForm leadId={leadId} currentUserId={currentUserId} />
      <NoteList leadId={leadId} />
    </div>
  );
}

/** The right column's Hatırlatmalar tab (see docs/requirements.md#lead-workspace-and-work-screens): the lead's reminders and their state. */
export function RemindersPanel({ leadId, currentUserId }: PanelProps): ReactNode {
  return (
    <div className="ld-notes-panel" data-testid="reminders-panel">
      <NotificationList leadId={leadId} currentUserId={currentUserId} />
    </div>
  );
}
