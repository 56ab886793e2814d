/**
 * Pure decisions of the window's life beside the tray; index.ts feeds them Electron's events. Closing the
 * window hides it so reminders keep arriving; only a real quit (tray 'Çıkış', app.quit, OS shutdown or
 * log-off) closes it.
 */

export type CloseDecision = 'hide' | 'close';

export interface CloseContext {
  /** A quit is under way: the tray's 'Çıkış', app.quit() (before-quit), or the OS ending the session. */
  quitting: boolean;
  /** Without a tray icon (some Linux desktops have no tray) a hidden window could never be found again. */
  trayAvailable: boolean;
}

export function closeDecision(context: CloseContext): CloseDecision {
  return !context.quitting && context.trayAvailable ? 'hide' : 'close';
}

export type TrayClickDecision = 'show' | 'hide';

/** A click on the tray icon toggles: a window on screen goes to the tray, a hidden or minimised one comes back. */
export function trayClickDecision(
  window: { visible: boolean; minimized: boolean } | null,
): TrayClickDecision {
  return window !== null && window.visible && !window.minimized ? 'hide' : 'show';
}

export interface WindowLifecycle {
  /** Called on before-quit, by the tray's 'Çıkış' and on OS shutdown/session end. */
  markQuitting(): void;
  isQuitting(): boolean;
  onClose(trayAvailable: boolean): CloseDecision;
}

export function createWindowLifecycle(): WindowLifecycle {
  let quitting = false;
  return {
    markQuitting: () => {
      quitting = true;
    },
    isQuitting: () => quitting,
    onClose: (trayAvailable) => closeDecision({ quitting, trayAvailable }),
  };
}
