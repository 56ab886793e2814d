import type { WebSocketRoute } from '@playwright/test';
import { messages } from '../../../src/shared/i18n/messages';
import { baseUrl, bridgeOf, expect, test } from '../support/fixtures';
import { login, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

/**
 * The server goes away and comes back (docs/user-guide.md#connection): the page's requests to the API
 * fail and its socket is cut; the banner says so, the list keeps its rows; when the server answers
 * again the banner goes and the screen refreshes by itself. The desktop bridge's requests and socket
 * live in its main process, out of the page's reach: this is the web edition's test.
 */
test('losing the server shows the banner over the last data; its return refreshes the screen', async ({
  page,
  allowConsoleMessage,
}, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  test.skip(bridgeOf(testInfo.project.name) === 'desktop', 'the page cannot cut the main process network');
  allowConsoleMessage(/Failed to load resource: net::ERR_FAILED/);
  allowConsoleMessage(/WebSocket connection to .* failed/);

  let down = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.route('**/api/**', (route) => (down ? route.abort('failed') : route.continue()));

  await login(page, 'sales@demo.crm');
  await page.goto('/#/list/leads');
  const rows = page.locator('[data-testid="list-table"] .list-cell-name');
  // Every request passes the test's route: on a loaded machine the first list takes a while.
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const firstRow = await rows.first().innerText();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);

  // The server goes: the socket drops and the next request fails.
  down = true;
  for (const ws of sockets.splice(0)) await ws.close();
  await page.getByTestId('menu-refresh-leads').click();
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toHaveText(messages.connectionLost);
  // The screen keeps what it showed: no spinner, no error page in its place.
  await expect(rows.first()).toHaveText(firstRow);
  await expect(page.getByTestId('shell-error')).toHaveCount(0);
  await saveScreen(page, testInfo, 'days-connection-lost');

  // It returns: the banner goes and the list is asked again without the user doing anything.
  const refreshed = page.waitForRequest((request) => request.url().includes('/api/table/leads'), {
    timeout: 20_000,
  });
  down = false;
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await refreshed;
  await expect(rows.first()).toBeVisible();
  await saveScreen(page, testInfo, 'days-connection-back');
});
