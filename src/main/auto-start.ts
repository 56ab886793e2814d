/** The login item starts the app with this argument: it comes up in the tray, without a window. */
export const HIDDEN_ARG = '--hidden';

/** Electron's app.get/setLoginItemSettings (Windows and macOS). */
export interface LoginItemsLike {
  getLoginItemSettings(options?: { args?: string[] }): { openAtLogin: boolean; wasOpenedAtLogin?: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
}

export interface AutostartFiles {
  exists(path: string): boolean;
  write(path: string, text: string): void;
  remove(path: string): void;
  ensureDir(path: string): void;
}

export interface AutoStartDeps {
  platform: NodeJS.Platform;
  loginItems: LoginItemsLike;
  /** Linux: the program to start (the AppImage's own path when run as one, else the executable). */
  executable: string;
  /** Linux: $XDG_CONFIG_HOME or ~/.config. */
  configDir: string;
  files: AutostartFiles;
}

export interface AutoStart {
  enabled(): boolean;
  set(enabled: boolean): void;
}

export const LINUX_AUTOSTART_FILE = 'crm-desktop.desktop';

/** An XDG autostart entry (freedesktop Desktop Entry spec); Exec quotes the path as that spec requires. */
export function linuxAutostartEntry(executable: string, name: string): string {
  const quoted = `"${executable.replace(/(["`$\\])/g, '\\$1')}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${name}`,
    `Exec=${quoted} ${HIDDEN_ARG}`,
    'X-GNOME-Autostart-enabled=true',
    'Terminal=false',
    '',
  ].join('\n');
}

/** Starting at login, as an option of the tray menu: Windows/macOS login items, Linux XDG autostart. */
export function createAutoStart(deps: AutoStartDeps, appName: string): AutoStart {
  const linuxFile = `${deps.configDir}/autostart/${LINUX_AUTOSTART_FILE}`;
  if (deps.platform === 'linux') {
    return {
      enabled: () => deps.files.exists(linuxFile),
      set(enabled) {
        if (!enabled) {
          if (deps.files.exists(linuxFile)) deps.files.remove(linuxFile);
          return;
        }
        deps.files.ensureDir(`${deps.configDir}/autostart`);
        deps.files.write(linuxFile, linuxAutostartEntry(deps.executable, appName));
      },
    };
  }
  // Windows keeps the arguments with the Run entry and needs them to find it again.
  const args = deps.platform === 'win32' ? [HIDDEN_ARG] : undefined;
  return {
    enabled: () => deps.loginItems.getLoginItemSettings(args ? { args } : undefined).openAtLogin,
    set: (enabled) =>
      deps.loginItems.setLoginItemSettings(args ? { openAtLogin: enabled, args } : { openAtLogin: enabled }),
  };
}

/**
 * Whether this start stays in the tray: started by the login item (the argument, or macOS's own flag),
 * and only where a tray exists, since a hidden window without one could never be found.
 */
export function startsHidden(
  argv: readonly string[],
  wasOpenedAtLogin: boolean,
  trayAvailable: boolean,
): boolean {
  return trayAvailable && (argv.includes(HIDDEN_ARG) || wasOpenedAtLogin);
}
