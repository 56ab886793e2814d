import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../src/shared/contract';
import {
  preferencesCacheKey,
  readCachedPreferences,
  writeCachedPreferences,
  type PreferenceStorage,
} from '../../../src/renderer/src/shell/preferences/preferences-cache';

function memoryStorage(
  initial: Record<string, string> = {},
): PreferenceStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('preferences cache (first paint)', () => {
  it('round-trips per user', () => {
    const storage = memoryStorage();
    const prefs = {
      ...DEFAULT_PREFERENCES,
      layout: 'head_navbar' as const,
      dark: true,
      mutedKeywords: ['demo'],
    };
    writeCachedPreferences(storage, 7, prefs);
    expect(readCachedPreferences(storage, 7)).toEqual(prefs);
    expect(readCachedPreferences(storage, 8)).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesCacheKey(7)).not.toBe(preferencesCacheKey(8));
  });

  it("keeps the spec's browser keys, and starts a browser without our copy from them", () => {
    const storage = memoryStorage();
    const prefs = {
      ...DEFAULT_PREFERENCES,
      layout: 'head_navbar' as const,
      dark: true,
      mutedKeywords: ['kampanya', 'demo'],
      favoriteShow: false,
    };
    writeCachedPreferences(storage, 7, prefs);
    expect(Object.fromEntries([...storage.data].filter(([key]) => !key.startsWith('crm')))).toEqual({
      theme: 'head_navbar',
      themeDark: 'true',
      mutedKeywords: '["kampanya","demo"]',
      sidebarNoteShow: 'true',
      favoriteShow: 'false',
    });
    // Keys a client of the spec left in the browser (no copy of ours, no owner): read at the first paint.
    const spec = memoryStorage({ theme: 'head_navbar', themeDark: '1', mutedKeywords: '["x", 3, ""]' });
    expect(readCachedPreferences(spec, 3)).toEqual({
      ...DEFAULT_PREFERENCES,
      layout: 'head_navbar',
      dark: true,
      mutedKeywords: ['x'],
    });
    // Damaged keys are skipped one by one.
    expect(readCachedPreferences(memoryStorage({ theme: 'sol', themeDark: 'belki' }), 3)).toEqual(
      DEFAULT_PREFERENCES,
    );
  });

  it('falls back to the defaults for damaged JSON or no storage', () => {
    expect(readCachedPreferences(memoryStorage({ [preferencesCacheKey(1)]: '{oops' }), 1)).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(readCachedPreferences(null, 1)).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps the valid keys of a partly damaged copy', () => {
    const storage = memoryStorage({
      [preferencesCacheKey(1)]: JSON.stringify({ dark: true, layout: 'sideways', mutedKeywords: 'x' }),
    });
    expect(readCachedPreferences(storage, 1)).toEqual({ ...DEFAULT_PREFERENCES, dark: true });
  });
});
