import { encodeForm } from '../../../src/shared/contract';
import { baseUrl, expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, login, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

/** The demo seed gives a sales team's second customer the REAL account 7000003 (transaction-data.ts). */
const CUSTOMER_LOGIN = '7000003';
const TRY = '6';

async function api<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  return (await response.json()) as T;
}

async function tokenOf(email: string): Promise<string> {
  return (await api<{ token: string }>('/auth/login', { email, password: DEMO_PASSWORD })).token;
}

/**
 * A customer with everything a deposit needs, made the retention agent's as a manager would hand it
 * over: the retention agent works their own customers only.
 */
async function retentionCustomer(): Promise<{ id: number; name: string }> {
  const admin = await tokenOf('admin@demo.crm');
  const { results } = await api<{ results: { customer_id: number; customer_name?: string }[] }>(
    '/searchTrx',
    { keyword: CUSTOMER_LOGIN },
    admin,
  );
  const id = results[0]?.customer_id;
  if (id === undefined) throw new Error('demo customer with login 7000003 not found');
  const retention = await tokenOf('retention@demo.crm');
  const me = await fetch(`${baseUrl()}/api/auth/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${retention}` },
  }).then((r) => r.json() as Promise<{ data: { userId: number } }>);
  await api('/detail/save/', { table: 'leads', id, inputs: { retention_id: me.data.userId } }, admin);
  const row = await api<{ results: { name: string } }>(`/row/leads/${id}`, {}, admin);
  return { id, name: row.results.name };
}

/**
 * A retention agent's day (docs/user-guide.md#kayitlari-acmak): from Müşteriler to the customer's
 * workspace by one click on the name, and a deposit typed the Turkish way, 1.500, read as 1.500,00.
 */
test('retention: one click on a customer name opens the workspace; a deposit typed 1.500 reads 1.500,00', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await retentionCustomer();
  await login(page, 'retention@demo.crm');
  await page.getByTestId('menu-customers').click();
  await expect(page.getByTestId('list-total')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/#/list/customers?id=${customer.id}`);
  const name = page.getByTestId(`open-lead-${customer.id}`);
  await expect(name).toHaveText(customer.name, { timeout: 30_000 });
  await saveScreen(page, testInfo, 'days-retention-customers');
  await name.click();
  await expect(page).toHaveURL(new RegExp(`leadDetail/${customer.id}(#|$)`));
  await expect(page.getByTestId('lead-header')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('tab-para-islemleri').click();
  await expect(page.getByTestId('trx-create-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('trx-form-type').selectOption('YATIRIM');
  await page.getByTestId('trx-form-gateway').selectOption('1');
  await page.getByTestId('trx-form-currency').selectOption(TRY);
  await page.getByTestId('trx-form-amount').fill('1.500');
  await expect(page.getByTestId('trx-form-amount-preview')).toHaveText('= 1.500,00 TRY');
  await page.getByTestId('trx-form-submit').click();
  await expect(page.getByTestId('trx-form-error')).toHaveCount(0);
  const row = page.getByTestId('trx-table').locator('tbody tr[data-testid^="trx-row-"]').first();
  await expect(row).toContainText('1.500,00 TRY', { timeout: 20_000 });
  // Its date reads the Turkish way, never ISO.
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await saveScreen(page, testInfo, 'days-retention-deposit');

  // The deposit is in the customer's timeline too.
  await page.getByTestId('tab-zaman-akisi').click();
  await expect(
    page
      .locator('[data-testid="timeline-entry"][data-kind="transaction"]')
      .filter({ hasText: '1.500,00' })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
});
