import type { Page } from '@playwright/test';
import { messages } from '../../../src/shared/i18n/messages';
import { baseUrl, expect, test } from '../support/fixtures';
import { login, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

const SALES_GROUP = 'Satış';

async function saveAndConfirm(page: Page): Promise<void> {
  await page.getByTestId('permission-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: messages.savedSuccessfully }).first(),
  ).toBeVisible();
}

/**
 * An admin's day: a group loses a table and the agents working now see it go at once, without a
 * reload; it comes back the same way; the admin journal then tells in words who did what and when.
 */
test('a permission change reaches an open session live; the admin journal reads as sentences', async ({
  page,
  browser,
}, testInfo) => {
  // The machine is shared with other runs: first screens load slowly.
  test.slow();
  const agentContext = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
  const agent = await agentContext.newPage();
  try {
    await login(agent, 'sales@demo.crm');
    await expect(agent.getByTestId('menu-lead_remitters')).toBeVisible({ timeout: 30_000 });

    await login(page, 'admin@demo.crm');
    await page.goto('/#/user/permissions');
    await page.getByTestId('permission-group-picker').getByText(SALES_GROUP, { exact: true }).click();
    await expect(page.getByTestId('permission-editor')).toBeVisible();
    const show = page.getByTestId('permission-flag-lead_remitters-show');
    await expect(show).toBeChecked();
    await show.uncheck();
    await saveAndConfirm(page);

    // The agent did nothing: the push reloaded the menu.
    await expect(agent.getByTestId('menu-lead_remitters')).toHaveCount(0, { timeout: 10_000 });
    await saveScreen(agent, testInfo, 'days-admin-live-permission');

    await show.check();
    await saveAndConfirm(page);
    await expect(agent.getByTestId('menu-lead_remitters')).toBeVisible({ timeout: 10_000 });

    // The journal: names and Turkish dates, never ids in brackets, JSON or "[object Object]".
    await page.goto('/#/admin');
    const journal = page.getByTestId('admin-journal');
    await expect(journal).toBeVisible();
    await expect(journal).toContainText('Yetkiler kaydedildi');
    await expect(journal).toContainText('Kemal Aksoy');
    const text = await journal.innerText();
    expect(text).not.toContain('[object Object]');
    expect(text).not.toMatch(/[{}]|"\w+":/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // A Turkish date and time ("31.12.2025 14:05"; "31 Aralık 2025, 14:05" until one style is merged).
    expect(text).toMatch(/\d{2}(\.\d{2}\.| \p{L}+ )\d{4},? \d{2}:\d{2}/u);
    await saveScreen(page, testInfo, 'days-admin-journal');
  } finally {
    await agentContext.close();
  }
});
