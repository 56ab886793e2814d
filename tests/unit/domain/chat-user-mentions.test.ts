import { describe, expect, it } from 'vitest';
import { mentionedUserIds, mentionsName } from '../../../src/shared/domain/chat-user-mentions';

describe('chat user mentions', () => {
  it('finds @Name under Turkish case folding, at a word boundary', () => {
    expect(mentionsName('@İSMAİL YILDIZ bakar mısın', 'İsmail Yıldız')).toBe(true);
    expect(mentionsName('merhaba @ismail yıldız.', 'İsmail Yıldız')).toBe(true);
    expect(mentionsName('@Alican geldi', 'Ali')).toBe(false);
    expect(mentionsName('@Alican ve @Ali', 'Ali')).toBe(true);
    expect(mentionsName('Ali geldi', 'Ali')).toBe(false);
    expect(mentionsName('@ herkes', '  ')).toBe(false);
  });

  it('lists mentioned colleagues without the sender', () => {
    const users = [
      { id: 1, name: 'Ayşe Kaya' },
      { id: 2, name: 'Mert Demir' },
      { id: 3, name: 'Can Öz' },
    ];
    expect(mentionedUserIds('@ayşe kaya ve @Mert Demir, @Can Öz', users, 3)).toEqual([1, 2]);
    expect(mentionedUserIds('kimse yok', users, 1)).toEqual([]);
  });
});
