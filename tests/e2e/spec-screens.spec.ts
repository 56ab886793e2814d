import { encodeForm } from '../../src/shared/contract';
import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { DEMO_PASSWORD, login, saveScreen } from './support/screens';

/**
 * The last screens of the specs: the lead detail's Reminders tab, page sizes of /transactions and the
 * report builder, the builder's transaction-detail modal, UTM cells linked with a date range, the generic
 * detail-page builder, and the preferences the spec keeps in the browser.
 */

test.use({ baseURL: baseUrl() });

async function api(path: string, body: Record<string, unknown>, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  return response.json();
}

/**
 * Drags as a hand does, in small steps: Chromium starts a drag only after the pointer moved a little
 * while pressed, which a single jump (locator.dragTo) does not always give it.
 */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: source or target is not on screen');
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 10 });
  await page.mouse.up();
}

async function adminToken(): Promise<string> {
  const answer = (await api('/auth/login', { email: 'admin@demo.crm', password: DEMO_PASSWORD })) as {
    token: string;
  };
  return answer.token;
}

test('the lead detail keeps its reminders in their own right-column tab', async ({ page }, testInfo) => {
  await login(page, 'sales@demo.crm');
  await page.getByTestId('menu-leads').click();
  await page.locator('[data-testid="list-table"] .list-cell-name').first().click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lead-header')).toBeVisible();
  // Notes, E-Mail and Reminders, as the spec lists them (this agent has no e-mail module).
  await expect(page.getByTestId('side-tab-notlar')).toBeVisible();
  await expect(page.getByTestId('side-tab-hatirlatmalar')).toHaveText('Hatırlatmalar');
  const body = `Hatırlatma sekmesi ${testInfo.project.name} ${Date.now() % 100_000}`;
  await page.getByTestId('note-body').fill(body);
  await page.getByTestId('note-remind').check();
  await page.getByTestId('note-offset').selectOption('60');
  await page.getByTestId('note-submit').click();
  await expect(page.getByText('Not başarıyla kaydedildi').first()).toBeVisible();
  // The notes tab no longer lists reminders; the reminders tab does.
  await expect(page.getByTestId('notes-panel').getByTestId('notification-row')).toHaveCount(0);
  await page.getByTestId('side-tab-hatirlatmalar').click();
  await expect(
    page.getByTestId('reminders-panel').getByTestId('notification-row').filter({ hasText: body }),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'lead-detail-reminders-tab');
});

test('/transactions pages its list by the chosen size, 50 by default', async ({ page }, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.goto('/#/transactions?tab=all');
  await expect(page.getByTestId('trx-table')).toBeVisible({ timeout: 30_000 });
  const size = page.getByTestId('trx-page-size');
  await expect(size).toHaveValue('50');
  await expect(size.locator('option')).toHaveText(['15', '25', '50', '100', '250', '500']);
  const rows = () => page.locator('[data-testid^="trx-row-"]').count();
  expect(await rows()).toBeGreaterThan(15);
  await size.selectOption('15');
  await expect(page.locator('[data-testid^="trx-row-"]')).toHaveCount(15);
  await size.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'transactions-page-size');
});

test('the report builder pages by 15, opens a transaction in its detail modal with its customer', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.goto('/#/reports');
  await expect(page.getByTestId('report-builder')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-table').selectOption('transactions');
  await page.getByTestId('report-type').selectOption('list');
  const fields = page.getByTestId('report-list-fields');
  await fields.getByText('Tutar', { exact: true }).click();
  await fields.getByText('Müşteri', { exact: true }).first().click();
  await page.getByTestId('report-run').click();
  const rows = page.getByTestId('report-result-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-page-size')).toHaveValue('15');
  expect(await rows.count()).toBeLessThanOrEqual(15);
  await page.getByTestId('report-page-size').selectOption('25');
  await expect(page.getByTestId('report-page-size')).toHaveValue('25');
  await expect.poll(() => rows.count()).toBeGreaterThan(15);

  await page.getByTestId('report-trx-open').first().click();
  // Blueprint's dialog keeps its class, not a test id.
  const dialog = page.locator('.trx-detail-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('trx-detail-amount')).toBeVisible();
  await expect(dialog.getByTestId('trx-detail-lead')).toContainText('Ad Soyad');
  await expect(dialog.getByTestId('trx-detail-list-link')).toHaveAttribute(
    'href',
    /#\/list\/transactions\?id=\d+/,
  );
  await saveScreen(page, testInfo, 'report-builder-trx-detail');
  await dialog.getByTestId('trx-detail-lead-link').click();
  await expect(page.getByTestId('lead-header')).toBeVisible();
});

test('UTM report cells link to their leads also with a date range, and the list counts the same', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.goto('/#/report/utm');
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 30_000 });
  // Leave "all time": the last 30 days.
  await page.getByTestId('report-all-time').click({ force: true });
  await expect(page.getByTestId('report-range-start')).toBeVisible();
  // Links appear once the range's own counts are in (the previous counts link nowhere).
  const cell = page.locator('[data-testid="report-row"] td[data-status] a[href*="created_at="]').first();
  await expect(cell).toBeVisible({ timeout: 30_000 });
  const count = Number((await cell.innerText()).replace(/\D/g, ''));
  await expect(cell).toHaveAttribute('href', /created_at=\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}/);
  await saveScreen(page, testInfo, 'utm-report-range-links');
  await cell.click();
  await expect(page.getByTestId('list-total')).toContainText(String(count), { timeout: 30_000 });
  await saveScreen(page, testInfo, 'utm-report-range-list');
});

test('the agent report breaks each agent down by a UTM key, every count a link with the range', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.goto('/#/report/agent');
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-breakdown').selectOption('utm_source');
  const sub = page.getByTestId('report-subrow').first();
  await expect(sub).toBeVisible({ timeout: 30_000 });
  const link = page.locator('[data-testid="report-subrow"] td[data-status] a[href*="utm_source="]').first();
  await expect(link).toHaveAttribute('href', /agent_id=\d+.*created_at=/);
  const count = Number((await link.innerText()).replace(/\D/g, ''));
  await saveScreen(page, testInfo, 'agent-report-breakdown');
  await link.click();
  await expect(page.getByTestId('list-total')).toContainText(String(count), { timeout: 30_000 });
});

test('the detail-page builder arranges a table’s fields into sections the edit page then shows', async ({
  page,
}, testInfo) => {
  const token = await adminToken();
  // Every run starts from the fields' own categories.
  await api('/detail-layout/save', { table: 'users', sections: [] }, token);
  const list = (await api('/table/users', { limit: 1 }, token)) as { results: { id: number }[] };
  const id = list.results[0]?.id ?? 1;
  await login(page, 'admin@demo.crm');
  await page.goto(`/#/edit/users/${id}`);
  await expect(page.getByTestId('edit-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('layout-edit').click();
  const dialog = page.locator('.layout-dialog');
  await expect(dialog).toBeVisible();
  // A new section, titled and moved to the top, with the e-mail dragged into it.
  await dialog.getByTestId('layout-add-section').click();
  const titles = dialog.getByTestId('layout-section-title');
  await titles.last().fill('İletişim');
  const top = dialog.getByTestId('layout-section').first();
  while ((await titles.first().inputValue()) !== 'İletişim') {
    await dialog
      .getByTestId('layout-section')
      .filter({ has: page.locator('input[value="İletişim"]') })
      .getByRole('button', { name: 'Yukarı taşı' })
      .click();
  }
  await expect(top.getByTestId('layout-section-title')).toHaveValue('İletişim');
  await drag(page, dialog.getByTestId('layout-field-email'), top);
  await expect(top.getByTestId('layout-field-email')).toBeVisible();
  // The keyboard's way: a field's own list moves it, here the name into the same section.
  await dialog.getByTestId('layout-move-name').selectOption({ label: 'İletişim' });
  await expect(top.getByTestId('layout-field-name')).toBeVisible();
  await saveScreen(page, testInfo, 'detail-layout-builder');
  await dialog.getByTestId('layout-save').click();
  await expect(page.getByText('Yerleşim kaydedildi').first()).toBeVisible();
  const first = page.getByTestId('record-fields-group').first();
  await expect(first.locator('legend')).toHaveText('İletişim');
  await expect(first.getByTestId('edit-page-field-email')).toBeVisible();
  await expect(first.getByTestId('edit-page-field-name')).toBeVisible();
  await saveScreen(page, testInfo, 'detail-layout-edit-page');
  // Kept on the server for this user and table: a fresh load shows it.
  await page.reload();
  await expect(page.getByTestId('record-fields-group').first().locator('legend')).toHaveText('İletişim', {
    timeout: 30_000,
  });
  // Back to the categories.
  await page.getByTestId('layout-edit').click();
  await page.getByTestId('layout-reset').click();
  await expect(page.getByTestId('record-fields-group').first().locator('legend')).not.toHaveText('İletişim');
});

test('the spec’s browser keys hold the preferences beside the server’s copy', async ({ page }) => {
  await login(page, 'sales2@demo.crm');
  await page.goto('/#/profile');
  const dark = page.getByTestId('theme-dark');
  await expect(dark).toBeVisible({ timeout: 30_000 });
  const keys = () =>
    page.evaluate(() => ({
      theme: localStorage.getItem('theme'),
      themeDark: localStorage.getItem('themeDark'),
      mutedKeywords: localStorage.getItem('mutedKeywords'),
      favoriteShow: localStorage.getItem('favoriteShow'),
      sidebarNoteShow: localStorage.getItem('sidebarNoteShow'),
    }));
  await expect.poll(async () => (await keys()).theme).toMatch(/^(sidebar|head_navbar)$/);
  const before = (await keys()).themeDark;
  await dark.click({ force: true });
  await expect.poll(async () => (await keys()).themeDark).toBe(before === 'true' ? 'false' : 'true');
  expect(JSON.parse((await keys()).mutedKeywords ?? 'null')).toBeInstanceOf(Array);
  // Put it back as it was (the server keeps it too).
  await dark.click({ force: true });
  await expect.poll(async () => (await keys()).themeDark).toBe(before);
});
