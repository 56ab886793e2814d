import { z } from 'zod';
import type { ServerMode } from '../shared/bridge';
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
  globalShortcut: string;
}

export const DEFAULT_GLOBAL_SHORTCUT = 'CommandOrControl+K';

/** Flat keys: electron-store reads dots as nesting. */
export const SETTINGS_KEYS = {
  serverMode: 'serverMode',
  serverUrl: 'serverUrl',
  windowBounds: 'windowBounds',
  globalShortcut: 'globalShortcut',
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
const shortcutSchema = z.string().min(1).max(64);

function read<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>): T | null {
  const parsed = schema.safeParse(store.get(key));
  return parsed.success ? parsed.data : null;
}

export interface Settings {
  get(): StoredSettings;
  setServer(mode: ServerMode, serverUrl: string | null): void;
  setWindowBounds(bounds: WindowBounds): void;
  setGlobalShortcut(accelerator: string): void;
}

export function createSettings(store: KeyValueStore): Settings {
  return {
    get: () => ({
      serverMode: read(store, SETTINGS_KEYS.serverMode, serverModeSchema),
      serverUrl: read(store, SETTINGS_KEYS.serverUrl, serverUrlSchema),
      windowBounds: read(store, SETTINGS_KEYS.windowBounds, boundsSchema),
      globalShortcut: read(store, SETTINGS_KEYS.globalShortcut, shortcutSchema) ?? DEFAULT_GLOBAL_SHORTCUT,
    }),
    setServer: (mode, serverUrl) => {
      store.set(SETTINGS_KEYS.serverMode, mode);
      if (serverUrl === null) store.delete(SETTINGS_KEYS.serverUrl);
      else store.set(SETTINGS_KEYS.serverUrl, serverUrl);
    },
    setWindowBounds: (bounds) => {
      const parsed = boundsSchema.safeParse(bounds);
      if (parsed.success) store.set(SETTINGS_KEYS.windowBounds, parsed.data);
    },
    setGlobalShortcut: (accelerator) => {
      store.set(SETTINGS_KEYS.globalShortcut, shortcutSchema.parse(accelerator));
    },
  };
}
