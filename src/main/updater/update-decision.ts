import type { UpdateMode } from '../../shared/domain/update-mode';

/** How often `default` looks again after the check at start (VS Code looks hourly; a CRM needs less). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** Why the updater looks: the app started, the periodic timer, or the user pressed "check". */
export type UpdateTrigger = 'startup' | 'interval' | 'user';

/** Whether a check happens for this trigger under this mode. */
export function shouldCheck(mode: UpdateMode, trigger: UpdateTrigger): boolean {
  switch (mode) {
    case 'none':
      return false;
    case 'manual':
      return trigger === 'user';
    case 'start':
      return trigger !== 'interval';
    case 'default':
      return true;
  }
}

/** The periodic timer runs only under `default`. */
export function checkInterval(mode: UpdateMode): number | null {
  return mode === 'default' ? UPDATE_CHECK_INTERVAL_MS : null;
}

/** What the user may choose in the UI about an update (each is one button). */
export type UpdateChoice = 'download' | 'restart' | 'later';

/** What the updater does next. */
export type UpdateStep =
  /** Nothing to do (no update, or updates are off). */
  | 'ignore'
  /** Show "Yeni sürüm hazır" with İndir and wait for the user. */
  | 'offer'
  /** Download now, in the background. */
  | 'download'
  /** Show "Güncellemek için yeniden başlat" and wait. */
  | 'promptRestart'
  /** Quit and install now. */
  | 'installNow'
  /** Leave it; the downloaded update installs when the app next quits. */
  | 'installOnQuit';

export interface UpdateSituation {
  mode: UpdateMode;
  /** What the feed said: nothing new, a newer version, or a newer version already downloaded. */
  update: 'none' | 'available' | 'downloaded';
  /** The user's answer so far; null before they answered. */
  choice: UpdateChoice | null;
}

/**
 * The decision table (policy × update available × user choice). Under `none` nothing ever happens, even
 * if a stale download exists; `manual` downloads only when the user asks; `start` and `default` download
 * by themselves. A downloaded update is installed only when the user restarts, or when the app quits.
 */
export function nextUpdateStep({ mode, update, choice }: UpdateSituation): UpdateStep {
  if (mode === 'none' || update === 'none') return 'ignore';
  if (update === 'available') {
    if (mode === 'manual') return choice === 'download' ? 'download' : 'offer';
    return 'download';
  }
  if (choice === 'restart') return 'installNow';
  if (choice === 'later') return 'installOnQuit';
  return 'promptRestart';
}

/**
 * The mode when IT set none. Per-user installs (the NSIS installer, under %LOCALAPPDATA%) update
 * themselves; a per-machine install on Windows is the MSI, which IT updates by deploying a newer MSI, so
 * the per-user installer electron-updater would download must not run beside it.
 */
export function defaultUpdateMode(
  platform: NodeJS.Platform,
  execPath: string,
  localAppData: string | undefined,
): UpdateMode {
  if (platform !== 'win32' || !localAppData) return 'default';
  const base = localAppData.replace(/[\\/]+$/, '').toLowerCase();
  return execPath.toLowerCase().startsWith(`${base}\\`) ? 'default' : 'none';
}
