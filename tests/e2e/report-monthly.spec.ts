import type { Page } from '@playwright/test';
import { messages } from '../../src/shared/i18n/messages';
import { periodicReportMessages } from '../../src/shared/i18n/periodic-report-messages';
import { baseUrl, expect, test } from './support/fixtures';
import { exportedSheet } from './support/exported-sheet';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

const digits = (text: string): number => Number(text.replace(/\D/g, ''));

/** Clicks the export button and reads the xlsx the bridge saved: the browser's download or the desktop's file. */
async function savedExport(page: Page, projectName: string): Promise<unknown[][]> {
  return exportedSheet(page, projectName, page.getByTestId('monthly-export'));
}

test("a manager reads the monthly report, opens a month's deposits with lead info and exports it", async ({
  page,
}, testInfo) => {
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/report/monthly');
  const table = page.getByTestId('monthly-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('monthly-row')).toHaveCount(12);
  const year = new Date().getFullYear();
  // Months below 10 carry their zero.
  await expect(page.getByTestId('monthly-row').first().locator('th')).toHaveText(`${year}-01`);
  await saveScreen(page, testInfo, 'report-monthly');

  // The demo's deposits are of recent days: the newest month with any opens its transactions.
  const cell = page.locator('[data-testid^="monthly-open-deposits-"]').last();
  await expect(cell).toBeVisible();
  const count = digits(await cell.innerText());
  const month = ((await cell.getAttribute('data-testid')) ?? '').replace('monthly-open-deposits-', '');
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  await cell.click();
  const drill = page.getByTestId('monthly-drill');
  await expect(drill).toBeVisible();
  await expect(page.locator('.monthly-drill-dialog')).toContainText(`${month} · Yatırım`);
  await expect(page.getByTestId('monthly-drill-row')).toHaveCount(Math.min(count, 100), { timeout: 30_000 });
  // Each row names its lead and links to the lead detail and to the transaction.
  const first = page.getByTestId('monthly-drill-row').first();
  await expect(first.locator('a[href*="leadDetail/"]')).toBeVisible();
  await expect(first.locator('a[href*="list/transactions?id="]')).toBeVisible();
  await saveScreen(page, testInfo, 'report-monthly-drill');
  await page.keyboard.press('Escape');
  await expect(drill).toBeHidden();

  const rows = await savedExport(page, testInfo.project.name);
  expect(rows).toHaveLength(1 + 12 + 1);
  expect(rows[0]?.[0]).toBe(periodicReportMessages.monthly.month);
  expect(rows[13]?.[0]).toBe(periodicReportMessages.monthly.total);
  const monthRow = rows.find((row) => row[0] === month);
  expect(monthRow?.[4]).toBe(count);
});

test('a manager schedules a periodic report, is told about a wrong address, and deletes it', async ({
  page,
}, testInfo) => {
  const name = `Haftalık özet ${testInfo.project.name}`;
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/report/periodic');
  await expect(page.getByTestId('periodic-reports')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('periodic-add').click();
  await page.getByTestId('periodic-name').fill(name);
  await page.getByTestId('periodic-type').selectOption('utm');
  await page.getByTestId('periodic-period').selectOption('7');
  await page.getByTestId('periodic-receiver').fill('mudur@firma.com.tr, yanlis@');
  await page.getByTestId('periodic-save').click();
  await expect(page.getByTestId('periodic-dialog')).toContainText('Geçersiz e-posta adresi: yanlis@');
  await saveScreen(page, testInfo, 'report-periodic-invalid');

  await page.getByTestId('periodic-receiver').fill('mudur@firma.com.tr, rapor@firma.com.tr');
  await page.getByTestId('periodic-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: messages.periodicReportSaved })).toBeVisible();
  const row = page.locator(`[data-testid="periodic-row"][data-name="${name}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Utm Raporu');
  await expect(row).toContainText('Haftalık');
  await expect(row).toContainText('mudur@firma.com.tr, rapor@firma.com.tr');
  await expect(row).toContainText('Henüz gönderilmedi');
  await saveScreen(page, testInfo, 'report-periodic');

  await row.getByTestId('periodic-remove').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(messages.reportDeleteConfirm);
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('toast').filter({ hasText: periodicReportMessages.deleted })).toBeVisible();
  await expect(row).toHaveCount(0);
});
