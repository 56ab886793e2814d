import { baseUrl, expect, test } from './support/fixtures';
import { login, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('an admin adds an assignment rule and a lead inserted from the list is assigned by it', async ({
  page,
}, testInfo) => {
  const source = `e2e-kural-${testInfo.project.name}`;
  const agent = testInfo.project.name === 'desktop' ? 'Derya Aydın' : 'Emre Şahin';
  await login(page, 'admin@demo.crm');
  // Admin sidebar: Satış süreci özelleştirme → Atama Kuralları.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-admin').click();
  await page.getByTestId('admin-link-hooks').click();
  await expect(page).toHaveURL(/#\/hooks$/);
  await expect(page.getByTestId('hooks-page')).toBeVisible();

  // utm_source = source → agent_id = agent
  await page.getByTestId('hook-if-new').selectOption('utm_source');
  await page.getByTestId('hook-if-value-new').fill(source);
  await page.getByTestId('hook-then-new').selectOption('agent_id');
  await page.getByTestId('hook-then-value-new').selectOption({ label: agent });
  await page.getByTestId('hook-save-new').click();
  await expect(page.getByText('Atama kuralı kaydedildi').first()).toBeVisible();
  const saved = page
    .locator('[data-testid^="hook-"]')
    .filter({ has: page.locator(`input[value="${source}"]`) });
  await expect(saved).toHaveCount(1);

  // A round-robin rule offers the teams' turns in the same list.
  await page.getByTestId('hook-then-new').selectOption('agent_id');
  await expect(page.getByTestId('hook-then-value-new').locator('optgroup').first()).toHaveAttribute(
    'label',
    'Takımda sırayla (round robin)',
  );
  await saveScreen(page, testInfo, 'work-hooks');

  // The list's insert form: the lead is assigned inside the insert.
  await page.getByTestId('menu-leads').click();
  await page.getByTestId('insert-open').click();
  const name = `Kural Deneme ${testInfo.project.name === 'desktop' ? 'Masaüstü' : 'Web'}`;
  await page.getByTestId('insert-field-name').fill(name);
  await page.getByTestId('insert-field-utm_source').fill(source);
  await page.getByTestId('insert-submit').click();
  await expect(page.getByText('İşlem başarıyla kaydedildi').first()).toBeVisible();

  await page.goto(`/#/list/leads?utm_source=${source}`);
  // Filtered on this bridge's source, the list holds only the new lead: its agent is the rule's.
  const list = page.getByTestId('list-table');
  await expect(list.locator('.list-cell-name', { hasText: name })).toBeVisible({ timeout: 20_000 });
  await expect(list).toContainText(agent);
  await saveScreen(page, testInfo, 'work-hooks-assigned');
});
