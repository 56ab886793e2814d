import { describe, expect, it } from 'vitest';
import { closeDecision, createWindowLifecycle, trayClickDecision } from '../../../src/main/window-lifecycle';

describe('window lifecycle', () => {
  it('hides the window to the tray on close unless a quit is under way', () => {
    expect(closeDecision({ quitting: false, trayAvailable: true })).toBe('hide');
    expect(closeDecision({ quitting: true, trayAvailable: true })).toBe('close');
  });

  it('closes for real where there is no tray to come back from', () => {
    expect(closeDecision({ quitting: false, trayAvailable: false })).toBe('close');
  });

  it('closes after the tray quit, app.quit or an OS shutdown marked the quit', () => {
    const lifecycle = createWindowLifecycle();
    expect(lifecycle.onClose(true)).toBe('hide');
    expect(lifecycle.onClose(true)).toBe('hide');
    expect(lifecycle.isQuitting()).toBe(false);
    lifecycle.markQuitting();
    expect(lifecycle.isQuitting()).toBe(true);
    expect(lifecycle.onClose(true)).toBe('close');
  });

  it('toggles the window from the tray icon', () => {
    expect(trayClickDecision({ visible: true, minimized: false })).toBe('hide');
    expect(trayClickDecision({ visible: false, minimized: false })).toBe('show');
    expect(trayClickDecision({ visible: true, minimized: true })).toBe('show');
    expect(trayClickDecision(null)).toBe('show');
  });
});
