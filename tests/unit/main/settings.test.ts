import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import {
  createSettings,
  DEFAULT_GLOBAL_SHORTCUT,
  SHOWN_NOTIFICATIONS_LIMIT,
} from '../../../src/main/settings';

describe('settings', () => {
  it('starts unset with the default shortcut', () => {
    expect(createSettings(createMemoryStore()).get()).toEqual({
      serverMode: null,
      serverUrl: null,
      windowBounds: null,
      windowMaximized: false,
      globalShortcut: 'CommandOrControl+K',
    });
    expect(DEFAULT_GLOBAL_SHORTCUT).toBe('CommandOrControl+K');
  });

  it('saves and reads the server choice, bounds and shortcut', () => {
    const store = createMemoryStore();
    const settings = createSettings(store);
    settings.setServer('remote', 'https://crm.firma.com/api');
    settings.setWindowBounds({ x: 10, y: 20, width: 1400, height: 900 }, true);
    settings.setGlobalShortcut('CommandOrControl+Shift+K');
    expect(createSettings(store).get()).toEqual({
      serverMode: 'remote',
      serverUrl: 'https://crm.firma.com/api',
      windowBounds: { x: 10, y: 20, width: 1400, height: 900 },
      windowMaximized: true,
      globalShortcut: 'CommandOrControl+Shift+K',
    });
    settings.setServer('embedded', null);
    expect(settings.get()).toMatchObject({ serverMode: 'embedded', serverUrl: null });
  });

  it('reads hand-edited or foreign values as unset', () => {
    const store = createMemoryStore({
      serverMode: 'cloud',
      serverUrl: 'file:///etc/passwd',
      windowBounds: { width: -1, height: 'big' },
      windowMaximized: 'yes',
      globalShortcut: 42,
    });
    expect(createSettings(store).get()).toEqual({
      serverMode: null,
      serverUrl: null,
      windowBounds: null,
      windowMaximized: false,
      globalShortcut: DEFAULT_GLOBAL_SHORTCUT,
    });
  });
});

describe('settings: muted keywords and shown notifications', () => {
  it('keeps the muted words cleaned', () => {
    const store = createMemoryStore();
    const settings = createSettings(store);
    expect(settings.mutedKeywords()).toEqual([]);
    expect(settings.setMutedKeywords([' Işık ', '', 'ışık', 'teklif'])).toEqual(['Işık', 'teklif']);
    expect(createSettings(store).mutedKeywords()).toEqual(['Işık', 'teklif']);
    expect(createSettings(createMemoryStore({ mutedKeywords: 'ışık' })).mutedKeywords()).toEqual([]);
  });

  it('remembers shown notification ids without repeats, the newest SHOWN_NOTIFICATIONS_LIMIT', () => {
    const settings = createSettings(createMemoryStore());
    settings.rememberShownNotifications([1, 2, 2]);
    settings.rememberShownNotifications([2, 3]);
    expect(settings.shownNotificationIds()).toEqual([1, 2, 3]);
    settings.rememberShownNotifications(
      Array.from({ length: SHOWN_NOTIFICATIONS_LIMIT }, (_unused, i) => 100 + i),
    );
    const ids = settings.shownNotificationIds();
    expect(ids).toHaveLength(SHOWN_NOTIFICATIONS_LIMIT);
    expect(ids[0]).toBe(100);
  });

  it('reads an accelerator outside the allow-list as the default', () => {
    expect(createSettings(createMemoryStore({ globalShortcut: 'K' })).get().globalShortcut).toBe(
      DEFAULT_GLOBAL_SHORTCUT,
    );
  });
});
