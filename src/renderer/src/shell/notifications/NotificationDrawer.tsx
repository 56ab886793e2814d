import {
  Button,
  Callout,
  Classes,
  Drawer,
  Icon,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationRow } from '../../../../shared/contract';
import { formatDateTimeTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';
import { usePreferences } from '../preferences/preferences-context';
import { leadDetailPath } from '../search/search-keyword';
import {
  MUTED_KEYWORD_LIMIT,
  MUTED_KEYWORD_MAX_LENGTH,
  addMutedKeyword,
  canComplete,
  notificationState,
  removeMutedKeyword,
  visibleNotifications,
  type AddMutedOutcome,
} from './muted-keywords';
import { useCompleteNotification, useNotifications } from './use-notifications';

export type NotificationDrawerProps = { isOpen: boolean; onClose: () => void };

function refusalText(reason: Extract<AddMutedOutcome, { ok: false }>['reason']): string | null {
  switch (reason) {
    case 'empty':
      return null;
    case 'duplicate':
      return shellTexts.mutedDuplicate;
    case 'tooMany':
      return format(shellTexts.mutedTooMany, { max: MUTED_KEYWORD_LIMIT });
    case 'tooLong':
      return format(shellTexts.mutedTooLong, { max: MUTED_KEYWORD_MAX_LENGTH });
  }
}

/** The muted-keywords box of docs/requirements.md#shell-lists-and-chat: add (only non-empty and new, #filters-and-list-input) and remove. */
function MutedKeywords(): ReactNode {
  const { preferences, save } = usePreferences();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const words = preferences.mutedKeywords;

  const add = (): void => {
    const outcome = addMutedKeyword(words, draft);
    if (!outcome.ok) {
      setRefusal(refusalText(outcome.reason));
      return;
    }
    save({ mutedKeywords: outcome.keywords });
    setDraft('');
    setRefusal(null);
  };

  return (
    <section className="muted-keywords" aria-label={messages.mutedKeywords}>
      <h6 className="drawer-section-title">{messages.mutedKeywords}</h6>
      <form
        className="muted-keywords-form"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <InputGroup
          value={draft}
          placeholder={shellTexts.mutedPlaceholder}
          maxLength={MUTED_KEYWORD_MAX_LENGTH}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setRefusal(null);
          }}
          aria-label={shellTexts.mutedPlaceholder}
          data-testid="muted-input"
        />
        <Button
          type="submit"
          icon="add"
          text={messages.add}
          disabled={draft.trim() === ''}
          data-testid="muted-add"
        />
      </form>
      {refusal ? (
        <p className="muted-keywords-refusal" role="alert" data-testid="muted-refusal">
          {refusal}
        </p>
      ) : null}
      {words.length === 0 ? (
        <p className="muted-keywords-empty">{shellTexts.mutedEmpty}</p>
      ) : (
        <ul className="muted-keywords-list">
          {words.map((word) => (
            <li key={word} className={`${Classes.TAG} ${Classes.ROUND} muted-word`} data-testid="muted-word">
              <span className="muted-word-text">{word}</span>
              <button
                type="button"
                className={Classes.TAG_REMOVE}
                aria-label={format(shellTexts.removeMuted, { word })}
                title={format(shellTexts.removeMuted, { word })}
                onClick={() => {
                  save({ mutedKeywords: removeMutedKeyword(words, word) });
                  setRefusal(null);
                }}
                data-testid="muted-remove"
              >
                <Icon icon="small-cross" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type NotificationItemProps = {
  item: NotificationRow;
  completing: boolean;
  onComplete: () => void;
  onOpenLead: () => void;
};

function NotificationItem({ item, completing, onComplete, onOpenLead }: NotificationItemProps): ReactNode {
  const state = notificationState(item.completed);
  return (
    <li className={`notification-item is-${state}`} data-testid="notification-item" data-state={state}>
      <div className="notification-item-head">
        <strong className="notification-item-title">{item.title}</strong>
        {item.start ? (
          <time className="notification-item-time" dateTime={item.start}>
            {formatDateTimeTr(item.start)}
          </time>
        ) : null}
      </div>
      <p className="notification-item-body">{item.body}</p>
      <div className="notification-item-foot">
        {item.lead_name ? <span className="notification-item-lead">{item.lead_name}</span> : <span />}
        <span className="notification-item-actions">
          {item.lead_id !== null ? (
            <Link to={leadDetailPath(item.lead_id)} onClick={onOpenLead} data-testid="notification-detail">
              {messages.detail}
            </Link>
          ) : null}
          {canComplete(item) ? (
            <Button
              size="small"
              intent="primary"
              icon="tick"
              text={messages.complete}
              loading={completing}
              onClick={onComplete}
              data-testid="notification-complete"
            />
          ) : state === 'done' ? (
            <Tag
              minimal
              intent="success"
              icon="tick-circle"
              title={
                item.completed_agent_name
                  ? format(shellTexts.completedBy, { name: item.completed_agent_name })
                  : undefined
              }
              data-testid="notification-done"
            >
              {messages.completed}
            </Tag>
          ) : state === 'overdue' ? (
            <Tag minimal intent="danger" icon="time" data-testid="notification-overdue">
              {messages.overdue}
            </Tag>
          ) : null}
        </span>
      </div>
    </li>
  );
}

/**
 * docs/requirements.md#shell-lists-and-chat "Notification drawer": the user's notifications (each with a Detay link to its lead and the
 * state actions of docs/requirements.md#notification-and-list-states) under the muted-keywords box; items a muted word matches are hidden.
 */
export function NotificationDrawer({ isOpen, onClose }: NotificationDrawerProps): ReactNode {
  const { preferences } = usePreferences();
  const notifications = useNotifications();
  const complete = useCompleteNotification();
  const all = notifications.data?.results ?? [];
  const visible = visibleNotifications(all, preferences.mutedKeywords);
  const hidden = all.length - visible.length;
  const completingId = complete.isPending ? Number(complete.variables.params.id) : null;

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={messages.notifications}
      icon="notifications"
      position="right"
      size={440}
      className="notification-drawer"
    >
      <div className="notification-drawer-content" data-testid="notification-drawer">
        <MutedKeywords />
        <section className="notification-list-section" aria-label={messages.notifications}>
          {notifications.isPending ? (
            <div className="drawer-state">
              <Spinner size={20} />
            </div>
          ) : notifications.isError ? (
            <Callout intent="danger" icon="error" title={shellTexts.notificationsLoadFailed}>
              <p>{notifications.error.message}</p>
              <Button
                size="small"
                icon="refresh"
                text={messages.retry}
                onClick={() => void notifications.refetch()}
              />
            </Callout>
          ) : visible.length === 0 ? (
            <NonIdealState
              icon="notifications"
              title={shellTexts.notificationsEmpty}
              className="drawer-state"
            />
          ) : (
            <ul className="notification-list">
              {visible.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  completing={completingId === item.id}
                  onComplete={() => complete.mutate({ params: { id: item.id } })}
                  onOpenLead={onClose}
                />
              ))}
            </ul>
          )}
          {hidden > 0 ? (
            <p className="notification-hidden" data-testid="notification-hidden">
              {format(shellTexts.notificationsHidden, { count: hidden })}
            </p>
          ) : null}
        </section>
      </div>
    </Drawer>
  );
}
