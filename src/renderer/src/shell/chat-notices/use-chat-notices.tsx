import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CallResult } from '../../../../shared/contract';
import { CHAT_REFRESH_MS, TOAST_MS, chatNoticeKind, chatNoticeTitle } from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { crmKeys } from '../../api/query-keys';
import { callCrm } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { useNotifier } from '../../ui/toaster';
import { CHAT_MENU_TABLE, chatBadgeCount, isChatPath, openChatChannel } from './chat-badge';

/** The chat screen's channel list, under the same key it uses (features/chat/chat-queries.ts). */
const CHAT_CHANNELS_KEY = [...crmKeys.tableData(CHAT_MENU_TABLE), 'channels'] as const;

const chatPath = (channelId: number): string => `/chat/ch/${channelId}`;

/**
 * Nothing in chat is silent (docs/user-guide.md#notifications): a direct message or an `@Name` mention
 * from someone else shows a toast unless the chat screen is open, and counts on the Sohbet entry until
 * read. Answers that count. `enabled` is whether the user has the chat entry at all.
 */
export function useChatNotices(userId: number | null, enabled: boolean): number {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mentioned, setMentioned] = useState<ReadonlySet<number>>(new Set());
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  });

  const lists = useQuery<CallResult<'chatChannels'>, CrmError>({
    queryKey: CHAT_CHANNELS_KEY,
    queryFn: () => callCrm(bridge, 'chatChannels', {}),
    refetchInterval: CHAT_REFRESH_MS,
    enabled,
  });

  // Opening the channel reads the mention.
  const open = openChatChannel(pathname);
  if (open !== null && mentioned.has(open)) {
    const rest = new Set(mentioned);
    rest.delete(open);
    setMentioned(rest);
  }

  useEffect(() => {
    if (!enabled) return undefined;
    return bridge.on('chatMessage', (event) => {
      const kind = chatNoticeKind(event, userId);
      if (kind === null) return;
      void queryClient.invalidateQueries({ queryKey: CHAT_CHANNELS_KEY });
      if (kind === 'mention' && openChatChannel(where.current) !== event.channel_id) {
        setMentioned((current) => new Set(current).add(event.channel_id));
      }
      if (isChatPath(where.current)) return;
      notifier.show({
        intent: 'primary',
        icon: 'chat',
        timeout: TOAST_MS.error,
        message: (
          <div className="toast-text" data-testid="chat-toast">
            <strong>{chatNoticeTitle(kind, event)}</strong>
            <div className="toast-body">{messages.chatNoticeBody}</div>
          </div>
        ),
        action: {
          text: messages.chatNoticeOpen,
          onClick: () => void navigate(chatPath(event.channel_id)),
        },
      });
    });
  }, [bridge, queryClient, notifier, navigate, userId, enabled]);

  return enabled ? chatBadgeCount(lists.data, mentioned) : 0;
}
