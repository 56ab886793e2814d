import { describe, expect, it } from 'vitest';
import {
  chatBadgeCount,
  isChatPath,
  openChatChannel,
} from '../../../src/renderer/src/shell/chat-notices/chat-badge';

const direct = (id: number, unread: number) => ({
  id,
  user_id: id + 100,
  user_name: `Kişi ${id}`,
  unread,
  last_message_at: null,
});

describe('the Sohbet badge', () => {
  it('sums the direct conversations unread and the channels with an unseen mention', () => {
    expect(chatBadgeCount({ directs: [direct(1, 2), direct(2, 0), direct(3, 5)] }, new Set([7]))).toBe(8);
    expect(chatBadgeCount(undefined, new Set())).toBe(0);
  });

  it('knows the chat addresses and the open channel', () => {
    expect(openChatChannel('/chat/ch/12')).toBe(12);
    expect(openChatChannel('/chat')).toBeNull();
    expect(openChatChannel('/chatx/ch/12')).toBeNull();
    expect(isChatPath('/chat')).toBe(true);
    expect(isChatPath('/chat/ch/3')).toBe(true);
    expect(isChatPath('/chats')).toBe(false);
    expect(isChatPath('/list/leads')).toBe(false);
  });
});
