import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import type { WindowBounds } from './settings';

/** The window title until the renderer sets its own (team or application name, docs/requirements.md#shell-lists-and-chat). */
export const APP_WINDOW_TITLE = desktopTexts.appName;

export const DEFAULT_WINDOW_SIZE = { width: 1366, height: 860 } as const;
/** Below this the list screens with their side panel no longer fit. */
export const MIN_WINDOW_SIZE = { width: 1024, height: 640 } as const;

export interface WindowOptionsInput {
  preloadPath: string;
  /** Saved bounds; the caller passes them only when they are still on a connected display. */
  bounds?: WindowBounds | null;
}

/**
 * Options of the one BrowserWindow. The renderer is treated as untrusted content: isolated, sandboxed,
 * no Node, web security on; it reaches the app only through the preload's window.crm.
 */
export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const bounds = input.bounds ?? null;
  const width = Math.max(bounds?.width ?? DEFAULT_WINDOW_SIZE.width, MIN_WINDOW_SIZE.width);
  const height = Math.max(bounds?.height ?? DEFAULT_WINDOW_SIZE.height, MIN_WINDOW_SIZE.height);
  const position = bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {};
  return {
    title: APP_WINDOW_TITLE,
    width,
    height,
    ...position,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // Shown on ready-to-show, so the user never sees an empty white frame.
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** Saved bounds are used only if their top-left corner area is on a display that is still connected. */
export function isOnSomeDisplay(bounds: WindowBounds, workAreas: readonly Rectangle[]): boolean {
  if (bounds.x === undefined || bounds.y === undefined) return true;
  const { x, y } = bounds;
  // Enough of the title bar must be reachable to drag the window.
  return workAreas.some(
    (area) =>
      x + 100 > area.x && x < area.x + area.width - 50 && y >= area.y - 10 && y < area.y + area.height - 50,
  );
}
