import { describe, expect, it } from 'vitest';
import { CHAT_MENTIONS_MAX, mentionedLeadIds, splitMentions } from '../../../src/shared/domain/chat-mentions';

describe('chat lead mentions', () => {
  it('splits a message into text and #LEAD mentions, in order', () => {
    expect(splitMentions('Bakar mısın #LEAD123, sonra #lead7.')).toEqual([
      { kind: 'text', text: 'Bakar mısın ' },
      { kind: 'lead', text: '#LEAD123', leadId: 123 },
      { kind: 'text', text: ', sonra ' },
      { kind: 'lead', text: '#lead7', leadId: 7 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves what names no lead as text: no digits, a leading zero, letters after, too big a number', () => {
    for (const body of ['#LEAD', '#LEAD0', '#LEAD012', '#LEAD12abc', '#LEAD99999999999', 'LEAD12']) {
      expect(splitMentions(body).every((part) => part.kind === 'text')).toBe(true);
      expect(
        splitMentions(body)
          .map((part) => part.text)
          .join(''),
      ).toBe(body);
    }
    expect(mentionedLeadIds('#LEAD2147483648 #LEAD2147483647')).toEqual([2_147_483_647]);
  });

  it('keeps markup as plain text for the screen to show as written', () => {
    expect(splitMentions('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('names each lead once and at most CHAT_MENTIONS_MAX of them', () => {
    expect(mentionedLeadIds('#LEAD5 #LEAD5 #LEAD6')).toEqual([5, 6]);
    const many = Array.from({ length: CHAT_MENTIONS_MAX + 5 }, (_, i) => `#LEAD${i + 1}`).join(' ');
    expect(mentionedLeadIds(many)).toHaveLength(CHAT_MENTIONS_MAX);
  });
});
