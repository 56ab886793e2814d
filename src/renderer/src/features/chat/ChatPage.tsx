import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { messages as sharedMessages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { chatTexts } from '../../i18n/chat-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { chatChannelPath, DIRECT_USER_PARAM, idParam } from './chat-paths';
import { useChatChannels, useChatLiveUpdates, useChatUsers } from './chat-queries';
import { ChannelSidebar } from './ChannelSidebar';
import { LoadFailed } from './LoadFailed';
import { MessagePane } from './MessagePane';
import './chat.css';

/**
 * /chat and /chat/ch/{channelId} (see docs/requirements.md#shell-lists-and-chat): channels and direct conversations on the left, the open
 * one's messages and the input on the right. Refreshed every 30 s and at once on a push.
 */
export function ChatPage(): ReactNode {
  usePageTitle(chatTexts.title);
  useChatLiveUpdates();
  const { channelId: channelParam } = useParams();
  const [search] = useSearchParams();
  const channelId = idParam(channelParam);
  const directUserId = channelId === null ? idParam(search.get(DIRECT_USER_PARAM)) : null;
  const permissions = usePermissions();
  const lists = useChatChannels();
  const users = useChatUsers(directUserId !== null);

  if (lists.isPending || !permissions.data) return <Spinner size={24} aria-label={sharedMessages.loading} />;
  if (lists.isError && !lists.data) {
    return (
      <div className="page chat-page" data-testid="chat-page">
        <LoadFailed
          title={chatTexts.channelsFailed}
          message={lists.error.message}
          onRetry={() => void lists.refetch()}
        />
      </div>
    );
  }
  // A conversation with this colleague exists already: open it rather than a second one.
  const existing =
    directUserId === null ? undefined : lists.data.directs.find((d) => d.user_id === directUserId);
  if (existing) return <Navigate to={chatChannelPath(existing.id)} replace />;
  const directUser =
    directUserId === null ? undefined : users.data?.results.find((user) => user.id === directUserId);

  return (
    <div className="page chat-page" data-testid="chat-page">
      <div className="chat-layout">
        <ChannelSidebar lists={lists.data} selectedChannelId={channelId} selectedUserId={directUserId} />
        <MessagePane
          key={channelId ?? `user-${directUserId ?? 0}`}
          channelId={channelId}
          newDirect={directUser ? { id: directUser.id, name: directUser.name } : null}
          myUserId={permissions.data.me.id}
        />
      </div>
    </div>
  );
}
