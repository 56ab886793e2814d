import { encodeForm } from '../../../src/shared/contract';
import { baseUrl, expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, login, logout, saveScreen } from '../support/screens';

test.use({ baseURL: baseUrl() });

/** The demo seed gives sales@demo.crm's second customer the REAL account 7000003 (transaction-data.ts). */
const ACCOUNT_LOGIN = '7000003';

async function api<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: encodeForm(body),
  });
  const answer = (await response.json()) as T;
  expect(response.ok, JSON.stringify(answer)).toBe(true);
  return answer;
}

/**
 * Finance and risk's day (docs/money.md): an agent's deposit waits in finance's Bekleyenler queue;
 * finance approves it with the bank amount, it moves to risk's queue; risk approves with the platform
 * amount and funds the account in one step; the journal shows each step with who took it.
 */
test('a deposit goes through the finance queue, the risk queue and onto the account', async ({
  page,
}, testInfo) => {
  test.slow();
  const sales = (
    await api<{ token: string }>('/auth/login', { email: 'sales@demo.crm', password: DEMO_PASSWORD })
  ).token;
  const { results } = await api<{ results: { customer_id: number }[] }>(
    '/searchTrx',
    { keyword: ACCOUNT_LOGIN },
    sales,
  );
  const customerId = results[0]?.customer_id;
  if (customerId === undefined) throw new Error('demo customer with login 7000003 not found');
  const { id } = await api<{ id: number }>(
    '/inline/save/',
    {
      table: 'transactions',
      type: 'insert',
      inputs: {
        customer_id: customerId,
        type: 'YATIRIM',
        gateway_id: 1,
        amount: '15000',
        login: ACCOUNT_LOGIN,
      },
    },
    sales,
  );

  // Finance: the queue is the default tab; the deposit waits there.
  await login(page, 'finance@demo.crm');
  await page.goto('/#/transactions');
  await expect(page.getByTestId('trx-pending-count')).toContainText(/Bekleyenler \(\d+\)/);
  const row = page.getByTestId(`trx-row-${id}`);
  await expect(row).toBeVisible();
  await saveScreen(page, testInfo, 'days-finance-queue');
  await page.getByTestId(`trx-open-${id}`).click();
  const details = page.getByTestId(`trx-details-${id}`);
  await expect(details.getByTestId('trx-finance-panel')).toBeVisible();
  await details.getByTestId('trx-bank-amount').fill('15000');
  await details.getByTestId('trx-finance-approve').click();
  await expect(row).toHaveCount(0);
  await logout(page);

  // Risk: the deposit is in its queue now; approve with the platform amount, then fund.
  await login(page, 'risk@demo.crm');
  await page.goto('/#/transactions');
  await expect(page.getByTestId(`trx-row-${id}`)).toBeVisible();
  await page.getByTestId(`trx-open-${id}`).click();
  const risk = page.getByTestId(`trx-details-${id}`);
  await expect(risk.getByTestId('trx-risk-panel')).toBeVisible();
  await risk.getByTestId('trx-platform-amount').fill('446.50');
  await risk.getByTestId('trx-risk-approve').click();
  await expect(page.getByTestId(`trx-row-${id}`)).toHaveCount(0);
  await page.getByTestId('trx-tab-all').click();
  await page.getByTestId(`trx-open-${id}`).click();
  const done = page.getByTestId(`trx-details-${id}`);
  await expect(done.getByTestId('trx-funding-state')).toContainText('henüz hesaba aktarılmadı');
  await done.getByTestId(`trx-fund-${id}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('trx-fund-amount')).toHaveText(/^446,50 \S+$/);
  await dialog.getByTestId('trx-fund-confirm').click();
  await expect(dialog).toHaveCount(0);
  const state = done.getByTestId('trx-funding-state');
  await expect(state.locator('[data-state]')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(state).toContainText('Tamamlandı');
  await saveScreen(page, testInfo, 'days-risk-funded');

  // Each step, with its actor, in the journal.
  await page.getByTestId(`trx-journal-${id}`).click();
  const entries = page.getByTestId('trx-journal-entry');
  await expect(entries.filter({ hasText: 'Burcu Tekin' }).first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Tolga Ünal' }).first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Emre Şahin' }).first()).toBeVisible();
});
