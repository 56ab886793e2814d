import type { UpdateState, UpdateStatus } from '../../shared/bridge';
import type { UpdateMode } from '../../shared/domain/update-mode';
import { desktopTexts } from '../../shared/i18n/desktop-texts';
import type { Log } from '../log';
import type { Schedule } from '../timers';
import { checkInterval, nextUpdateStep, shouldCheck, type UpdateTrigger } from './update-decision';
import { classifyUpdateError, updateErrorMessage } from './update-errors';
import type { DownloadedUpdate, UpdateVerdict } from './update-verify';

/** What electron-updater reports, reduced to what the service needs (index.ts adapts autoUpdater). */
export type UpdaterEvent =
  | { type: 'available'; version: string }
  | { type: 'notAvailable' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string; file: string };

/**
 * electron-updater's autoUpdater behind an interface, so the decisions run under plain Node. Failures
 * (network, a checksum or signature mismatch) reject the promises; the events carry only progress.
 */
export interface UpdaterLike {
  /** Points the generic provider at IT's feed; not called when the feed baked in at build time applies. */
  setFeedUrl(url: string): void;
  /** Downloads only when told to, and installs a downloaded update when the app quits (or never). */
  configure(options: { autoDownload: false; autoInstallOnAppQuit: boolean }): void;
  checkForUpdates(): Promise<void>;
  downloadUpdate(): Promise<void>;
  quitAndInstall(): void;
  onEvent(listener: (event: UpdaterEvent) => void): void;
}

export interface UpdateServiceDeps {
  /** null when the app is not installed (development, tests): updates are off. */
  updater: UpdaterLike | null;
  mode: UpdateMode;
  /** IT's feed (policy UpdateURL, else CRM_UPDATE_URL); null: the one baked in by electron-builder. */
  feedUrl: string | null;
  /** false when there is neither a feed URL nor a baked-in app-update.yml. */
  hasFeed: boolean;
  emit(status: UpdateStatus): void;
  /** Lets the window close for real before the installer runs (the tray would otherwise hide it). */
  beforeInstall(): void;
  /**
   * The app's own check of a downloaded file (signature, version) before it may be installed; without
   * it, or when it says no, nothing downloaded is ever installed (update-verify.ts).
   */
  verifyDownloaded?: (update: DownloadedUpdate) => Promise<UpdateVerdict>;
  schedule: Schedule;
  log: Log;
}

export interface UpdateService {
  start(): void;
  status(): UpdateStatus;
  check(trigger?: UpdateTrigger): Promise<UpdateStatus>;
  download(): Promise<UpdateStatus>;
  restart(): void;
  stop(): void;
}

export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const { updater, mode, log } = deps;
  const disabledMessage =
    mode === 'none'
      ? desktopTexts.updateDisabledByPolicy
      : !updater
        ? desktopTexts.updateNotInstalled
        : !deps.hasFeed
          ? desktopTexts.updateNoFeed
          : null;
  const active = disabledMessage === null;
  let current: UpdateStatus = {
    state: active ? 'idle' : 'disabled',
    mode,
    version: null,
    percent: null,
    message: disabledMessage,
    canCheck: active && shouldCheck(mode, 'user'),
    userAsked: false,
  };
  let cancelTimer: (() => void) | null = null;

  const busy = (state: UpdateState): boolean => state === 'checking' || state === 'downloading';

  const set = (patch: Partial<UpdateStatus>): void => {
    const next = { ...current, ...patch };
    next.canCheck = active && shouldCheck(mode, 'user') && !busy(next.state) && next.state !== 'downloaded';
    current = next;
    deps.emit(current);
  };

  const fail = (error: unknown, trigger: UpdateTrigger | 'download'): void => {
    log(
      `Update ${trigger === 'download' ? 'download' : 'check'} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    // A background check that found the network down is no news for the user; a refused file and
    // anything the user asked for are.
    if (trigger !== 'download' && trigger !== 'user' && classifyUpdateError(error) === 'other') {
      set({ state: 'idle', percent: null, message: null });
      return;
    }
    set({ state: 'error', percent: null, message: updateErrorMessage(error) });
  };

  const download = async (): Promise<void> => {
    if (!updater) return;
    set({ state: 'downloading', percent: 0, message: null });
    try {
      await updater.downloadUpdate();
    } catch (error) {
      fail(error, 'download');
    }
  };

  /** A download passed the app's own check: only then may it install (now, or when the app quits). */
  let verified = false;

  const acceptDownload = async (event: { version: string; file: string }): Promise<void> => {
    let verdict: UpdateVerdict;
    try {
      verdict = deps.verifyDownloaded
        ? await deps.verifyDownloaded(event)
        : { ok: false, reason: 'noKey', detail: 'no update check is configured' };
    } catch (error) {
      verdict = {
        ok: false,
        reason: 'noSignature',
        detail: error instanceof Error ? error.message : String(error),
      };
    }
    if (!verdict.ok) {
      log(`Update ${event.version} refused (${verdict.reason}): ${verdict.detail}`);
      set({
        state: 'error',
        version: event.version,
        percent: null,
        message: desktopTexts.updateSignatureRejected,
      });
      return;
    }
    verified = true;
    updater?.configure({ autoDownload: false, autoInstallOnAppQuit: true });
    log(`Update ${event.version} verified`);
    set({ state: 'downloaded', version: event.version, percent: 100, message: null });
  };

  if (updater && active) {
    if (deps.feedUrl) updater.setFeedUrl(deps.feedUrl);
    // Nothing installs on quit until the app's own check has passed (acceptDownload).
    updater.configure({ autoDownload: false, autoInstallOnAppQuit: false });
    updater.onEvent((event) => {
      switch (event.type) {
        case 'notAvailable':
          set({ state: 'upToDate', version: null, percent: null, message: null });
          return;
        case 'available': {
          set({ version: event.version });
          const step = nextUpdateStep({ mode, update: 'available', choice: null });
          if (step === 'download') void download();
          else if (step === 'offer') set({ state: 'available', percent: null, message: null });
          return;
        }
        case 'progress':
          if (current.state === 'downloading') {
            set({ percent: Math.max(0, Math.min(100, Math.round(event.percent))) });
          }
          return;
        case 'downloaded':
          void acceptDownload(event);
          return;
      }
    });
  }

  const check = async (trigger: UpdateTrigger = 'user'): Promise<UpdateStatus> => {
    if (!updater || !active || !shouldCheck(mode, trigger)) return current;
    // One at a time, and a downloaded update waits for its restart rather than being fetched again.
    if (busy(current.state) || current.state === 'downloaded') return current;
    set({ state: 'checking', percent: null, message: null, userAsked: trigger === 'user' });
    try {
      await updater.checkForUpdates();
      // A feed that answered without either event (e.g. a check skipped by electron-updater) is no news.
      if (current.state === 'checking') set({ state: 'idle' });
    } catch (error) {
      fail(error, trigger);
    }
    return current;
  };

  const scheduleNext = (): void => {
    const every = checkInterval(mode);
    if (every === null || !active) return;
    cancelTimer = deps.schedule(() => {
      void check('interval').finally(scheduleNext);
    }, every);
  };

  return {
    start() {
      if (!active) return;
      void check('startup');
      scheduleNext();
    },
    status: () => current,
    check: (trigger) => check(trigger ?? 'user'),
    async download() {
      if (current.state !== 'available') return current;
      if (nextUpdateStep({ mode, update: 'available', choice: 'download' }) === 'download') await download();
      return current;
    },
    restart() {
      if (!updater || current.state !== 'downloaded' || !verified) return;
      if (nextUpdateStep({ mode, update: 'downloaded', choice: 'restart' }) !== 'installNow') return;
      deps.beforeInstall();
      updater.quitAndInstall();
    },
    stop() {
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
