import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { CHAT_UNREAD_CAP } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';
import { useChatBadge } from './chat-badge-context';

/** The unread count beside the Sohbet entry (side menu, top menu, bottom bar); nothing at zero. */
export function ChatBadge(): ReactNode {
  const count = useChatBadge();
  if (count <= 0) return null;
  const text = count > CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP}+` : String(count);
  return (
    <Tag
      round
      intent="danger"
      className="chat-badge"
      aria-label={format(messages.chatBadgeLabel, { count })}
      data-testid="chat-badge"
      data-count={count}
    >
      {text}
    </Tag>
  );
}
