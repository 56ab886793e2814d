import { format, messages } from '../i18n/messages';

/**
 * Which chat pushes reach a user outside the chat screen (docs/user-guide.md#notifications): a new
 * message of someone else in the user's direct conversation, or a channel message that mentions the
 * user with `@Name`. Channel changes and one's own messages are news for the chat screen only.
 */
export type ChatNoticeKind = 'direct' | 'mention';

/** The parts of a chat push (the contract's ChatMessageEvent) a notice is decided and titled by. */
export interface ChatNoticeEvent {
  message_id: number | null;
  from_user_id: number | null;
  from_user_name: string | null;
  direct: boolean;
  mentioned_user_ids: readonly number[];
}

export function chatNoticeKind(event: ChatNoticeEvent, userId: number | null): ChatNoticeKind | null {
  if (event.message_id === null || userId === null || event.from_user_id === userId) return null;
  if (event.direct) return 'direct';
  return event.mentioned_user_ids.includes(userId) ? 'mention' : null;
}

/** The notice's title: who wrote, and how. */
export function chatNoticeTitle(kind: ChatNoticeKind, event: ChatNoticeEvent): string {
  const name = event.from_user_name?.trim() || messages.chatNoticeSomeone;
  return format(kind === 'direct' ? messages.chatNoticeDirect : messages.chatNoticeMention, { name });
}
