import type { Page } from '@playwright/test';
import type { UpdateStatus } from '../../src/shared/bridge';
import { desktopTexts } from '../../src/shared/i18n/desktop-texts';
import { eventChannel } from '../../src/shared/ipc-channels';
import { baseUrl, bridgeOf, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

// The update bar of the installed app (see docs/it-deployment.md). The main process's updater is played by pushing its
// updateStatus events, exactly as webContents.send delivers them to the preload's bridge.
const status = (patch: Partial<UpdateStatus>): UpdateStatus => ({
  state: 'idle',
  mode: 'default',
  version: '0.2.0',
  percent: null,
  message: null,
  canCheck: true,
  userAsked: false,
  ...patch,
});

async function push(page: Page, next: UpdateStatus): Promise<void> {
  await page.evaluate(([channel, payload]) => window.__crmIpcDispatch(channel, payload), [
    eventChannel('updateStatus'),
    next,
  ] as const);
}

test('the desktop app shows download progress, the restart button and a refused update', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.getByTestId('app-shell').waitFor();
  const banner = page.getByTestId('update-banner');
  if (bridgeOf(testInfo.project.name) !== 'desktop') {
    // The web edition has no updater: nothing to show, whatever arrives.
    await expect(banner).toHaveCount(0);
    return;
  }
  // Not installed here (no electron-updater): the bar stays away.
  await expect(banner).toHaveCount(0);

  await push(page, status({ state: 'downloading', percent: 42 }));
  await expect(banner).toContainText('Güncelleme indiriliyor… %42');
  await saveScreen(page, testInfo, 'update-downloading');

  await push(page, status({ state: 'downloaded', percent: 100, canCheck: false }));
  await expect(banner).toContainText('Sürüm 0.2.0 indirildi.');
  await expect(page.getByTestId('update-restart')).toHaveText('Güncellemek için yeniden başlat');
  await saveScreen(page, testInfo, 'update-downloaded');
  await banner.getByRole('button', { name: desktopTexts.updateLater, exact: true }).click();
  await expect(banner).toHaveCount(0);

  await push(page, status({ state: 'error', message: desktopTexts.updateSignatureRejected }));
  await expect(banner).toHaveAttribute('data-state', 'error');
  await expect(banner).toContainText('Güncelleme reddedildi');
  await saveScreen(page, testInfo, 'update-refused');

  // A background check is no news; one the user asked for is.
  await push(page, status({ state: 'checking' }));
  await expect(banner).toHaveCount(0);
  await push(page, status({ state: 'upToDate', userAsked: true }));
  await expect(banner).toContainText(desktopTexts.updateUpToDate);
});
