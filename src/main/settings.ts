import { z } from 'zod';
import type { ServerMode } from '../shared/bridge';
import { parseAccelerator } from '../shared/domain/accelerator';
import { cleanMutedKeywords, MUTED_KEYWORD_LIMIT } from '../shared/domain/muted-keywords';
import type { KeyValueStore } from './key-value-store';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface StoredSettings {
  serverMode: ServerMode | null;
  /** The remote API base; null in embedded mode, whose address changes on every start. */
  serverUrl: string | null;
  windowBounds: WindowBounds | null;
  /** The window was maximised when it last closed (its normal bounds are kept apart). */
  windowMaximized: boolean;
  globalShortcut: string;
}

export const DEFAULT_GLOBAL_SHORTCUT = 'CommandOrControl+K';

/** Ids of reminders already shown natively; old ones fall off (the server lists at most 100 anyway). */
export const SHOWN_NOTIFICATIONS_LIMIT = 500;

/** Flat keys: electron-store reads dots as nesting. */
export const SETTINGS_KEYS = {
  serverMode: 'serverMode',
  serverUrl: 'serverUrl',
  windowBounds: 'windowBounds',
  windowMaximized: 'windowMaximized',
  globalShortcut: 'globalShortcut',
  mutedKeywords: 'mutedKeywords',
  shownNotificationIds: 'shownNotificationIds',
} as const;

// The settings file can be edited by hand or left over from another version, so every read is checked
// and a bad value reads as unset rather than crashing the app.
const serverModeSchema = z.enum(['embedded', 'remote']);
const serverUrlSchema = z.url({ protocol: /^https?$/ });
const boundsSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
const shortcutSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => parseAccelerator(value) !== null);
const mutedKeywordsSchema = z.array(z.string()).max(MUTED_KEYWORD_LIMIT * 2);
const shownIdsSchema = z.array(z.number().int()).max(SHOWN_NOTIFICATIONS_LIMIT * 2);

function read<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>): T | null {
  const parsed = schema.safeParse(store.get(key));
  return parsed.success ? parsed.data : null;
}

export interface Settings {
  get(): StoredSettings;
  setServer(mode: ServerMode, serverUrl: string | null): void;
  setWindowBounds(bounds: WindowBounds, maximized?: boolean): void;
  setGlobalShortcut(accelerator: string): void;
  /** The notification drawer's muted words; they also silence native notifications. */
  mutedKeywords(): string[];
  /** Stores the cleaned list (trimmed, non-empty, no repeats) and answers it. */
  setMutedKeywords(words: readonly string[]): string[];
  shownNotificationIds(): number[];
  /** Adds ids to the shown list, keeping only the newest SHOWN_NOTIFICATIONS_LIMIT. */
  rememberShownNotifications(ids: readonly number[]): void;
}

export function createSettings(store: KeyValueStore): Settings {
  return {
    get: () => ({
      serverMode: read(store, SETTINGS_KEYS.serverMode, serverModeSchema),
      serverUrl: read(store, SETTINGS_KEYS.serverUrl, serverUrlSchema),
      windowBounds: read(store, SETTINGS_KEYS.windowBounds, boundsSchema),
      windowMaximized: read(store, SETTINGS_KEYS.windowMaximized, z.boolean()) ?? false,
      globalShortcut: read(store, SETTINGS_KEYS.globalShortcut, shortcutSchema) ?? DEFAULT_GLOBAL_SHORTCUT,
    }),
    setServer: (mode, serverUrl) => {
      store.set(SETTINGS_KEYS.serverMode, mode);
      if (serverUrl === null) store.delete(SETTINGS_KEYS.serverUrl);
      else store.set(SETTINGS_KEYS.serverUrl, serverUrl);
    },
    setWindowBounds: (bounds, maximized = false) => {
      const parsed = boundsSchema.safeParse(bounds);
      if (parsed.success) store.set(SETTINGS_KEYS.windowBounds, parsed.data);
      store.set(SETTINGS_KEYS.windowMaximized, maximized);
    },
    setGlobalShortcut: (accelerator) => {
      store.set(SETTINGS_KEYS.globalShortcut, shortcutSchema.parse(accelerator));
    },
    mutedKeywords: () =>
      cleanMutedKeywords(read(store, SETTINGS_KEYS.mutedKeywords, mutedKeywordsSchema) ?? []),
    setMutedKeywords: (words) => {
      const cleaned = cleanMutedKeywords(words);
      store.set(SETTINGS_KEYS.mutedKeywords, cleaned);
      return cleaned;
    },
    shownNotificationIds: () => read(store, SETTINGS_KEYS.shownNotificationIds, shownIdsSchema) ?? [],
    rememberShownNotifications: (ids) => {
      const before = read(store, SETTINGS_KEYS.shownNotificationIds, shownIdsSchema) ?? [];
      const fresh = ids.filter((id, index) => !before.includes(id) && ids.indexOf(id) === index);
      if (fresh.length === 0) return;
      store.set(SETTINGS_KEYS.shownNotificationIds, [...before, ...fresh].slice(-SHOWN_NOTIFICATIONS_LIMIT));
    },
  };
}
