import { Button, HTMLSelect, Menu, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CHAT_UNREAD_CAP, type CallResult, type ChatChannel } from '../../../../shared/contract';
import { format } from '../../../../shared/i18n/messages';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { chatTexts } from '../../i18n/chat-texts';
import { chatChannelPath, newDirectPath } from './chat-paths';
import { invalidateChatChannels, useChatUsers } from './chat-queries';
import { ChannelNameDialog } from './ChannelNameDialog';

type Lists = CallResult<'chatChannels'>;

export type ChannelSidebarProps = {
  lists: Lists;
  /** The open channel (or direct conversation), or the colleague of a conversation not started yet. */
  selectedChannelId: number | null;
  selectedUserId: number | null;
};

function UnreadBadge({ count }: { count: number }): ReactNode {
  if (count <= 0) return null;
  const text = count > CHAT_UNREAD_CAP ? format(chatTexts.unreadMore, { count: CHAT_UNREAD_CAP }) : count;
  return (
    <Tag
      round
      intent="primary"
      className="chat-unread"
      aria-label={format(chatTexts.unreadLabel, { count })}
      data-testid="chat-unread"
    >
      {text}
    </Tag>
  );
}

type DialogState = { mode: 'add' } | { mode: 'rename'; channel: ChatChannel } | null;

/** The left side: channels (add; managers rename and archive) and the direct conversations. */
export function ChannelSidebar({ lists, selectedChannelId, selectedUserId }: ChannelSidebarProps): ReactNode {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const users = useChatUsers(picking);

  const closeDialog = (): void => {
    setDialog(null);
    setDialogError(null);
  };
  const onSaved = (message: string): void => {
    void invalidateChatChannels(queryClient);
    notifier.success(message);
  };
  const add = useCrmMutation('chatChannelAdd', {
    onSuccess: (answer) => {
      closeDialog();
      onSaved(answer.msg);
      void navigate(chatChannelPath(answer.id));
    },
    onError: (error) => setDialogError(error.message),
  });
  const rename = useCrmMutation('chatChannelSave', {
    onSuccess: (answer) => {
      closeDialog();
      onSaved(answer.msg);
    },
    onError: (error) => setDialogError(error.message),
  });
  const archive = useCrmMutation('chatChannelArchive', {
    onSuccess: (answer) => onSaved(answer.msg),
    onError: (error) => {
      // Someone else may have changed it meanwhile: show the current state too.
      void invalidateChatChannels(queryClient);
      notifier.danger(error.message);
    },
  });

  const open = lists.channels.filter((channel) => channel.archived === 0);
  const archived = lists.channels.filter((channel) => channel.archived === 1);

  const channelItem = (channel: ChatChannel): ReactNode => (
    <li
      key={channel.id}
      className={`chat-list-item${channel.id === selectedChannelId ? ' is-active' : ''}${
        channel.archived === 1 ? ' is-archived' : ''
      }`}
      data-testid="chat-channel"
      data-channel-id={channel.id}
    >
      <Link to={chatChannelPath(channel.id)} className="chat-list-link">
        <span className="chat-list-prefix">#</span>
        <span className="chat-list-name">{channel.name}</span>
        <UnreadBadge count={channel.id === selectedChannelId ? 0 : channel.unread} />
      </Link>
      {lists.can_manage ? (
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem
                icon="edit"
                text={chatTexts.renameChannel}
                onClick={() => setDialog({ mode: 'rename', channel })}
              />
              <MenuItem
                icon={channel.archived === 1 ? 'unarchive' : 'archive'}
                text={channel.archived === 1 ? chatTexts.restore : chatTexts.archive}
                onClick={() =>
                  archive.mutate({ body: { id: channel.id, archived: channel.archived === 1 ? 0 : 1 } })
                }
                data-testid="chat-archive"
              />
            </Menu>
          }
        >
          <Button
            variant="minimal"
            size="small"
            icon="more"
            aria-label={chatTexts.channelActions}
            title={chatTexts.channelActions}
            data-testid="chat-channel-actions"
          />
        </PopoverNext>
      ) : null}
    </li>
  );

  const pickUser = (value: string): void => {
    const userId = Number(value);
    if (!Number.isSafeInteger(userId) || userId <= 0) return;
    setPicking(false);
    const existing = lists.directs.find((direct) => direct.user_id === userId);
    void navigate(existing ? chatChannelPath(existing.id) : newDirectPath(userId));
  };

  return (
    <nav className="chat-sidebar" data-testid="chat-sidebar">
      <div className="chat-section-header">
        <h2 className="chat-section-title">{chatTexts.channels}</h2>
        <Button
          variant="minimal"
          size="small"
          icon="plus"
          aria-label={chatTexts.addChannel}
          title={chatTexts.addChannel}
          onClick={() => setDialog({ mode: 'add' })}
          data-testid="chat-add-channel"
        />
      </div>
      {lists.channels.length === 0 ? (
        <p className="chat-empty-note">{chatTexts.noChannels}</p>
      ) : (
        <ul className="chat-list">{open.map(channelItem)}</ul>
      )}
      {archived.length > 0 ? (
        <>
          <h3 className="chat-subsection-title">{chatTexts.archivedSection}</h3>
          <ul className="chat-list">{archived.map(channelItem)}</ul>
        </>
      ) : null}

      <div className="chat-section-header">
        <h2 className="chat-section-title">{chatTexts.directs}</h2>
        <Button
          variant="minimal"
          size="small"
          icon={picking ? 'cross' : 'new-person'}
          aria-label={chatTexts.newDirect}
          title={chatTexts.newDirect}
          onClick={() => setPicking((value) => !value)}
          data-testid="chat-new-direct"
        />
      </div>
      {picking ? (
        users.data && users.data.results.length === 0 ? (
          <p className="chat-empty-note">{chatTexts.noColleagues}</p>
        ) : (
          <HTMLSelect
            fill
            className="chat-person-select"
            value=""
            disabled={!users.data}
            onChange={(event) => pickUser(event.target.value)}
            options={[
              { value: '', label: chatTexts.choosePerson },
              ...(users.data?.results ?? []).map((user) => ({ value: String(user.id), label: user.name })),
            ]}
            data-testid="chat-person-select"
          />
        )
      ) : null}
      {lists.directs.length === 0 && !picking ? (
        <p className="chat-empty-note">{chatTexts.noDirects}</p>
      ) : (
        <ul className="chat-list">
          {lists.directs.map((direct) => (
            <li
              key={direct.id}
              className={`chat-list-item${direct.id === selectedChannelId ? ' is-active' : ''}`}
              data-testid="chat-direct"
              data-channel-id={direct.id}
            >
              <Link to={chatChannelPath(direct.id)} className="chat-list-link">
                <span className="chat-list-prefix chat-presence" aria-hidden />
                <span className="chat-list-name">{direct.user_name}</span>
                <UnreadBadge count={direct.id === selectedChannelId ? 0 : direct.unread} />
              </Link>
            </li>
          ))}
          {selectedUserId !== null && !lists.directs.some((d) => d.user_id === selectedUserId) ? (
            <li className="chat-list-item is-active" data-testid="chat-direct-new">
              <span className="chat-list-link">
                <span className="chat-list-prefix chat-presence" aria-hidden />
                <span className="chat-list-name">{chatTexts.newDirect}</span>
              </span>
            </li>
          ) : null}
        </ul>
      )}

      {dialog ? (
        <ChannelNameDialog
          title={dialog.mode === 'add' ? chatTexts.addChannel : chatTexts.renameChannel}
          submitText={dialog.mode === 'add' ? chatTexts.create : chatTexts.save}
          initialName={dialog.mode === 'rename' ? dialog.channel.name : ''}
          pending={add.isPending || rename.isPending}
          error={dialogError}
          onClose={closeDialog}
          onSubmit={(name) => {
            setDialogError(null);
            if (dialog.mode === 'add') add.mutate({ body: { name } });
            else rename.mutate({ body: { id: dialog.channel.id, name } });
          }}
        />
      ) : null}
    </nav>
  );
}
