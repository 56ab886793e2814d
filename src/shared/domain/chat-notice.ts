import type { ChatMessageEvent } from '../contract/realtime';
import { format, messages } from '../i18n/messages';

/**
 * Which chat pushes reach a user outside the chat screen (docs/user-guide.md#notifications): a new
 * message of someone else in the user's direct conversation, or a channel message that mentions the
 * user with `@Name`. Channel changes and one's own messages are news for the chat screen only.
 */
export type ChatNoticeKind = 'direct' | 'mention';

export function chatNoticeKind(event: ChatMessageEvent, userId: number | null): ChatNoticeKind | null {
  if (event.message_id === null || userId === null || event.from_user_id === userId) return null;
  if (event.direct) return 'direct';
  return event.mentioned_user_ids.includes(userId) ? 'mention' : null;
}

/** The notice's title: who wrote, and how. */
export function chatNoticeTitle(kind: ChatNoticeKind, event: ChatMessageEvent): string {
  const name = event.from_user_name?.trim() || messages.chatNoticeSomeone;
  return format(kind === 'direct' ? messages.chatNoticeDirect : messages.chatNoticeMention, { name });
}
