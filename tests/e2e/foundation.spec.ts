import { baseUrl, expect, test } from './support/fixtures';
import { login, logout, saveScreen } from './support/screens';

test.use({ baseURL: baseUrl() });

test('a wrong password shows "Hatalı Giriş" with the server message', async ({ page }, testInfo) => {
  await login(page, 'sales@demo.crm', 'yanlis-sifre');
  await expect(page.getByText('Hatalı Giriş').first()).toBeVisible();
  await expect(page.getByText('E-posta veya şifre hatalı').first()).toBeVisible();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await saveScreen(page, testInfo, 'login-error');
});

test('a sales agent logs in, works the leads list and logs out', async ({ page }, testInfo) => {
  await page.goto('/');
  // every route but /login needs a session
  await expect(page.getByTestId('login-submit')).toHaveText('Giriş yap');
  await saveScreen(page, testInfo, 'login');
  await login(page, 'sales@demo.crm');

  // the Turkish menu from GET /permissions
  await expect(page.getByText('Menü', { exact: true })).toBeVisible();
  await expect(page.getByTestId('menu-leads')).toBeVisible();
  await saveScreen(page, testInfo, 'dashboard');

  await page.getByTestId('menu-leads').click();
  const table = page.getByTestId('list-table');
  await expect(table).toBeVisible();
  const total = page.getByTestId('list-total');
  await expect(total).toContainText('Toplam Kayıt:');
  // the sales group sees only its own team's leads: fewer than the 5,000 demo leads
  const count = Number((await total.innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(5000);
  // default columns of docs/requirements.md#constants-and-limits, id first
  for (const header of [
    'sort-id',
    'sort-name',
    'sort-status_id',
    'sort-agent_id',
    'sort-utm_source',
    'sort-team_id',
  ]) {
    await expect(page.getByTestId(header)).toBeVisible();
  }
  await saveScreen(page, testInfo, 'leads-list');

  // default sort is id desc; one click on id sorts ascending
  const idCells = page.locator('[data-testid="list-table"] .list-cell-id');
  const firstId = async (): Promise<number> => Number(await idCells.first().innerText());
  const idDesc = await firstId();
  await page.getByTestId('sort-id').click();
  await expect.poll(firstId).toBeLessThan(idDesc);

  // page size 25 shows 25 rows
  await page.getByTestId('page-size').selectOption('25');
  await expect(idCells).toHaveCount(25);
  await expect(page.getByTestId('list-pages')).toContainText(`/ ${Math.ceil(count / 25)}`);

  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('list-pages')).toContainText('Sayfa 2');

  await logout(page);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // the session is gone: the list needs a new login
  await page.goto('/#/list/leads');
  await expect(page.getByTestId('login-submit')).toBeVisible();
});
