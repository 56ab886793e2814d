import { describe, expect, it } from 'vitest';
import {
  APP_WINDOW_TITLE,
  createWindowOptions,
  DEFAULT_WINDOW_SIZE,
  isOnSomeDisplay,
  MIN_WINDOW_SIZE,
} from '../../../src/main/window-options';

describe('createWindowOptions', () => {
  it('locks the renderer down: isolated, sandboxed, no Node, web security on', () => {
    const options = createWindowOptions({ preloadPath: '/app/out/preload/index.cjs' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });

  it('opens hidden with a Turkish title, a default size and a minimum size', () => {
    const options = createWindowOptions({ preloadPath: 'p' });
    expect(options).toMatchObject({
      show: false,
      title: 'Aracı Kurum CRM',
      width: DEFAULT_WINDOW_SIZE.width,
      height: DEFAULT_WINDOW_SIZE.height,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
    });
    expect(options.x).toBeUndefined();
    expect(APP_WINDOW_TITLE).toBe('Aracı Kurum CRM');
  });

  it('uses saved bounds, never below the minimum size', () => {
    expect(
      createWindowOptions({ preloadPath: 'p', bounds: { x: 40, y: 30, width: 1600, height: 1000 } }),
    ).toMatchObject({ x: 40, y: 30, width: 1600, height: 1000 });
    expect(createWindowOptions({ preloadPath: 'p', bounds: { width: 300, height: 200 } })).toMatchObject({
      width: MIN_WINDOW_SIZE.width,
      height: MIN_WINDOW_SIZE.height,
    });
  });
});

describe('isOnSomeDisplay', () => {
  const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
  const leftMonitor = { x: -2560, y: 0, width: 2560, height: 1400 };

  it('accepts bounds on a connected display, including one left of the primary', () => {
    expect(isOnSomeDisplay({ x: 100, y: 50, width: 1366, height: 860 }, [laptop])).toBe(true);
    expect(isOnSomeDisplay({ x: -2000, y: 100, width: 1366, height: 860 }, [laptop, leftMonitor])).toBe(true);
  });

  it('refuses bounds on a display that is gone', () => {
    expect(isOnSomeDisplay({ x: -2000, y: 100, width: 1366, height: 860 }, [laptop])).toBe(false);
    expect(isOnSomeDisplay({ x: 100, y: 3000, width: 1366, height: 860 }, [laptop])).toBe(false);
  });

  it('accepts bounds without a position', () => {
    expect(isOnSomeDisplay({ width: 1366, height: 860 }, [])).toBe(true);
  });
});
