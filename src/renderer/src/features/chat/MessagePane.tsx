import { Button, Callout, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '../../../../shared/contract';
import { formatDateTimeTr } from '../../../../shared/domain/date-ranges';
import { format, messages as sharedMessages } from '../../../../shared/i18n/messages';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { chatTexts } from '../../i18n/chat-texts';
import { chatChannelPath } from './chat-paths';
import { chatMessagesKey, invalidateChatChannels, useChatMessages } from './chat-queries';
import { LoadFailed } from './LoadFailed';
import { MessageBody } from './MessageBody';

export type MessagePaneProps = {
  /** The open channel or direct conversation. */
  channelId: number | null;
  /** A colleague whose conversation starts with the first message (no channel yet). */
  newDirect: { id: number; name: string } | null;
  myUserId: number;
};

/** Whether the page is shown (not a hidden tab or a minimised window). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = (): void => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function MessageItem({ message, mine }: { message: ChatMessage; mine: boolean }): ReactNode {
  return (
    <li className={`chat-message${mine ? ' is-mine' : ''}`} data-testid="chat-message">
      <div className="chat-message-meta">
        <span className="chat-message-author" data-testid="chat-message-author">
          {mine ? chatTexts.you : (message.agent_name ?? '')}
        </span>
        <time className="chat-message-time" dateTime={message.created_at}>
          {formatDateTimeTr(message.created_at)}
        </time>
      </div>
      <MessageBody body={message.body} mentions={message.mentions} />
    </li>
  );
}

/** The right side: the conversation's messages (oldest at the top) and the input. */
export function MessagePane({ channelId, newDirect, myUserId }: MessagePaneProps): ReactNode {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const { query, messages, channel } = useChatMessages(channelId);
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const newestId = messages.at(-1)?.id ?? 0;

  const markRead = useCrmMutation('chatRead', {
    onSuccess: () => void invalidateChatChannels(queryClient),
  });
  const { mutate: markReadMutate } = markRead;
  const visible = usePageVisible();
  // What is on screen is read (not while the window is hidden); the badge goes away everywhere.
  useEffect(() => {
    if (channelId === null || newestId === 0 || !visible) return;
    markReadMutate({ body: { id: channelId, last_id: newestId } });
  }, [channelId, newestId, visible, markReadMutate]);

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, channelId]);

  const send = useCrmMutation('chatSend', {
    onSuccess: (answer) => {
      setText('');
      void invalidateChatChannels(queryClient);
      void queryClient.invalidateQueries({ queryKey: chatMessagesKey(answer.message.channel_id) });
      if (channelId !== answer.message.channel_id) void navigate(chatChannelPath(answer.message.channel_id));
    },
    // The typed text stays, so nothing is lost.
    onError: (error) => notifier.danger(sharedMessages.operationFailed, error.message),
  });

  const submit = (): void => {
    const body = text.trim();
    if (body === '' || send.isPending) return;
    if (channelId !== null) send.mutate({ body: { body, channel_id: channelId } });
    else if (newDirect) send.mutate({ body: { body, user_id: newDirect.id } });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (channelId === null && newDirect === null) {
    return (
      <section className="chat-pane" data-testid="chat-pane">
        <NonIdealState icon="chat" description={chatTexts.pickChannel} />
      </section>
    );
  }

  if (channelId !== null && query.isPending) {
    return (
      <section className="chat-pane chat-pane-status" data-testid="chat-pane">
        <Spinner size={24} aria-label={sharedMessages.loading} />
      </section>
    );
  }
  if (channelId !== null && query.isError && !query.data) {
    return (
      <section className="chat-pane chat-pane-status" data-testid="chat-pane">
        <LoadFailed
          title={chatTexts.messagesFailed}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      </section>
    );
  }

  const archived = channel?.archived === 1;
  const title = channel ? channel.name : (newDirect?.name ?? '');
  return (
    <section className="chat-pane" data-testid="chat-pane">
      <header className="chat-pane-header">
        <h2 className="chat-pane-title" data-testid="chat-pane-title">
          {channel?.kind === 'channel' ? `# ${title}` : title}
        </h2>
        {archived ? <Tag minimal>{chatTexts.archivedTag}</Tag> : null}
      </header>
      {query.hasNextPage ? (
        <Button
          className="chat-older"
          variant="minimal"
          size="small"
          icon="history"
          text={chatTexts.olderMessages}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      ) : null}
      {messages.length === 0 ? (
        <div className="chat-messages chat-messages-empty" data-testid="chat-empty">
          {newDirect && channelId === null
            ? format(chatTexts.newConversation, { name: newDirect.name })
            : chatTexts.noMessages}
        </div>
      ) : (
        <ol className="chat-messages" ref={listRef} data-testid="chat-messages">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} mine={message.insert_agent_id === myUserId} />
          ))}
        </ol>
      )}
      {archived ? (
        <Callout className="chat-archived-note" icon="archive">
          {chatTexts.archivedNotice}
        </Callout>
      ) : (
        <form
          className="chat-input"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextArea
            fill
            autoFocus
            rows={2}
            value={text}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={chatTexts.inputPlaceholder}
            aria-label={chatTexts.inputPlaceholder}
            title={chatTexts.inputHint}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid="chat-input"
          />
          <Button
            type="submit"
            intent="primary"
            icon="send-message"
            text={chatTexts.send}
            loading={send.isPending}
            disabled={text.trim() === ''}
            data-testid="chat-send"
          />
        </form>
      )}
    </section>
  );
}
