import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createReminderNotifier, type Notifier } from '../../../src/main/reminder-notifier';
import { createSettings, type Settings } from '../../../src/main/settings';
import type { NotificationRow } from '../../../src/shared/contract/lead-detail';
import type { NotificationEvent } from '../../../src/shared/contract/realtime';
import { cleanMutedKeywords, isMutedNotification } from '../../../src/shared/domain/muted-keywords';
import { createRecordingNotifier } from './desktop-fakes';
import { createLogSpy } from './fakes';

// 14 May 2026, 12:00 local time: reminders are 'YYYY-MM-DD HH:mm:ss' in local time.
const NOW = new Date(2026, 4, 14, 12, 0, 0).getTime();

function push(overrides: Partial<NotificationEvent> = {}): NotificationEvent {
  return {
    id: 1,
    title: 'Hatırlatma',
    body: 'Müşteriyi ara',
    leadName: 'Işık Yılmaz',
    lead_id: 42,
    start: '2026-05-14 12:00:00',
    completed: 0,
    ...overrides,
  };
}

function row(overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id: 1,
    user_id: 3,
    user_name: 'Mehmet Öz',
    title: 'Hatırlatma',
    body: 'Geri dön',
    start: '2026-05-14 09:00:00',
    lead_id: 42,
    lead_name: 'Ayşe Çelik',
    completed: 0,
    completed_agent_name: null,
    note_id: 9,
    created_at: '2026-05-13 17:00:00',
    ...overrides,
  };
}

function setup(options: { rows?: NotificationRow[] | null; settings?: Settings; notifier?: Notifier } = {}) {
  const settings = options.settings ?? createSettings(createMemoryStore());
  const recording = createRecordingNotifier();
  const opened: (number | null)[] = [];
  let fetches = 0;
  const logSpy = createLogSpy();
  const reminders = createReminderNotifier({
    notifier: options.notifier ?? recording,
    settings,
    fetchNotifications: async () => {
      fetches += 1;
      return options.rows === undefined ? [] : options.rows;
    },
    openLead: (leadId) => opened.push(leadId),
    now: () => NOW,
    log: logSpy.log,
  });
  return {
    reminders,
    settings,
    shown: recording.shown,
    opened,
    fetches: () => fetches,
    logLines: logSpy.lines,
  };
}

describe('muted keywords (shared rule)', () => {
  it('folds Turkish letters and case on both sides', () => {
    const notification = { title: 'Hatırlatma', body: 'Fiyat teklifi', leadName: 'IŞIK YILMAZ' };
    expect(isMutedNotification(notification, ['ışık'])).toBe(true);
    expect(isMutedNotification(notification, ['isik'])).toBe(true);
    expect(isMutedNotification(notification, ['FİYAT'])).toBe(true);
    expect(isMutedNotification(notification, ['hatirlatma'])).toBe(true);
    expect(isMutedNotification(notification, ['çağrı', '  '])).toBe(false);
    expect(isMutedNotification({ ...notification, leadName: null }, ['yilmaz'])).toBe(false);
  });

  it('keeps only non-empty, new words', () => {
    expect(cleanMutedKeywords([' Işık ', '', '   ', 'ışık', 'ISIK', 'platform'])).toEqual([
      'Işık',
      'platform',
    ]);
  });
});

describe('reminder notifier: pushes', () => {
  it('shows a pushed reminder natively with the lead name; a click opens the lead', () => {
    const { reminders, shown, opened } = setup();
    reminders.handlePush(push());
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Hatırlatma', body: 'Işık Yılmaz: Müşteriyi ara' });
    shown[0]?.onClick();
    expect(opened).toEqual([42]);

    reminders.handlePush(
      push({ id: 2, leadName: null, lead_id: null, title: 'Platform Girişi', body: 'Giriş' }),
    );
    expect(shown[1]).toMatchObject({ title: 'Platform Girişi', body: 'Giriş' });
    shown[1]?.onClick();
    expect(opened).toEqual([42, null]);
  });

  it('shows each reminder once: its overdue update and completed ones stay silent', () => {
    const { reminders, shown } = setup();
    reminders.handlePush(push());
    reminders.handlePush(push({ completed: 2 }));
    reminders.handlePush(push({ id: 5, completed: 1 }));
    expect(shown).toHaveLength(1);
  });

  it('applies the muted words, Turkish-folded, to title, body and lead name', () => {
    const { reminders, settings, shown } = setup();
    settings.setMutedKeywords(['ISIK']);
    reminders.handlePush(push({ id: 1 }));
    settings.setMutedKeywords(['müşteri']);
    reminders.handlePush(push({ id: 2, leadName: 'Can Ak', body: 'MÜŞTERİ aranacak' }));
    settings.setMutedKeywords(['hatirlatma']);
    reminders.handlePush(push({ id: 3, leadName: 'Can Ak', body: 'Ara' }));
    expect(shown).toEqual([]);
    settings.setMutedKeywords(['teklif']);
    reminders.handlePush(push({ id: 4 }));
    expect(shown.map((notification) => notification.body)).toEqual(['Işık Yılmaz: Müşteriyi ara']);
  });

  it('survives a notifier the OS refuses', () => {
    const { reminders, logLines } = setup({
      notifier: {
        show: () => {
          throw new Error('notifications disabled');
        },
      },
    });
    expect(() => reminders.handlePush(push())).not.toThrow();
    expect(logLines.some((line) => line.includes('notifications disabled'))).toBe(true);
  });
});

describe('reminder notifier: reminders due while the app was closed', () => {
  const rows = [
    row({ id: 1 }),
    row({ id: 2, completed: 2, lead_name: 'Işık Yılmaz', body: 'Gecikmiş arama' }),
    row({ id: 3, completed: 1 }),
    row({ id: 4, start: '2026-05-14 12:30:00' }),
    row({ id: 5, start: null, title: 'Platform Girişi' }),
    row({ id: 6, start: '2026-05-14 12:00:00', lead_id: null, lead_name: null, body: 'Toplantı' }),
  ];

  it('shows the due, open or overdue ones once, at the next start too', async () => {
    const store = createMemoryStore();
    const first = setup({ rows, settings: createSettings(store) });
    expect(await first.reminders.catchUp()).toBe(3);
    expect(first.shown.map((notification) => notification.body)).toEqual([
      'Ayşe Çelik: Geri dön',
      'Işık Yılmaz: Gecikmiş arama',
      'Toplantı',
    ]);
    expect(await first.reminders.catchUp()).toBe(0);
    expect(first.shown).toHaveLength(3);

    // The app starts again with the same settings file.
    const again = setup({ rows, settings: createSettings(store) });
    expect(await again.reminders.catchUp()).toBe(0);
    expect(again.shown).toEqual([]);
    // ... and a push of a reminder already shown stays silent.
    again.reminders.handlePush(push({ id: 2, completed: 2 }));
    expect(again.shown).toEqual([]);
  });

  it('does not show a muted one later when the word is removed', async () => {
    const { reminders, settings, shown } = setup({ rows });
    settings.setMutedKeywords(['ışık']);
    expect(await reminders.catchUp()).toBe(2);
    expect(shown.map((notification) => notification.body)).toEqual(['Ayşe Çelik: Geri dön', 'Toplantı']);
    settings.setMutedKeywords([]);
    expect(await reminders.catchUp()).toBe(0);
  });

  it('sums up a long absence after a few reminders', async () => {
    const many = Array.from({ length: 10 }, (_unused, index) =>
      row({ id: 100 + index, body: `Arama ${index}` }),
    );
    const { reminders, shown, opened } = setup({ rows: many });
    expect(await reminders.catchUp()).toBe(10);
    expect(shown).toHaveLength(4);
    expect(shown[3]).toMatchObject({ title: '7 hatırlatma daha' });
    shown[3]?.onClick();
    expect(opened).toEqual([null]);
  });

  it('asks the server once for simultaneous callers and shows nothing when it cannot', async () => {
    const ok = setup({ rows });
    await Promise.all([ok.reminders.catchUp(), ok.reminders.catchUp()]);
    expect(ok.fetches()).toBe(1);
    expect(ok.shown).toHaveLength(3);

    const offline = setup({ rows: null });
    expect(await offline.reminders.catchUp()).toBe(0);
    expect(offline.settings.shownNotificationIds()).toEqual([]);
  });
});
