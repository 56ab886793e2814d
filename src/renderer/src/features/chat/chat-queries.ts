import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_PAGE_DEFAULT, type CallResult, type ChatMessage } from '../../../../shared/contract';
import { CHAT_REFRESH_MS } from '../../../../shared/domain/constants';
import { useBridge } from '../../bridge/bridge-context';
import { callCrm, useCrmQuery } from '../../api/use-crm-call';
import { crmKeys } from '../../api/query-keys';
import type { CrmError } from '../../api/crm-error';
import { CHAT_TABLE } from './chat-paths';

const NO_INPUT = {};
type MessagesPage = CallResult<'chatMessages'>;

/**
 * Chat's server state lives under the menu entry's table key, so the menu's refresh icon (which reloads
 * the active entry's table data) reloads the channels and the open conversation too.
 */
const chatPrefix = crmKeys.tableData(CHAT_TABLE);
const chatChannelsKey = [...chatPrefix, 'channels'] as const;
const chatMessagesPrefix = [...chatPrefix, 'messages'] as const;
/** Every page of one channel's messages, under one key so a push or a send refetches them together. */
export const chatMessagesKey = (channelId: number) => [...chatMessagesPrefix, channelId] as const;

/** Channels, direct conversations and unread counts: every 30 s (see docs/requirements.md#constants-and-limits) and on each push. */
export function useChatChannels() {
  const bridge = useBridge();
  return useQuery<CallResult<'chatChannels'>, CrmError>({
    queryKey: chatChannelsKey,
    queryFn: () => callCrm(bridge, 'chatChannels', {}),
    refetchInterval: CHAT_REFRESH_MS,
  });
}

export function useChatUsers(enabled: boolean) {
  return useCrmQuery('chatUsers', NO_INPUT, { enabled, staleTime: 60_000 });
}

export function invalidateChatChannels(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatChannelsKey });
}

/**
 * The channel's messages, newest page first as the API pages them, refreshed every 30 s. `messages` is
 * oldest first for display, without the duplicates that appear when new messages shift the pages.
 */
export function useChatMessages(channelId: number | null) {
  const bridge = useBridge();
  const query = useInfiniteQuery({
    queryKey: chatMessagesKey(channelId ?? 0),
    enabled: channelId !== null,
    initialPageParam: 1,
    refetchInterval: CHAT_REFRESH_MS,
    queryFn: ({ pageParam }): Promise<MessagesPage> =>
      callCrm(bridge, 'chatMessages', {
        params: { table: 'lead_notes' },
        body: { table: 'lead_notes', id: channelId ?? 0, page: pageParam, limit: CHAT_PAGE_DEFAULT },
      }),
    getNextPageParam: (last, pages) =>
      pages.length * CHAT_PAGE_DEFAULT < last.total ? pages.length + 1 : undefined,
  });
  const seen = new Set<number>();
  const messages: ChatMessage[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const message of page.results) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  messages.sort((a, b) => a.id - b.id);
  return { query, messages, channel: query.data?.pages[0]?.channel ?? null };
}

/** Pushed chat changes (spec: a message appears at once) reload the channel list and that channel. */
export function useChatLiveUpdates(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bridge.on('chatMessage', (event) => {
        void invalidateChatChannels(queryClient);
        void queryClient.invalidateQueries({ queryKey: chatMessagesKey(event.channel_id) });
      }),
    [bridge, queryClient],
  );
  // After a reconnect pushes may have been missed.
  useEffect(
    () =>
      bridge.on('realtimeStatus', ({ connected }) => {
        if (!connected) return;
        void invalidateChatChannels(queryClient);
        void queryClient.invalidateQueries({ queryKey: chatMessagesPrefix });
      }),
    [bridge, queryClient],
  );
}
