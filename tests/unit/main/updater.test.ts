import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/bridge';
import { UPDATE_MODES, type UpdateMode } from '../../../src/shared/domain/update-mode';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';
import {
  checkInterval,
  defaultUpdateMode,
  nextUpdateStep,
  shouldCheck,
  UPDATE_CHECK_INTERVAL_MS,
  type UpdateChoice,
  type UpdateStep,
} from '../../../src/main/updater/update-decision';
import { classifyUpdateError } from '../../../src/main/updater/update-errors';
import type { DownloadedUpdate, UpdateVerdict } from '../../../src/main/updater/update-verify';
import {
  createUpdateService,
  type UpdaterEvent,
  type UpdaterLike,
} from '../../../src/main/updater/update-service';

describe('when the updater looks (UpdateMode × trigger)', () => {
  const table: Record<UpdateMode, [startup: boolean, interval: boolean, user: boolean]> = {
    none: [false, false, false],
    manual: [false, false, true],
    start: [true, false, true],
    default: [true, true, true],
  };
  for (const mode of UPDATE_MODES) {
    it(mode, () => {
      expect([
        shouldCheck(mode, 'startup'),
        shouldCheck(mode, 'interval'),
        shouldCheck(mode, 'user'),
      ]).toEqual(table[mode]);
      expect(checkInterval(mode)).toBe(mode === 'default' ? UPDATE_CHECK_INTERVAL_MS : null);
    });
  }
});

describe('decision table: policy × update available × user choice', () => {
  const choices: (UpdateChoice | null)[] = [null, 'download', 'restart', 'later'];
  const expected = (
    mode: UpdateMode,
    update: 'none' | 'available' | 'downloaded',
    choice: UpdateChoice | null,
  ): UpdateStep => {
    if (mode === 'none' || update === 'none') return 'ignore';
    if (update === 'available') return mode === 'manual' && choice !== 'download' ? 'offer' : 'download';
    return choice === 'restart' ? 'installNow' : choice === 'later' ? 'installOnQuit' : 'promptRestart';
  };
  const rows = UPDATE_MODES.flatMap((mode) =>
    (['none', 'available', 'downloaded'] as const).flatMap((update) =>
      choices.map((choice) => ({ mode, update, choice })),
    ),
  );

  it.each(rows)('$mode, update $update, choice $choice', (row) => {
    expect(nextUpdateStep(row)).toBe(expected(row.mode, row.update, row.choice));
  });

  it('spot checks in words', () => {
    expect(nextUpdateStep({ mode: 'none', update: 'downloaded', choice: 'restart' })).toBe('ignore');
    expect(nextUpdateStep({ mode: 'manual', update: 'available', choice: null })).toBe('offer');
    expect(nextUpdateStep({ mode: 'start', update: 'available', choice: null })).toBe('download');
    expect(nextUpdateStep({ mode: 'default', update: 'downloaded', choice: null })).toBe('promptRestart');
  });
});

describe('defaultUpdateMode', () => {
  it('updates per-user installs and leaves per-machine (MSI) installs to IT', () => {
    const local = 'C:\\Users\\ayse\\AppData\\Local';
    expect(defaultUpdateMode('win32', `${local}\\Programs\\crm-desktop\\Aracı Kurum CRM.exe`, local)).toBe(
      'default',
    );
    expect(defaultUpdateMode('win32', 'C:\\Program Files\\Aracı Kurum CRM\\Aracı Kurum CRM.exe', local)).toBe(
      'none',
    );
    expect(defaultUpdateMode('linux', '/opt/crm/crm-desktop', undefined)).toBe('default');
  });
});

describe('classifyUpdateError', () => {
  it("recognises electron-updater's checksum and signature refusals", () => {
    expect(
      classifyUpdateError(
        Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), {
          code: 'ERR_CHECKSUM_MISMATCH',
        }),
      ),
    ).toBe('integrity');
    expect(
      classifyUpdateError(
        Object.assign(new Error('New version 1.2.0 is not signed by the application owner: x'), {
          code: 'ERR_UPDATER_INVALID_SIGNATURE',
        }),
      ),
    ).toBe('integrity');
    expect(classifyUpdateError(new Error('Code signature at URL file:///x did not pass validation'))).toBe(
      'integrity',
    );
    expect(classifyUpdateError(new Error('net::ERR_CONNECTION_REFUSED'))).toBe('other');
  });
});

/** electron-updater played by the test: `feed` is what the server has, `refuse` a download failure. */
function fakeUpdater(feed: { version: string | null; refuse?: Error; offline?: boolean }) {
  let listener: (event: UpdaterEvent) => void = () => undefined;
  const calls: string[] = [];
  const updater: UpdaterLike = {
    setFeedUrl: (url) => calls.push(`feed ${url}`),
    configure: (options) =>
      calls.push(`configure autoDownload=${options.autoDownload} onQuit=${options.autoInstallOnAppQuit}`),
    checkForUpdates: async () => {
      calls.push('check');
      if (feed.offline) throw new Error('net::ERR_INTERNET_DISCONNECTED');
      listener(feed.version ? { type: 'available', version: feed.version } : { type: 'notAvailable' });
    },
    downloadUpdate: async () => {
      calls.push('download');
      listener({ type: 'progress', percent: 41.6 });
      if (feed.refuse) throw feed.refuse;
      listener({ type: 'downloaded', version: feed.version ?? '', file: '/tmp/crm-update/setup.exe' });
    },
    quitAndInstall: () => calls.push('quitAndInstall'),
    onEvent: (next) => {
      listener = next;
    },
  };
  return { updater, calls };
}

function service(
  mode: UpdateMode,
  feed: Parameters<typeof fakeUpdater>[0],
  options: {
    installed?: boolean;
    verify?: (update: DownloadedUpdate) => Promise<UpdateVerdict>;
    log?: (line: string) => void;
  } = {},
) {
  const fake = fakeUpdater(feed);
  const emitted: UpdateStatus[] = [];
  const timers: { delay: number; run: () => void }[] = [];
  let installing = false;
  const updates = createUpdateService({
    updater: options.installed === false ? null : fake.updater,
    mode,
    feedUrl: 'https://updates.firma.com.tr/crm',
    hasFeed: true,
    emit: (status) => emitted.push(status),
    beforeInstall: () => {
      installing = true;
    },
    schedule: (run, delay) => {
      timers.push({ delay, run });
      return () => undefined;
    },
    verifyDownloaded: options.verify ?? (async () => ({ ok: true })),
    log: options.log ?? (() => undefined),
  });
  return { updates, emitted, timers, calls: fake.calls, installing: () => installing };
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('update service', () => {
  it('under none never asks the feed and says IT turned updates off', async () => {
    const { updates, calls, timers } = service('none', { version: '0.2.0' });
    updates.start();
    await updates.check('user');
    expect(calls).toEqual([]);
    expect(timers).toEqual([]);
    expect(updates.status()).toMatchObject({
      state: 'disabled',
      canCheck: false,
      message: desktopTexts.updateDisabledByPolicy,
    });
  });

  it('outside an installed app is off and says so', () => {
    const { updates } = service('default', { version: '0.2.0' }, { installed: false });
    expect(updates.status()).toMatchObject({ state: 'disabled', message: desktopTexts.updateNotInstalled });
  });

  it('under manual looks only when asked and downloads only after the user agrees', async () => {
    const { updates, calls, emitted } = service('manual', { version: '0.2.0' });
    updates.start();
    await flush();
    expect(calls).toEqual([
      'feed https://updates.firma.com.tr/crm',
      // Nothing installs on quit before the app's own check of a download has passed.
      'configure autoDownload=false onQuit=false',
    ]);
    await updates.check('user');
    expect(updates.status()).toMatchObject({ state: 'available', version: '0.2.0' });
    expect(calls).not.toContain('download');
    await updates.download();
    await flush();
    expect(calls.at(-1)).toBe('configure autoDownload=false onQuit=true');
    expect(emitted.map((status) => status.state)).toEqual([
      'checking',
      'checking',
      'available',
      'downloading',
      'downloading',
      'downloaded',
    ]);
    expect(emitted.find((status) => status.state === 'downloading' && status.percent === 42)).toBeDefined();
    expect(updates.status()).toMatchObject({ state: 'downloaded', version: '0.2.0', canCheck: false });
  });

  it('under start looks once at start, downloads by itself and installs on "Güncellemek için yeniden başlat"', async () => {
    const { updates, calls, timers, installing } = service('start', { version: '0.3.0' });
    updates.start();
    await flush();
    expect(timers).toEqual([]);
    expect(calls.filter((call) => call === 'check' || call === 'download')).toEqual(['check', 'download']);
    expect(updates.status().state).toBe('downloaded');
    updates.restart();
    expect(installing()).toBe(true);
    expect(calls.at(-1)).toBe('quitAndInstall');
  });

  it('under default also looks again every 4 hours', async () => {
    const { updates, calls, timers } = service('default', { version: null });
    updates.start();
    await flush();
    expect(updates.status().state).toBe('upToDate');
    expect(timers.map((timer) => timer.delay)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    timers[0]?.run();
    await flush();
    expect(calls.filter((call) => call === 'check')).toHaveLength(2);
    expect(timers).toHaveLength(2);
  });

  it('refuses a download whose checksum does not match and tells the user why', async () => {
    const refuse = Object.assign(new Error('sha512 checksum mismatch, expected abc, got def'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    });
    const { updates, calls } = service('default', { version: '0.4.0', refuse });
    updates.start();
    await flush();
    expect(updates.status()).toMatchObject({ state: 'error', message: desktopTexts.updateSignatureRejected });
    expect(calls).not.toContain('quitAndInstall');
    updates.restart();
    expect(calls).not.toContain('quitAndInstall');
  });

  it('keeps a failed background check quiet but answers a failed check the user asked for', async () => {
    const { updates } = service('default', { version: null, offline: true });
    updates.start();
    await flush();
    expect(updates.status().state).toBe('idle');
    await updates.check('user');
    expect(updates.status()).toMatchObject({ state: 'error', message: desktopTexts.updateFailed });
  });
});
