import { describe, expect, it } from 'vitest';
import {
  createAutoStart,
  HIDDEN_ARG,
  linuxAutostartEntry,
  startsHidden,
  type AutostartFiles,
  type LoginItemsLike,
} from '../../../src/main/auto-start';
import { redactLogData, redactSecrets } from '../../../src/main/log-redaction';
import { CRASH_LIMIT, createRendererRecovery } from '../../../src/main/renderer-recovery';

describe('redactSecrets', () => {
  const token = 'Q2xhdWRlQ29kZVRva2VuX19fX19fX19fX19fX19fX19';
  it('removes the session token, bearer values and secret fields', () => {
    expect(token).toHaveLength(43);
    const text = redactSecrets(
      `GET /api/leads Authorization: Bearer ${token} {"token":"${token}","password":"Gizli123"} ?token=${token}&x=1 ${token}`,
    );
    expect(text).not.toContain(token);
    expect(text).not.toContain('Gizli123');
    expect(text).toContain('/api/leads');
    expect(text).toContain('x=1');
  });
  it('leaves ordinary text alone', () => {
    expect(redactSecrets('Update check failed: net::ERR_CONNECTION_REFUSED')).toBe(
      'Update check failed: net::ERR_CONNECTION_REFUSED',
    );
  });
});

describe('log lines through electron-log', () => {
  it('lose their secrets before any transport writes them, errors and objects included', () => {
    const token = 'Abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const [text, error, object, count] = redactLogData([
      `token=${token} login`,
      new Error(`Authorization: Bearer ${token}`),
      { password: 'Gizli.Sifre1', user: 'ayse' },
      3,
    ]);
    expect(text).toBe('token=[gizli] login');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain(token);
    expect((error as Error).stack ?? '').not.toContain(token);
    expect(object).toBe('{"password":"[gizli]","user":"ayse"}');
    expect(count).toBe(3);
  });
});

describe('renderer crash recovery', () => {
  it('reloads after a crash and tells the next page once', () => {
    let now = 0;
    const recovery = createRendererRecovery(() => now);
    expect(recovery.onGone('clean-exit')).toBe('ignore');
    expect(recovery.takeRecoveredNotice()).toBe(false);
    expect(recovery.onGone('crashed')).toBe('reload');
    expect(recovery.takeRecoveredNotice()).toBe(true);
    expect(recovery.takeRecoveredNotice()).toBe(false);
    now += 1000;
    expect(recovery.onGone('oom')).toBe('reload');
  });

  it('gives up when the page keeps crashing, and tries again later', () => {
    let now = 0;
    const recovery = createRendererRecovery(() => now);
    for (let index = 0; index < CRASH_LIMIT; index += 1) expect(recovery.onGone('crashed')).toBe('reload');
    expect(recovery.onGone('crashed')).toBe('giveUp');
    now += 120_000;
    expect(recovery.onGone('crashed')).toBe('reload');
  });
});

describe('auto-start at login', () => {
  function loginItems(): LoginItemsLike & { calls: unknown[] } {
    let open = false;
    const calls: unknown[] = [];
    return {
      calls,
      getLoginItemSettings: (options) => {
        calls.push(['get', options]);
        return { openAtLogin: open };
      },
      setLoginItemSettings: (settings) => {
        calls.push(['set', settings]);
        open = settings.openAtLogin;
      },
    };
  }
  function files(): AutostartFiles & { written: Map<string, string> } {
    const written = new Map<string, string>();
    return {
      written,
      exists: (path) => written.has(path),
      write: (path, text) => written.set(path, text),
      remove: (path) => written.delete(path),
      ensureDir: () => undefined,
    };
  }

  it('uses a Windows Run entry with the hidden argument', () => {
    const items = loginItems();
    const autoStart = createAutoStart(
      { platform: 'win32', loginItems: items, executable: 'C:\\crm.exe', configDir: '', files: files() },
      'Aracı Kurum CRM',
    );
    expect(autoStart.enabled()).toBe(false);
    autoStart.set(true);
    expect(autoStart.enabled()).toBe(true);
    expect(items.calls).toContainEqual(['set', { openAtLogin: true, args: [HIDDEN_ARG] }]);
  });

  it('writes and removes an XDG autostart entry on Linux', () => {
    const store = files();
    const autoStart = createAutoStart(
      {
        platform: 'linux',
        loginItems: loginItems(),
        executable: '/home/ayse/Apps/crm "test".AppImage',
        configDir: '/home/ayse/.config',
        files: store,
      },
      'Aracı Kurum CRM',
    );
    autoStart.set(true);
    expect(autoStart.enabled()).toBe(true);
    const entry = store.written.get('/home/ayse/.config/autostart/crm-desktop.desktop');
    expect(entry).toContain('Exec="/home/ayse/Apps/crm \\"test\\".AppImage" --hidden');
    autoStart.set(false);
    expect(autoStart.enabled()).toBe(false);
  });

  it('starts in the tray only when started at login and a tray exists', () => {
    expect(startsHidden(['crm', HIDDEN_ARG], false, true)).toBe(true);
    expect(startsHidden(['crm'], true, true)).toBe(true);
    expect(startsHidden(['crm', HIDDEN_ARG], false, false)).toBe(false);
    expect(startsHidden(['crm'], false, true)).toBe(false);
    expect(linuxAutostartEntry('/usr/bin/crm-desktop', 'CRM')).toMatch(
      /^\[Desktop Entry\]\nType=Application\n/,
    );
  });
});
