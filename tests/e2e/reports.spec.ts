import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

const digits = (text: string): number => Number(text.replace(/\D/g, ''));

async function reportTotal(page: Page): Promise<number> {
  const totals = page.getByTestId('report-totals').locator('.report-total');
  await expect(totals).toBeVisible({ timeout: 30_000 });
  return digits(await totals.innerText());
}

async function listTotal(page: Page): Promise<number> {
  const total = page.getByTestId('list-total');
  await expect(total).toContainText(/\d/, { timeout: 30_000 });
  return digits(await total.innerText());
}

test("a UTM cell's count equals the total of the list it opens", async ({ page }, testInfo) => {
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/report/utm');
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 30_000 });
  await saveScreen(page, testInfo, 'report-utm');

  await page.getByTestId('report-key-utm_campaign').click();
  await expect(page).toHaveURL(/key=utm_campaign/);
  await expect(page.getByTestId('report-table').locator('thead th').first()).toHaveText('Kampanya (UTM)');

  // The first status cell of a campaign with leads (leads without a campaign have no list filter).
  const cell = page.getByTestId('report-row').locator('td[data-status] a').first();
  const count = digits(await cell.innerText());
  expect(count).toBeGreaterThan(0);
  await cell.click();
  await expect(page).toHaveURL(/#\/list\/leads/);
  expect(await listTotal(page)).toBe(count);
});

test("a sales agent's UTM report counts only the team's leads, as the agent's list does", async ({
  page,
}, testInfo) => {
  await login(page, 'sales@demo.crm');
  await page.goto('/#/list/leads');
  const own = await listTotal(page);
  await page.goto('/#/report/utm');
  expect(await reportTotal(page)).toBe(own);
  await saveScreen(page, testInfo, 'report-utm-sales');

  await logout(page);
  await login(page, 'admin@demo.crm');
  await page.goto('/#/report/utm');
  expect(await reportTotal(page)).toBeGreaterThan(own);
});

test('the agent report shows statuses, calls, notes and conversions per agent over a range', async ({
  page,
}, testInfo) => {
  await login(page, 'sales_manager@demo.crm');
  await page.goto('/#/report/agent');
  await expect(page.getByTestId('agent-report')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-table').or(page.getByTestId('report-empty'))).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('report-range-quick').selectOption('90');
  await expect(page.getByTestId('report-table')).toBeVisible();
  for (const header of ['Temsilci', 'Toplam', 'Arama', 'Not', 'Dönüşüm']) {
    await expect(page.getByTestId('report-table').locator('thead')).toContainText(header);
  }
  await saveScreen(page, testInfo, 'report-agent');

  // A range that holds no leads says so instead of drawing an empty table.
  await page.getByTestId('report-range-end').fill('31.01.2001');
  await page.getByTestId('report-range-end').press('Enter');
  await page.getByTestId('report-range-start').fill('01.01.2001');
  await page.getByTestId('report-range-start').press('Enter');
  await expect(page.getByTestId('report-empty')).toBeVisible();
  await expect(page.getByTestId('report-empty')).toContainText('Bu seçimde lead yok');
  await saveScreen(page, testInfo, 'report-agent-empty');
});

test('the first-fund pie shows the agents of a range and refreshes every 10 minutes', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await login(page, 'admin@demo.crm');
  await page.goto('/#/piechart/firstFund');
  await expect(page.getByTestId('first-fund')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-range-quick').selectOption('90');
  const chart = page.getByTestId('first-fund-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  expect(Number(await chart.getAttribute('data-total'))).toBeGreaterThan(0);
  await expect(chart.locator('.recharts-pie-sector').first()).toBeVisible();
  await saveScreen(page, testInfo, 'report-first-fund');

  const updated = page.getByTestId('first-fund-updated');
  const before = await updated.innerText();
  await page.clock.fastForward('10:01');
  await expect(updated).not.toHaveText(before);
});
