import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '../../../../shared/contract';
import { readSpecPreferenceKeys, writeSpecPreferenceKeys, type PreferenceStorage } from './spec-browser-keys';

export { isLayout, type PreferenceStorage } from './spec-browser-keys';

/**
 * The server keeps the preferences (POST /preferences/); this copy in localStorage only paints the first
 * frame in the user's layout and colours before the answer arrives. One key per user, so a shared
 * browser does not show the previous user's dark mode to the next one.
 */
export function preferencesCacheKey(userId: number | null): string {
  return `crmPreferences_${userId ?? 'anon'}`;
}

/**
 * Reads the cached copy; anything damaged or from an older version falls back key by key. Without a copy
 * of the user's own, the spec's browser keys (a first start, a browser a client of the spec used) give
 * what they hold.
 */
export function readCachedPreferences(storage: PreferenceStorage | null, userId: number | null): Preferences {
  if (!storage) return { ...DEFAULT_PREFERENCES };
  let raw: unknown = null;
  try {
    const text = storage.getItem(preferencesCacheKey(userId));
    raw = text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    raw = null;
  }
  const whole = preferencesSchema.safeParse(raw);
  if (whole.success) return whole.data;
  if (typeof raw !== 'object' || raw === null) {
    return { ...DEFAULT_PREFERENCES, ...readSpecPreferenceKeys(storage, userId) };
  }
  // Key by key: one damaged value must not cost the user the others (say, a dark mode kept by hand).
  const record = raw as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, schema] of Object.entries(preferencesSchema.shape)) {
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return preferencesSchema.parse(merged);
}

export function writeCachedPreferences(
  storage: PreferenceStorage | null,
  userId: number | null,
  preferences: Preferences,
): void {
  if (!storage) return;
  try {
    storage.setItem(preferencesCacheKey(userId), JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the next start paints the defaults until the server answers.
  }
  writeSpecPreferenceKeys(storage, userId, preferences);
}

/** localStorage, or null where it is unavailable (Node tests, a locked-down browser). */
export function browserStorage(): PreferenceStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
