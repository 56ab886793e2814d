import { describe, expect, it } from 'vitest';
import { createGlobalShortcutService, createMemoryShortcutRegistry } from '../../../src/main/global-shortcut';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createSettings } from '../../../src/main/settings';
import type { GlobalShortcutStatus } from '../../../src/shared/bridge';
import { parseAccelerator } from '../../../src/shared/domain/accelerator';
import { createLogSpy } from './fakes';

function setup(options: { takenByOthers?: string[]; saved?: string; registry?: 'none' } = {}) {
  const registry = createMemoryShortcutRegistry(options.takenByOthers);
  const settings = createSettings(
    createMemoryStore(options.saved === undefined ? {} : { globalShortcut: options.saved }),
  );
  const statuses: GlobalShortcutStatus[] = [];
  const logSpy = createLogSpy();
  let presses = 0;
  const service = createGlobalShortcutService({
    globalShortcut: options.registry === 'none' ? null : registry,
    settings,
    onPress: () => {
      presses += 1;
    },
    onStatus: (status) => statuses.push(status),
    log: logSpy.log,
  });
  return { service, registry, settings, statuses, logLines: logSpy.lines, presses: () => presses };
}

describe('accelerator allow-list', () => {
  it('accepts Electron accelerators with a command modifier and answers the canonical spelling', () => {
    expect(parseAccelerator('CommandOrControl+K')).toBe('CommandOrControl+K');
    expect(parseAccelerator('ctrl+shift+k')).toBe('Ctrl+Shift+K');
    expect(parseAccelerator('Alt + Space')).toBe('Alt+Space');
    expect(parseAccelerator('CmdOrCtrl+Plus')).toBe('CmdOrCtrl+Plus');
    expect(parseAccelerator('Super+num5')).toBe('Super+num5');
    expect(parseAccelerator('F9')).toBe('F9');
    expect(parseAccelerator('Control+/')).toBe('Control+/');
  });

  it('refuses bare keys, unknown parts, two keys, repeated modifiers and oversize input', () => {
    for (const text of [
      '',
      'K',
      'Shift+K',
      'Ctrl',
      'Ctrl+Shift',
      'Ctrl+K+L',
      'Ctrl+Ctrl+K',
      'Ctrl+ğ',
      'Ctrl+Hyper',
      'Ctrl++',
      'Ctrl+F25',
      'K+Ctrl',
      `Ctrl+${'A'.repeat(70)}`,
      'Ctrl+K; rm -rf /',
    ]) {
      expect(parseAccelerator(text), text).toBeNull();
    }
  });
});

describe('global shortcut', () => {
  it('registers the saved accelerator (default CommandOrControl+K); a press opens the search', () => {
    const { service, registry, statuses, presses } = setup();
    expect(service.start()).toEqual({ accelerator: 'CommandOrControl+K', registered: true, available: true });
    expect(registry.registered()).toEqual(['CommandOrControl+K']);
    expect(statuses).toEqual([{ accelerator: 'CommandOrControl+K', registered: true, available: true }]);
    registry.press('CommandOrControl+K');
    expect(presses()).toBe(1);
  });

  it('falls back to the default when the saved one is not a valid accelerator', () => {
    const { service, registry } = setup({ saved: 'K' });
    service.start();
    expect(registry.registered()).toEqual(['CommandOrControl+K']);
  });

  it('re-registers on change and saves the new accelerator', () => {
    const { service, registry, settings, statuses } = setup();
    service.start();
    expect(service.change('ctrl+alt+f')).toEqual({
      ok: true,
      status: { accelerator: 'Ctrl+Alt+F', registered: true, available: true },
    });
    expect(registry.registered()).toEqual(['Ctrl+Alt+F']);
    expect(settings.get().globalShortcut).toBe('Ctrl+Alt+F');
    expect(statuses.at(-1)).toEqual({ accelerator: 'Ctrl+Alt+F', registered: true, available: true });
    // The same one again changes nothing.
    expect(service.change('Ctrl+Alt+F').ok).toBe(true);
    expect(registry.registered()).toEqual(['Ctrl+Alt+F']);
  });

  it('keeps the old accelerator when another application holds the new one', () => {
    const { service, registry, settings, statuses, logLines } = setup({ takenByOthers: ['Alt+Space'] });
    service.start();
    const outcome = service.change('Alt+Space');
    expect(outcome).toEqual({
      ok: false,
      message: 'Bu kısayol başka bir uygulama tarafından kullanılıyor',
      status: { accelerator: 'CommandOrControl+K', registered: true, available: true },
    });
    expect(registry.registered()).toEqual(['CommandOrControl+K']);
    expect(settings.get().globalShortcut).toBe('CommandOrControl+K');
    expect(statuses.at(-1)?.registered).toBe(true);
    expect(logLines.some((line) => line.includes('Alt+Space'))).toBe(true);
  });

  it('reports a taken default to the renderer and lets the user pick another', () => {
    const { service, registry, statuses, logLines } = setup({ takenByOthers: ['CommandOrControl+K'] });
    expect(service.start().registered).toBe(false);
    expect(statuses).toEqual([{ accelerator: 'CommandOrControl+K', registered: false, available: true }]);
    expect(logLines.some((line) => line.includes('taken'))).toBe(true);
    expect(service.change('CommandOrControl+Shift+K').ok).toBe(true);
    expect(registry.registered()).toEqual(['CommandOrControl+Shift+K']);
  });

  it('refuses invalid syntax without touching the registration', () => {
    const { service, registry } = setup();
    service.start();
    expect(service.change('Shift+K')).toMatchObject({
      ok: false,
      message: 'Geçersiz kısayol. Örnek: CommandOrControl+K',
    });
    expect(registry.registered()).toEqual(['CommandOrControl+K']);
  });

  it('treats a registry that throws or fails silently as a refusal', () => {
    const calls: string[] = [];
    const service = createGlobalShortcutService({
      globalShortcut: {
        register: (accelerator) => {
          calls.push(accelerator);
          if (accelerator === 'Ctrl+J') throw new Error('conversion failure');
          return true;
        },
        unregister: () => undefined,
        // The OS refused without saying so: nothing is registered.
        isRegistered: () => false,
      },
      settings: createSettings(createMemoryStore()),
      onPress: () => undefined,
      onStatus: () => undefined,
      log: createLogSpy().log,
    });
    expect(service.start().registered).toBe(false);
    expect(service.change('Ctrl+J').ok).toBe(false);
    expect(calls).toEqual(['CommandOrControl+K', 'Ctrl+J']);
  });

  it('unregisters cleanly on quit', () => {
    const { service, registry } = setup();
    service.start();
    service.stop();
    expect(registry.registered()).toEqual([]);
    expect(service.status().registered).toBe(false);
  });

  it('says so where there are no global shortcuts', () => {
    const { service } = setup({ registry: 'none' });
    expect(service.start()).toEqual({
      accelerator: 'CommandOrControl+K',
      registered: false,
      available: false,
    });
    expect(service.change('Ctrl+J')).toMatchObject({ ok: false });
  });
});
