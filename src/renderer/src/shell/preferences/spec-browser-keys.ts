import { LAYOUTS, MUTED_KEYWORDS_MAX, type Layout, type Preferences } from '../../../../shared/contract';

/** The part of the Web Storage API the cache needs, so tests can pass a plain map. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function isLayout(value: unknown): value is Layout {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

/**
 * The browser storage keys the spec names for preferences (see docs/requirements.md#records-notes-and-settings): theme (the menu's place),
 * themeDark, mutedKeywords, sidebarNoteShow and favoriteShow. The server keeps the preferences; these keys
 * hold the same values in the browser as the spec's clients keep them, and a first start reads them
 * before the server answers (see docs/api-conformance.md#browser-preferences).
 */
export const SPEC_PREFERENCE_KEYS = {
  theme: 'theme',
  themeDark: 'themeDark',
  mutedKeywords: 'mutedKeywords',
  sidebarNoteShow: 'sidebarNoteShow',
  favoriteShow: 'favoriteShow',
} as const;

function flag(text: string | null): boolean | undefined {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

function words(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return undefined;
    const list = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return list.slice(0, MUTED_KEYWORDS_MAX).map((item) => item.slice(0, 100));
  } catch {
    return undefined;
  }
}

/**
 * Which of our users the keys were last written for: the keys are the browser's, not the user's, so
 * another user of a shared browser never starts with them (they wait for the server's answer instead).
 */
export const SPEC_KEYS_OWNER = 'crmPreferencesOwner';

/**
 * What the spec's keys hold for `userId`, key by key; a missing or damaged key is left out. Keys our app
 * wrote for another user give nothing.
 */
export function readSpecPreferenceKeys(
  storage: PreferenceStorage,
  userId: number | null,
): Partial<Preferences> {
  const read = (key: string): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const owner = read(SPEC_KEYS_OWNER);
  if (owner !== null && owner !== String(userId ?? 'anon')) return {};
  const found: Partial<Preferences> = {};
  const layout = read(SPEC_PREFERENCE_KEYS.theme);
  if (isLayout(layout)) found.layout = layout;
  const dark = flag(read(SPEC_PREFERENCE_KEYS.themeDark));
  if (dark !== undefined) found.dark = dark;
  const muted = words(read(SPEC_PREFERENCE_KEYS.mutedKeywords));
  if (muted !== undefined) found.mutedKeywords = muted;
  const notes = flag(read(SPEC_PREFERENCE_KEYS.sidebarNoteShow));
  if (notes !== undefined) found.sidebarNoteShow = notes;
  const favorites = flag(read(SPEC_PREFERENCE_KEYS.favoriteShow));
  if (favorites !== undefined) found.favoriteShow = favorites;
  return found;
}

/** Writes the preferences under the spec's keys (booleans as true/false, the words as a JSON list). */
export function writeSpecPreferenceKeys(
  storage: PreferenceStorage,
  userId: number | null,
  preferences: Preferences,
): void {
  const entries: [string, string][] = [
    [SPEC_KEYS_OWNER, String(userId ?? 'anon')],
    [SPEC_PREFERENCE_KEYS.theme, preferences.layout],
    [SPEC_PREFERENCE_KEYS.themeDark, String(preferences.dark)],
    [SPEC_PREFERENCE_KEYS.mutedKeywords, JSON.stringify(preferences.mutedKeywords)],
    [SPEC_PREFERENCE_KEYS.sidebarNoteShow, String(preferences.sidebarNoteShow)],
    [SPEC_PREFERENCE_KEYS.favoriteShow, String(preferences.favoriteShow)],
  ];
  try {
    for (const [key, value] of entries) storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the server still has them.
  }
}
