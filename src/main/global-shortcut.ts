import type { GlobalShortcutStatus, SetGlobalShortcutOutcome } from '../shared/bridge';
import { parseAccelerator } from '../shared/domain/accelerator';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import type { Log } from './log';
import { DEFAULT_GLOBAL_SHORTCUT, type Settings } from './settings';

/** Electron's globalShortcut, reduced to what is used; only valid after app 'ready'. */
export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
  isRegistered(accelerator: string): boolean;
}

export interface GlobalShortcutDeps {
  /** null where the host has no system-wide shortcuts. */
  globalShortcut: GlobalShortcutLike | null;
  settings: Pick<Settings, 'get' | 'setGlobalShortcut'>;
  /** Brings the window forward and opens the search. */
  onPress(): void;
  /** The registration changed; the renderer hears it as the bridge event `globalShortcutStatus`. */
  onStatus(status: GlobalShortcutStatus): void;
  log: Log;
}

export interface GlobalShortcutService {
  /** Registers the saved accelerator (the default when none or an invalid one is saved). */
  start(): GlobalShortcutStatus;
  status(): GlobalShortcutStatus;
  change(accelerator: string): SetGlobalShortcutOutcome;
  /** Unregisters what this service registered (on quit). */
  stop(): void;
}

/**
 * The system-wide search shortcut. A new accelerator replaces the old one only once it is registered;
 * when another application holds it, the old one is put back and stays in force.
 */
export function createGlobalShortcutService(deps: GlobalShortcutDeps): GlobalShortcutService {
  const { globalShortcut: registry, settings, log } = deps;
  let accelerator = parseAccelerator(settings.get().globalShortcut) ?? DEFAULT_GLOBAL_SHORTCUT;
  let registered = false;

  const status = (): GlobalShortcutStatus => ({ accelerator, registered, available: registry !== null });

  const press = (): void => {
    try {
      deps.onPress();
    } catch (error) {
      log(`Global shortcut handler failed: ${String(error)}`);
    }
  };

  /** Electron answers false, throws on a string it cannot convert, or fails silently when the OS refuses. */
  const tryRegister = (candidate: string): boolean => {
    if (!registry) return false;
    try {
      return registry.register(candidate, press) && registry.isRegistered(candidate);
    } catch (error) {
      log(`Global shortcut ${candidate} refused: ${String(error)}`);
      return false;
    }
  };

  const release = (): void => {
    if (registry && registered) registry.unregister(accelerator);
    registered = false;
  };

  return {
    start() {
      release();
      registered = tryRegister(accelerator);
      if (registry && !registered) log(`Global shortcut ${accelerator} is taken by another application`);
      deps.onStatus(status());
      return status();
    },

    status,

    change(requested) {
      const canonical = parseAccelerator(requested);
      if (canonical === null) return { ok: false, message: desktopTexts.shortcutInvalid, status: status() };
      if (!registry) return { ok: false, message: desktopTexts.shortcutDesktopOnly, status: status() };
      if (canonical === accelerator && registered) return { ok: true, status: status() };
      const previous = accelerator;
      const hadPrevious = registered;
      // Released first: 'Ctrl+K' and 'CommandOrControl+K' are one key on Windows and would clash with us.
      release();
      if (tryRegister(canonical)) {
        accelerator = canonical;
        registered = true;
        settings.setGlobalShortcut(canonical);
        deps.onStatus(status());
        return { ok: true, status: status() };
      }
      log(`Global shortcut ${canonical} is taken by another application; keeping ${previous}`);
      registered = hadPrevious && tryRegister(previous);
      deps.onStatus(status());
      return { ok: false, message: desktopTexts.shortcutTaken, status: status() };
    },

    stop() {
      release();
    },
  };
}

/**
 * A registry that lives in memory: for hosts without Electron (the e2e harness) and tests. `press`
 * plays the part of the user pressing the keys; `takenByOthers` plays other applications.
 */
export function createMemoryShortcutRegistry(takenByOthers: readonly string[] = []): GlobalShortcutLike & {
  press(accelerator: string): boolean;
  registered(): string[];
} {
  const callbacks = new Map<string, () => void>();
  return {
    register(accelerator, callback) {
      if (takenByOthers.includes(accelerator) || callbacks.has(accelerator)) return false;
      callbacks.set(accelerator, callback);
      return true;
    },
    unregister(accelerator) {
      callbacks.delete(accelerator);
    },
    isRegistered: (accelerator) => callbacks.has(accelerator),
    press(accelerator) {
      const callback = callbacks.get(accelerator);
      callback?.();
      return callback !== undefined;
    },
    registered: () => [...callbacks.keys()],
  };
}
