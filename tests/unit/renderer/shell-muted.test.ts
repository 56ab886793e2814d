import { describe, expect, it } from 'vitest';
import {
  addMutedKeyword,
  bellCount,
  canComplete,
  isDue,
  isMuted,
  notificationState,
  removeMutedKeyword,
  visibleNotifications,
} from '../../../src/renderer/src/shell/notifications/muted-keywords';

const item = (title: string, body: string, lead_name: string | null = null) => ({ title, body, lead_name });

describe('isMuted (see docs/requirements.md#shell-lists-and-chat muted keywords)', () => {
  it('hides by body, title or lead name', () => {
    expect(isMuted(item('Hatırlatma', 'Kampanya araması'), ['kampanya'])).toBe(true);
    expect(isMuted(item('Platform Girişi', 'x'), ['platform'])).toBe(true);
    expect(isMuted(item('Hatırlatma', 'x', 'Demo Lead'), ['demo'])).toBe(true);
    expect(isMuted(item('Hatırlatma', 'Ara'), ['kampanya'])).toBe(false);
  });

  it('folds Turkish letters and case on both sides', () => {
    expect(isMuted(item('Hatırlatma', 'IŞIK Bey aranacak'), ['ışık'])).toBe(true);
    expect(isMuted(item('Hatırlatma', 'ışık hanım'), ['ISIK'])).toBe(true);
    expect(isMuted(item('Hatırlatma', 'x', 'Şükrü Öztürk'), ['sukru'])).toBe(true);
    expect(isMuted(item('İade talebi', 'x'), ['iade'])).toBe(true);
  });

  it('reads the pushed event shape (leadName) as well', () => {
    expect(isMuted({ title: 'Hatırlatma', body: 'x', leadName: 'Ayşe Kaya' }, ['ayse'])).toBe(true);
  });

  it('ignores blank muted words', () => {
    expect(isMuted(item('a', 'b'), ['', '  '])).toBe(false);
  });

  it('filters a list', () => {
    const list = [item('A', 'kampanya'), item('B', 'ok')];
    expect(visibleNotifications(list, ['KAMPANYA'])).toEqual([list[1]]);
    expect(visibleNotifications(list, [])).toEqual(list);
  });
});

describe('addMutedKeyword / removeMutedKeyword (see docs/requirements.md#filters-and-list-input)', () => {
  it('adds a trimmed, non-empty, new word', () => {
    expect(addMutedKeyword(['a'], '  Işık  ')).toEqual({ ok: true, keywords: ['a', 'Işık'] });
  });

  it('refuses empty words', () => {
    expect(addMutedKeyword([], '   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a word already there, folded', () => {
    expect(addMutedKeyword(['Işık'], 'isik')).toEqual({ ok: false, reason: 'duplicate' });
    expect(addMutedKeyword(['demo'], 'DEMO')).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('refuses more than the preferences can hold', () => {
    const full = Array.from({ length: 100 }, (_, i) => `w${i}`);
    expect(addMutedKeyword(full, 'new')).toEqual({ ok: false, reason: 'tooMany' });
    expect(addMutedKeyword([], 'x'.repeat(101))).toEqual({ ok: false, reason: 'tooLong' });
  });

  it('removes exactly the word', () => {
    expect(removeMutedKeyword(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('notification states (see docs/requirements.md#notification-and-list-states)', () => {
  it('completes only open ones that are not Platform Girişi', () => {
    expect(canComplete({ title: 'Hatırlatma', completed: 0 })).toBe(true);
    expect(canComplete({ title: 'Hatırlatma', completed: 1 })).toBe(false);
    expect(canComplete({ title: 'Hatırlatma', completed: 2 })).toBe(false);
    expect(canComplete({ title: 'Platform Girişi', completed: 0 })).toBe(false);
  });

  it('names the states', () => {
    expect([0, 1, 2].map(notificationState)).toEqual(['open', 'done', 'overdue']);
  });
});

describe('bellCount', () => {
  const now = new Date(2026, 2, 10, 12, 0, 0);
  const row = (body: string, completed: number, start: string | null) => ({
    ...item('Hatırlatma', body),
    completed,
    start,
  });

  it('takes the server figure less the due open ones a muted word hides', () => {
    const results = [
      row('kampanya', 0, '2026-03-10 11:00:00'),
      row('kampanya', 0, '2026-03-10 13:00:00'),
      row('kampanya', 1, '2026-03-10 10:00:00'),
      row('ara', 0, '2026-03-10 09:00:00'),
    ];
    expect(bellCount({ unread: 2, results }, ['Kampanya'], now)).toBe(1);
    expect(bellCount({ unread: 2, results }, [], now)).toBe(2);
    expect(bellCount({ unread: 0, results }, ['kampanya'], now)).toBe(0);
  });

  it('counts the open, due ones of the list when a server of the spec alone sends no figure', () => {
    const results = [
      row('kampanya', 0, '2026-03-10 11:00:00'),
      row('arama', 0, '2026-03-10 11:30:00'),
      row('arama', 0, '2026-03-10 13:00:00'),
      row('arama', 1, '2026-03-10 10:00:00'),
      { ...item('Platform Girişi', 'giriş'), completed: 0, start: '2026-03-10 09:00:00' },
    ];
    expect(bellCount({ results }, [], now)).toBe(2);
    expect(bellCount({ results }, ['Kampanya'], now)).toBe(1);
  });

  it('counts a notification without start as due', () => {
    expect(isDue(null, now)).toBe(true);
    expect(isDue('2026-03-10 12:00:00', now)).toBe(true);
    expect(isDue('2026-03-10 12:00:01', now)).toBe(false);
  });
});
