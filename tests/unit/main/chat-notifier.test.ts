import { describe, expect, it } from 'vitest';
import { createChatNotifier } from '../../../src/main/chat-notifier';
import type { ChatMessageEvent } from '../../../src/shared/contract/realtime';
import { messages } from '../../../src/shared/i18n/messages';
import { createRecordingNotifier } from './desktop-fakes';

const ME = 3;

const push = (extra: Partial<ChatMessageEvent>): ChatMessageEvent => ({
  channel_id: 9,
  message_id: 41,
  from_user_id: 5,
  from_user_name: 'Selin Korkmaz',
  direct: false,
  mentioned_user_ids: [],
  ...extra,
});

function setup(hidden: boolean) {
  const notifier = createRecordingNotifier();
  const opened: number[] = [];
  const chat = createChatNotifier({
    notifier,
    userId: () => Promise.resolve(ME),
    windowHidden: () => hidden,
    openChat: (channelId) => opened.push(channelId),
    log: () => undefined,
  });
  return { notifier, opened, chat };
}

describe('native chat notices', () => {
  it('a direct message or a mention becomes a native notification while the window is hidden', async () => {
    const { notifier, opened, chat } = setup(true);
    await chat.handlePush(push({ direct: true }));
    await chat.handlePush(push({ channel_id: 4, mentioned_user_ids: [8, ME] }));
    expect(notifier.shown.map((shown) => shown.title)).toEqual([
      'Yeni mesaj: Selin Korkmaz',
      'Selin Korkmaz sizi sohbette andı',
    ]);
    expect(notifier.shown[0]?.body).toBe(messages.chatNoticeBody);
    notifier.shown[1]?.onClick();
    expect(opened).toEqual([4]);
  });

  it('stays quiet for channel chatter, own messages, channel changes and a visible window', async () => {
    const hidden = setup(true);
    await hidden.chat.handlePush(push({}));
    await hidden.chat.handlePush(push({ direct: true, from_user_id: ME }));
    await hidden.chat.handlePush(push({ direct: true, message_id: null }));
    await hidden.chat.handlePush(push({ mentioned_user_ids: [8] }));
    expect(hidden.notifier.shown).toEqual([]);
    const visible = setup(false);
    await visible.chat.handlePush(push({ direct: true }));
    expect(visible.notifier.shown).toEqual([]);
  });
});
