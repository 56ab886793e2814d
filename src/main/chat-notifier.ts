import type { ChatMessageEvent } from '../shared/contract/realtime';
import { chatNoticeKind, chatNoticeTitle } from '../shared/domain/chat-notice';
import { messages } from '../shared/i18n/messages';
import type { Log } from './log';
import type { Notifier } from './reminder-notifier';

export interface ChatNotifierDeps {
  notifier: Notifier;
  /** The signed-in user's id (the session's), null when nobody is signed in. */
  userId(): Promise<number | null>;
  /** true while the main window is hidden to the tray or minimised: the renderer's toast is not seen. */
  windowHidden(): boolean;
  /** Brings the window forward on the chat channel (bridge event `openChat`). */
  openChat(channelId: number): void;
  log: Log;
}

export interface ChatNotifier {
  /** A `chatMessage` push from the server. */
  handlePush(event: ChatMessageEvent): Promise<void>;
}

/**
 * Direct messages and `@Name` mentions while the window is hidden become native notifications
 * (docs/user-guide.md#notifications); a visible window shows the renderer's toast and badge instead.
 */
export function createChatNotifier(deps: ChatNotifierDeps): ChatNotifier {
  return {
    async handlePush(event) {
      if (event.message_id === null || !deps.windowHidden()) return;
      const kind = chatNoticeKind(event, await deps.userId());
      if (kind === null) return;
      try {
        deps.notifier.show({
          title: chatNoticeTitle(kind, event),
          body: messages.chatNoticeBody,
          onClick: () => deps.openChat(event.channel_id),
        });
      } catch (error) {
        // The OS may refuse (notifications disabled); the badge still counts the message.
        deps.log(`Native notification failed: ${String(error)}`);
      }
    },
  };
}
