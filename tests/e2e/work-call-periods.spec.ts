import { baseUrl, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('a sales manager bulk-reassigns two overdue call-period leads', async ({ page }, testInfo) => {
  await login(page, 'sales_manager@demo.crm');
  // The menu's entry opens the call-period list (see docs/requirements.md#lead-workspace-and-work-screens).
  await page.getByTestId('menu-call_periods').click();
  await expect(page).toHaveURL(/#\/call-periods$/);
  const table = page.getByTestId('call-periods-table');
  await expect(table).toBeVisible({ timeout: 30_000 });

  // Most overdue first: the days column never grows down the list.
  const days = await table.locator('tbody tr td:last-child').allInnerTexts();
  const numbers = days.slice(0, 20).map((text) => (/\d+/.exec(text) ? Number(/\d+/.exec(text)?.[0]) : 0));
  expect(numbers.length).toBeGreaterThan(2);
  for (let i = 1; i < numbers.length; i += 1) expect(numbers[i]).toBeLessThanOrEqual(numbers[i - 1] ?? 0);

  // Two rows whose agent is not the one they get (each bridge picks its own agent and rows).
  const target = testInfo.project.name === 'desktop' ? 'Derya Aydın' : 'Emre Şahin';
  const rows = table.locator('tbody tr');
  const ids: number[] = [];
  const count = await rows.count();
  for (let i = 0; i < count && ids.length < 2; i += 1) {
    const row = rows.nth(i);
    const id = Number((await row.getAttribute('data-testid'))?.replace('call-period-', ''));
    const agent = (await page.getByTestId(`call-period-agent-${id}`).innerText()).trim();
    if (agent !== target) ids.push(id);
  }
  expect(ids).toHaveLength(2);
  for (const id of ids) await page.getByTestId(`call-period-check-${id}`).check();
  await expect(page.getByTestId('call-periods-bulk')).toContainText('2 kayıt seçildi');
  await page.getByTestId('call-periods-new-agent').selectOption({ label: target });
  await saveScreen(page, testInfo, 'work-call-periods');
  await page.getByTestId('call-periods-apply').click();

  await expect(page.getByText('2 kayıt güncellendi').first()).toBeVisible();
  for (const id of ids) await expect(page.getByTestId(`call-period-agent-${id}`)).toHaveText(target);
  await expect(page.getByTestId('call-periods-bulk')).toContainText('0 kayıt seçildi');

  // The journal of a reassigned lead names the change.
  await page.goto(`/#/leadDetail/${ids[0]}#gecmis`);
  await expect(page.getByTestId('journal-entry').first()).toContainText(target);
});
