import type { CallResult } from '../../../../shared/contract';

/** The chat entry of the menu (crm_tables.table_name, url 'chat'). */
export const CHAT_MENU_TABLE = 'chat';

/**
 * The Sohbet menu entry's count (docs/user-guide.md#notifications): unread messages of the user's direct
 * conversations, plus the channels where someone mentioned the user since they last opened them.
 */
export function chatBadgeCount(
  lists: Pick<CallResult<'chatChannels'>, 'directs'> | undefined,
  mentionedChannels: ReadonlySet<number>,
): number {
  const direct = (lists?.directs ?? []).reduce((sum, conversation) => sum + conversation.unread, 0);
  return direct + mentionedChannels.size;
}

/** The channel an address shows (/chat/ch/{id}), or null. */
export function openChatChannel(pathname: string): number | null {
  const match = /^\/chat\/ch\/([1-9]\d{0,9})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

export const isChatPath = (pathname: string): boolean =>
  pathname === '/chat' || pathname.startsWith('/chat/');
