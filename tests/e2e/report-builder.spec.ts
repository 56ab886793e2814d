import { baseUrl, expect, test } from './support/fixtures';
import { messages } from '../../src/shared/i18n/messages';
import { periodicReportTexts } from '../../src/renderer/src/i18n/periodic-report-texts';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('a manager builds a daily COUNT report of leads by status as a bar chart, saves it and reopens it', async ({
  page,
}, testInfo) => {
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/reports');
  await expect(page.getByTestId('report-builder')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-xaxis')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('report-table').selectOption('leads');
  await page.getByTestId('report-type').selectOption('daily');
  await page.getByTestId('report-value-type').selectOption('COUNT');
  await page.getByTestId('report-xaxis').selectOption('created_at');
  await page.getByTestId('report-yaxis').selectOption('status_id');
  await page.getByTestId('report-chart-type').selectOption('bar');
  // The form starts with the last 30 days of creation dates: a bounded report.
  await expect(page.getByTestId('report-filter-created_at')).toBeVisible();
  await page.getByTestId('report-run').click();

  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-chart', 'bar', { timeout: 30_000 });
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  const rows = page.getByTestId('report-result-row');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('report-result-table').locator('thead')).toContainText('Durum');
  const total = await page.getByTestId('report-total').innerText();
  expect(total).toMatch(/\d/);
  // Only admins see the buttons that change a saved report (see docs/requirements.md#departments-and-permissions).
  await expect(page.getByTestId('report-update')).toHaveCount(0);
  await expect(page.getByTestId('report-delete')).toHaveCount(0);
  await saveScreen(page, testInfo, 'report-builder');

  const name = `Günlük durumlar ${testInfo.project.name} ${Date.now()}`;
  await page.getByTestId('report-name').fill(name);
  await page.getByTestId('report-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rapor kaydedildi' })).toBeVisible();
  await expect(page.getByTestId('saved-report-select').locator('option:checked')).toHaveText(name);

  // Reopened on a fresh screen, the saved report restores the form and shows the same report.
  await page.goto('/#/');
  await page.goto('/#/reports');
  await expect(page.getByTestId('saved-report-select').locator('option', { hasText: name })).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByTestId('saved-report-select').selectOption({ label: name });
  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-chart', 'bar', { timeout: 30_000 });
  await expect(page.getByTestId('report-type')).toHaveValue('daily');
  await expect(page.getByTestId('report-yaxis')).toHaveValue('status_id');
  await expect(page.getByTestId('report-total')).toHaveText(total);
  await saveScreen(page, testInfo, 'report-builder-saved');

  // The saved report is e-mailed every week: scheduled from the builder, listed under Periyodik Raporlar.
  await page.getByTestId('report-schedule').click();
  await expect(page.getByTestId('periodic-type')).toHaveValue('builder');
  await expect(page.getByTestId('periodic-saved-report').locator('option:checked')).toHaveText(name);
  await page.getByTestId('periodic-receiver').fill('mudur@firma.com.tr');
  await page.getByTestId('periodic-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: messages.periodicReportSaved })).toBeVisible();
  await page.goto('/#/report/periodic');
  const row = page.locator(`[data-testid="periodic-row"][data-name="${name}"]`);
  await expect(row).toContainText(periodicReportTexts.types.builder, { timeout: 30_000 });
  await expect(row).toContainText('mudur@firma.com.tr');
});

test('an admin deletes a saved report after the confirmation; a report with nothing in it says so', async ({
  page,
}, testInfo) => {
  await login(page, 'admin@demo.crm');
  await page.goto('/#/reports');
  await expect(page.getByTestId('report-xaxis')).toBeVisible({ timeout: 30_000 });
  const name = `Silinecek ${testInfo.project.name} ${Date.now()}`;
  await page.getByTestId('report-name').fill(name);
  await page.getByTestId('report-save').click();
  await expect(page.getByTestId('saved-report-select').locator('option:checked')).toHaveText(name);
  await expect(page.getByTestId('report-add-chart')).toBeVisible();
  await page.getByTestId('report-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText('Rapor silinecek eminmisiniz ?');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('saved-report-select').locator('option', { hasText: name })).toHaveCount(0);

  // A range with no leads: the spec's message and the request to check the filters.
  // Enter in a field runs the report: the end first, so no step asks for a range longer than allowed.
  await page.getByTestId('filter-end-created_at').fill('31.01.2001');
  await page.getByTestId('filter-end-created_at').press('Enter');
  await page.getByTestId('filter-start-created_at').fill('01.01.2001');
  await page.getByTestId('filter-start-created_at').press('Enter');
  await page.getByTestId('report-run').click();
  await expect(page.getByTestId('report-empty')).toContainText('Rapor oluşturulamadı', { timeout: 30_000 });
  await expect(page.getByTestId('report-empty')).toContainText('Lütfen filtre değerlerini kontrol edin');
  await saveScreen(page, testInfo, 'report-builder-empty');
});
