import { describe, expect, it } from 'vitest';
import { notInstalledControls } from '../../../src/main/create-main-services';
import { IpcRejection, type DesktopControls } from '../../../src/main/ipc-router';
import { createBridge } from '../../../src/preload/create-bridge';
import type { UpdateStatus } from '../../../src/shared/bridge';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';
import { bridgeEventSchemas } from '../../../src/shared/ipc-channels';
import { createRemoteMainServices, trustedSender } from '../main/main-services-fixture';

const fetchNever = async (): Promise<Response> => {
  throw new TypeError('fetch failed');
};

const downloaded: UpdateStatus = {
  state: 'downloaded',
  mode: 'default',
  version: '0.2.0',
  percent: 100,
  message: null,
  canCheck: false,
  userAsked: false,
};

/** The preload's bridge wired to the real IPC router, as Electron would carry the messages. */
function desktopBridge(controls: DesktopControls, sender = trustedSender('#/')) {
  const services = createRemoteMainServices(fetchNever, { desktopControls: controls });
  return createBridge({
    invoke: (channel, payload) => services.router.handle(channel, structuredClone(payload), sender),
    on: () => () => undefined,
  });
}

describe('bridge.desktop over the typed IPC (see docs/it-deployment.md)', () => {
  it('reaches the updater and the startup notices through the router', async () => {
    const calls: string[] = [];
    const bridge = desktopBridge({
      updateStatus: () => downloaded,
      checkForUpdates: async () => {
        calls.push('check');
        return downloaded;
      },
      downloadUpdate: async () => {
        calls.push('download');
        return downloaded;
      },
      restartToUpdate: () => calls.push('restart'),
      startupNotices: () => ({ recoveredFromCrash: true, leadId: 42 }),
    });
    expect(await bridge.desktop?.updates.status()).toEqual(downloaded);
    await bridge.desktop?.updates.check();
    await bridge.desktop?.updates.download();
    await bridge.desktop?.updates.restart();
    expect(calls).toEqual(['check', 'download', 'restart']);
    expect(await bridge.desktop?.takeStartupNotices()).toEqual({ recoveredFromCrash: true, leadId: 42 });
  });

  it('answers "not installed" where no updater runs (the e2e harness, development)', async () => {
    const bridge = desktopBridge(notInstalledControls);
    expect(await bridge.desktop?.updates.check()).toMatchObject({
      state: 'disabled',
      message: desktopTexts.updateNotInstalled,
    });
    expect(await bridge.desktop?.takeStartupNotices()).toEqual({ recoveredFromCrash: false, leadId: null });
  });

  it('refuses the restart from a page that is not ours', async () => {
    const calls: string[] = [];
    const bridge = desktopBridge(
      { ...notInstalledControls, restartToUpdate: () => calls.push('restart') },
      { frameUrl: 'https://evil.example/', isMainFrame: true },
    );
    await expect(bridge.desktop?.updates.restart()).rejects.toThrow(IpcRejection);
    expect(calls).toEqual([]);
  });

  it('checks the updateStatus event before it leaves the main process', () => {
    expect(bridgeEventSchemas.updateStatus.safeParse(downloaded).success).toBe(true);
    expect(bridgeEventSchemas.updateStatus.safeParse({ ...downloaded, percent: 140 }).success).toBe(false);
    expect(bridgeEventSchemas.updateStatus.safeParse({ ...downloaded, extra: 1 }).success).toBe(false);
  });
});
